import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { type InformacaoConsumidor, LIVRO_RECLAMACOES } from '../src/shared/informacao-consumidor.ts'
import type { Loja, Restaurante, RestauranteResumo } from '../src/shared/restaurantes.ts'
import { api, createAccount, DESKTOP, expect, main, PHONE, test } from './support.ts'

/**
 * Where the customer looks (decision 0039): the complaints book's platform in the computer's footer, the account's hub
 * and the legal information; the arbitration entity the group adheres to in the legal information; the call-cost note
 * beside a store's phone; the accessibility statement, reached from the footer and the hub, offline too. Each of these
 * screens has no WCAG 2.1 A/AA violation axe can find, at phone and computer sizes.
 */

/** Every violation of the WCAG 2.1 A and AA rules, whatever its impact. */
async function expectWcag21AA(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'axe WCAG 2.1 AA violations',
  ).toEqual([])
}

/** The complaints book's link: its platform's address, opened outside the app with no way back to it. */
async function expectLivroReclamacoes(where: Locator): Promise<void> {
  const link = where.getByRole('link', { name: LIVRO_RECLAMACOES.nome })
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', LIVRO_RECLAMACOES.url)
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
  await expect(link).toHaveAccessibleName(`${LIVRO_RECLAMACOES.nome} (abre noutra janela)`)
}

/** A demo store with a phone, and the restaurant it belongs to. */
async function lojaComTelefone(page: Page): Promise<{ restaurante: string; loja: Loja }> {
  for (const r of await api<RestauranteResumo[]>(page.request, '/api/restaurantes')) {
    const restaurante = await api<Restaurante>(page.request, `/api/restaurantes/${r.tag}`)
    for (const l of restaurante.lojas) {
      const loja = await api<Loja>(page.request, `/api/restaurantes/${r.tag}/lojas/${l.tag}`)
      if (loja.address.phone) return { restaurante: r.tag, loja }
    }
  }
  throw new Error('the demo content needs a store with a phone')
}

test.describe('on a computer', () => {
  test.use(DESKTOP)

  test('the computer’s footer: the complaints book, and the accessibility statement it leads to', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toBeVisible()
    await expectLivroReclamacoes(footer)
    await footer.getByRole('link', { name: 'Acessibilidade', exact: true }).click()
    await expect(page).toHaveURL('/acessibilidade')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaração de acessibilidade')
    await expectLivroReclamacoes(page.getByRole('contentinfo'))
    await expectWcag21AA(page)
  })
})

for (const [screen, options] of [
  ['phone', PHONE],
  ['computer', DESKTOP],
] as const) {
  test.describe(`on a ${screen}`, () => {
    test.use(options)

    test('the account’s hub, signed out and in: the complaints book and the accessibility statement', async ({
      page,
    }) => {
      await page.goto('/perfil')
      await expect(main(page).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
      await expectLivroReclamacoes(main(page))
      await expectWcag21AA(page)

      await createAccount(page)
      await page.goto('/perfil')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Rita Fonseca')
      await expectLivroReclamacoes(main(page))
      await expectWcag21AA(page)
      await main(page).getByRole('link', { name: 'Acessibilidade', exact: true }).click()
      await expect(page).toHaveURL('/acessibilidade')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaração de acessibilidade')
    })

    test('the legal information: the complaints book, the arbitration entity with its website, the statement', async ({
      page,
    }) => {
      const { ral } = await api<InformacaoConsumidor>(page.request, '/api/informacao-consumidor')
      await page.goto('/informacao-legal')
      const secao = main(page).getByRole('region', { name: 'Reclamações e resolução de litígios' })
      await expectLivroReclamacoes(secao)
      const entidade = secao.getByRole('link', { name: ral.nome })
      await expect(entidade).toHaveAttribute('href', ral.sitio)
      await expect(entidade).toHaveAttribute('rel', /\bnoopener\b/)
      await expect(secao).toContainText('resolução alternativa de litígios de consumo')
      await expect(secao).toContainText('Lei n.º 144/2015')
      await expect(secao.getByRole('link', { name: 'Portal do Consumidor' })).toHaveAttribute(
        'href',
        'https://www.consumidor.gov.pt/',
      )
      // The platform that closed in July 2025 is not named.
      await expect(main(page)).not.toContainText(/\bODR\b|resolução de litígios em linha/i)
      await expectWcag21AA(page)
      await main(page).getByRole('link', { name: 'declaração de acessibilidade' }).click()
      await expect(page).toHaveURL('/acessibilidade')
    })

    test('a store’s phone carries its call-cost note right beside it, said with the number', async ({ page }) => {
      const { restaurante, loja } = await lojaComTelefone(page)
      const phone = loja.address.phone ?? ''
      expect(loja.address.custoChamada).toBe('Chamada para a rede fixa nacional')
      await page.goto(`/restaurantes/${restaurante}/${loja.tag}`)
      const contacto = main(page).getByRole('region', { name: 'Contacto' })
      const numero = contacto.getByRole('link', { name: phone })
      await expect(numero).toHaveAttribute('href', `tel:${phone.replace(/\s+/g, '')}`)
      await expect(numero).toHaveAccessibleDescription('(Chamada para a rede fixa nacional)')
      const nota = contacto.getByText('(Chamada para a rede fixa nacional)')
      await expect(nota).toBeVisible()
      // Right beside it, on its line (or the next, on a narrow screen), in smaller text.
      const [a, n] = [await numero.boundingBox(), await nota.boundingBox()]
      if (!a || !n) throw new Error('no boxes')
      expect(n.y).toBeLessThan(a.y + a.height + 24)
      const px = async (l: Locator) => Number.parseFloat(await l.evaluate((el) => getComputedStyle(el).fontSize))
      expect(await px(nota)).toBeLessThan(await px(numero))
      await expectWcag21AA(page)
    })

    test('the accessibility statement: standard, status, known gaps, date, contact and enforcement body', async ({
      page,
    }) => {
      const { acessibilidade } = await api<InformacaoConsumidor>(page.request, '/api/informacao-consumidor')
      await page.goto('/acessibilidade')
      const texto = main(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaração de acessibilidade')
      for (const titulo of [
        'Norma seguida',
        'Estado de conformidade',
        'O que ainda não cumpre, e a alternativa',
        'Como funciona com tecnologias de apoio',
        'Como avaliámos',
        'Contacto',
        'Fiscalização e queixas',
      ]) {
        await expect(texto.getByRole('heading', { level: 2, name: titulo })).toBeVisible()
      }
      await expect(texto).toContainText('WCAG) 2.1, nível AA')
      await expect(texto).toContainText('EN 301 549')
      await expect(texto).toContainText('Parcialmente conforme')
      await expect(texto).toContainText('OpenStreetMap')
      await expect(texto).toContainText('Decreto-Lei n.º 82/2022')
      await expect(texto.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
      await expect(texto.getByRole('link', { name: acessibilidade.email })).toHaveAttribute(
        'href',
        `mailto:${acessibilidade.email}`,
      )
      await expect(texto.getByRole('link', { name: /ANACOM/ })).toHaveAttribute('href', 'https://www.anacom.pt/')
      await expectLivroReclamacoes(texto)
      await expectWcag21AA(page)
    })
  })
}

test('the accessibility statement opens offline once read, as the other public pages', async ({ page, context }) => {
  const { acessibilidade } = await api<InformacaoConsumidor>(page.request, '/api/informacao-consumidor')
  await page.goto('/acessibilidade')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  // Read once with the worker in control: the statement's contact is kept with the public content.
  await expect(main(page).getByRole('link', { name: acessibilidade.email })).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaração de acessibilidade')
  await expect(main(page).getByRole('link', { name: acessibilidade.email })).toBeVisible()
  await context.setOffline(false)
})
