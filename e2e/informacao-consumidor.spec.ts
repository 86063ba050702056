import type { Locator, Page } from '@playwright/test'
import { ENTIDADES_RAL, type InformacaoConsumidor, LIVRO_RECLAMACOES } from '../src/shared/informacao-consumidor.ts'
import type { Loja, Restaurante, RestauranteResumo } from '../src/shared/restaurantes.ts'
import { api, createAccount, DESKTOP, expect, expectWcag21AA, main, PHONE, test } from './support.ts'

/**
 * Where the customer looks (decision 0039): the complaints book's platform in the computer's footer, the account's hub
 * and the legal information; the consumer-arbitration entities in the legal information; the call-cost note beside a
 * store's phone; the accessibility statement, reached from the footer and the hub, offline too. Each of these screens
 * has no WCAG 2.1 A/AA violation axe can find, at phone and computer sizes.
 */

/** The computer's footer, a chunk of its own (app/Footer.tsx). */
const FOOTER_CHUNK = /\/assets\/Footer-[\w-]+\.js$/

/** The complaints book's link: its platform's address, opened outside the app with no way back to it. */
async function expectLivroReclamacoes(where: Locator): Promise<void> {
  const link = where.getByRole('link', { name: LIVRO_RECLAMACOES.nome })
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', LIVRO_RECLAMACOES.url)
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
  await expect(link).toHaveAccessibleName(`${LIVRO_RECLAMACOES.nome} (abre noutra janela)`)
}

/**
 * Visible and prominent in the hub (DL 156/2005, art. 5.º-B), on a phone too: the first row under the help heading,
 * in bold where the other rows are not.
 */
async function expectDestacado(hub: Locator, titulo: string): Promise<void> {
  const lista = hub
    .getByRole('heading', { level: 2, name: titulo, exact: true })
    .locator('xpath=following-sibling::ul[1]')
  const primeira = lista.getByRole('listitem').first().getByRole('link')
  await expect(primeira).toHaveAccessibleName(`${LIVRO_RECLAMACOES.nome} (abre noutra janela)`)
  const peso = (l: Locator) => l.evaluate((el) => Number(getComputedStyle(el).fontWeight))
  expect(await peso(primeira)).toBeGreaterThanOrEqual(700)
  expect(await peso(lista.getByRole('link', { name: 'Perguntas frequentes' }))).toBeLessThan(700)
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

  test('a footer whose code does not come leaves the page as it is, with no error screen', async ({ page }) => {
    await page.route(FOOTER_CHUNK, (route) => route.abort())
    await page.goto('/perfil')
    await expect(main(page).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
    await expectLivroReclamacoes(main(page))
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Erro' })).toHaveCount(0)
  })
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test('the footer’s code is not downloaded, until the window widens to a computer’s', async ({ page }) => {
    const pedidos: string[] = []
    page.on('request', (r) => {
      if (FOOTER_CHUNK.test(new URL(r.url()).pathname)) pedidos.push(r.url())
    })
    await page.goto('/perfil')
    await expect(main(page).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(pedidos).toEqual([])
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await page.setViewportSize(DESKTOP.viewport)
    await expectLivroReclamacoes(page.getByRole('contentinfo'))
    expect(pedidos).toHaveLength(1)
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
      await expectDestacado(main(page), 'Ajuda')
      await expectWcag21AA(page)

      await createAccount(page)
      await page.goto('/perfil')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Rita Fonseca')
      await expectLivroReclamacoes(main(page))
      await expectDestacado(main(page), 'Ajuda e privacidade')
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
      if (ral.aderiu) {
        // Only while admin-consumidor.spec.ts has said the group adheres (it puts the demo's back).
        await expect(secao).toContainText(`A empresa aderiu a: ${ral.nome}`)
      } else {
        // The demo's: the group has not said it adheres to any, so no adhesion is claimed; the entities are named.
        await expect(secao).toContainText('Em caso de litígio, o consumidor pode recorrer a:')
        await expect(secao).not.toContainText(/aderiu|aderimos/i)
      }
      const entidade = secao.getByRole('link', { name: ral.nome })
      await expect(entidade).toHaveAttribute('href', ral.sitio)
      await expect(entidade).toHaveAttribute('rel', /\bnoopener\b/)
      for (const outra of ENTIDADES_RAL.filter((e) => e.sitio !== ral.sitio)) {
        await expect(secao.getByRole('link', { name: outra.nome })).toHaveAttribute('href', outra.sitio)
      }
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

    test('the legal information without the arbitration read: the rest shows, and that paragraph tries again', async ({
      page,
    }) => {
      let falhar = true
      await page.route('**/api/informacao-consumidor', (route) =>
        falhar ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
      )
      // Reached in the app, from the account's hub: opened by its address, the server puts the read in the page.
      await page.goto('/perfil')
      await main(page).getByRole('link', { name: 'Informação legal' }).click()
      await expect(page).toHaveURL('/informacao-legal')
      await expect(main(page).locator('.link-list li').first()).toBeVisible()
      const secao = main(page).getByRole('region', { name: 'Reclamações e resolução de litígios' })
      await expectLivroReclamacoes(secao)
      await expect(secao.getByRole('alert')).toContainText('Não foi possível obter agora as entidades')
      await expect(main(page).getByRole('link', { name: 'declaração de acessibilidade' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informação legal')
      falhar = false
      await secao.getByRole('button', { name: 'Tentar novamente' }).click()
      await expect(
        secao.getByRole('link', { name: /Centro de Arbitragem de Conflitos de Consumo de Lisboa/ }),
      ).toBeVisible()
      await expect(secao.getByRole('alert')).toHaveCount(0)
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
      // Right beside it, on its line (or the next, on a narrow screen), as clear and visible: not smaller, the same
      // colour (DL 59/2021, art. 3.º).
      const [a, n] = [await numero.boundingBox(), await nota.boundingBox()]
      if (!a || !n) throw new Error('no boxes')
      expect(n.y).toBeLessThan(a.y + a.height + 24)
      const estilo = (l: Locator) =>
        l.evaluate((el) => ({ px: Number.parseFloat(getComputedStyle(el).fontSize), cor: getComputedStyle(el).color }))
      const [e, m] = [await estilo(nota), await estilo(numero)]
      expect(e.px).toBeGreaterThanOrEqual(m.px)
      expect(e.cor).toBe(m.cor)
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
      await expect(texto).toContainText('mostre o código QR do cartão')
      await expect(texto).toContainText('diga também o código de segurança')
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
