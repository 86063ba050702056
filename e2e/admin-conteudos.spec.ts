import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { generate } from 'otplib'
import sharp from 'sharp'
import type { Loja, RestauranteResumo } from '../src/shared/restaurantes.ts'
import { adminNaConsola, apagarPublicado } from './admin-support.ts'
import { api, DESKTOP, expect, expectAccessible, test } from './support.ts'

/**
 * Content with images: a gestor, invited by an admin from 'Utilizadores' (the invitation read from the
 * e-mail outbox), publishes a news item with an image uploaded through the form, which the customer's /novidades shows
 * with its image; a campaign and a store edited from the back-office reach the customer's reads.
 */

/** An admin invites a gestor from the UI and signs out; the gestor sets a password, signs in and enrols TOTP. */
async function gestorConvidado(page: Page, request: APIRequestContext): Promise<string> {
  await adminNaConsola(page, 'convida-gestor')
  const email = `gestor-${randomUUID().slice(0, 8)}@exemplo.pt`
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Utilizadores' }).click()
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('combobox', { name: 'Papel' }).selectOption('gestor')
  // Their reach: one restaurant, chosen in the invitation.
  await page
    .getByRole('group', { name: 'Restaurantes que gere' })
    .getByRole('checkbox', { name: 'Horta do Largo' })
    .check()
  await page.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible()
  let link = ''
  await expect
    .poll(
      async () => {
        const emails = await api<{ para: string; texto: string }[]>(request, '/api/dev/email')
        link =
          /\/admin\/convite\/[A-Za-z0-9_-]+/.exec(emails.find((e) => e.para.includes(email))?.texto ?? '')?.[0] ?? ''
        return link
      },
      { timeout: 15_000 },
    )
    .not.toBe('')
  await page.getByRole('button', { name: 'Terminar sessão' }).click()
  await expect(page).toHaveURL(/\/admin\/entrar/)

  const password = `palavra-gestor-${randomUUID().slice(0, 8)}`
  await page.goto(link)
  await page.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill(password)
  await page.getByRole('textbox', { name: 'Confirmar nova palavra-passe', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await page.getByRole('link', { name: 'Entrar' }).click()
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Palavra-passe', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  const segredo = (await page.getByTestId('segredo-totp').textContent())?.trim() ?? ''
  await page
    .getByRole('textbox', { name: 'Código de 6 dígitos', exact: true })
    .fill(await generate({ secret: segredo }))
  await page.getByRole('button', { name: 'Confirmar' }).click()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByText('Gestor', { exact: true })).toBeVisible()
  // The stores they see are their restaurant's only.
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Lojas', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Lojas', level: 1 })).toBeVisible()
  const linhas = page.getByRole('row').filter({ hasText: 'Horta do Largo' })
  await expect(linhas).toHaveCount(2)
  await expect(page.getByRole('row').filter({ hasText: 'Nata & Grão' })).toHaveCount(0)
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Início' }).click()
  return email
}

test.use({ ...DESKTOP })

test('a gestor invited from the back-office publishes a news item with an uploaded image; /novidades shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await gestorConvidado(page, request)
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Novidades' }).click()
  await expect(page.getByRole('heading', { name: 'Novidades', level: 1 })).toBeVisible()

  const sufixo = randomUUID().slice(0, 8)
  const titulo = `Esplanada aberta ${sufixo}`
  const form = page.locator('#novidade-form')
  await form.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo)
  await form.getByRole('textbox', { name: 'Subtítulo' }).fill('Com sol e gelados')
  await form.getByRole('textbox', { name: 'Texto', exact: true }).fill('A esplanada <strong>abriu</strong>.')
  await form.getByRole('textbox', { name: 'Identificador (URL)' }).fill(`esplanada-${sufixo}`)
  const png = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2f7d4f' } })
    .png()
    .toBuffer()
  await form
    .getByLabel('Imagem', { exact: true })
    .setInputFiles({ name: 'esplanada.png', mimeType: 'image/png', buffer: png })
  await expect(form.getByRole('img', { name: 'Imagem: pré-visualização' })).toBeVisible()
  await form.getByRole('button', { name: 'Pré-visualizar' }).click()
  const cartao = page.getByRole('article', { name: 'Como o cliente vê' })
  await expect(cartao.getByRole('heading', { name: titulo })).toBeVisible()
  await expect(cartao.locator('strong')).toHaveText('abriu')
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/admin-conteudos-novidade.png', fullPage: true })

  await form.getByRole('button', { name: 'Criar rascunho' }).click()
  await expect(page.getByRole('status').filter({ hasText: `«${titulo}» foi criada como rascunho.` })).toBeVisible()
  await page.getByRole('button', { name: `Publicar «${titulo}»` }).click()
  await expect(page.getByRole('row').filter({ hasText: titulo })).toContainText('Publicada')

  await page.goto('/novidades')
  const card = page.getByRole('link').filter({ hasText: titulo })
  await expect(card).toBeVisible()
  const imagem = card.locator('img')
  await expect(imagem).toHaveAttribute('src', /\/imagens\/carregada\.1200x675\.[0-9a-f]{10}\./)
  await expect.poll(() => imagem.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await apagarPublicado(page, 'novidades', titulo)
})

test("a campaign with an image and a store edited from the back-office show on the customer's next reads", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await adminNaConsola(page, 'campanhas')
  const seccoes = page.getByRole('navigation', { name: 'Secções' })
  await seccoes.getByRole('link', { name: 'Campanhas', exact: true }).click()
  const sufixo = randomUUID().slice(0, 8)
  const titulo = `Semana do bacalhau ${sufixo}`
  const form = page.locator('#campanha-form')
  await form.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo)
  await form.getByRole('textbox', { name: 'Texto', exact: true }).fill('Bacalhau à Brás a preço especial.')
  await form.getByRole('textbox', { name: 'Identificador (URL)' }).fill(`bacalhau-${sufixo}`)
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#1d4e89' } })
    .png()
    .toBuffer()
  await form.getByLabel('Imagem', { exact: true }).setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png })
  await expect(form.getByRole('img', { name: 'Imagem: pré-visualização' })).toBeVisible()
  await form.getByRole('button', { name: 'Criar rascunho' }).click()
  await page.getByRole('button', { name: `Publicar «${titulo}»` }).click()
  await expect(page.getByRole('row').filter({ hasText: titulo })).toContainText('Publicada')
  const campanhas = await api<{ tag: string; image: { list: string } }[]>(request, '/api/campanhas')
  expect(campanhas.find((c) => c.tag === `bacalhau-${sufixo}`)?.image.list).toMatch(/\/imagens\/carregada\.800x450\./)
  await apagarPublicado(page, 'campanhas', titulo)

  // A store of the last restaurant (no other journey reads it): its phone changed, the customer's page says so.
  const restaurante = (await api<RestauranteResumo[]>(request, '/api/restaurantes')).at(-1)
  const loja = restaurante?.lojas.at(-1)
  await seccoes.getByRole('link', { name: 'Restaurantes e lojas', exact: true }).click()
  await page.getByRole('button', { name: `Editar a loja ${loja?.name}` }).click()
  const telefone = `+351 210 ${sufixo.replace(/\D/g, '').padEnd(6, '0').slice(0, 6)}`
  await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill(telefone)
  await page.getByRole('button', { name: 'Guardar loja' }).click()
  await expect(page.getByRole('status').filter({ hasText: `«${loja?.name}» foi guardado.` })).toBeVisible()
  const vista = await api<Loja>(request, `/api/restaurantes/${restaurante?.tag}/lojas/${loja?.tag}`)
  expect(vista.address.phone).toBe(telefone)
})

for (const [nome, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['800×1280', { width: 800, height: 1280 }],
] as const) {
  test(`the content screens are accessible at ${nome}`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize(viewport)
    await adminNaConsola(page, 'conteudos-a11y')
    const seccoes = page.getByRole('navigation', { name: 'Secções' })
    for (const titulo of ['Novidades', 'Campanhas', 'Restaurantes e lojas']) {
      await seccoes.getByRole('link', { name: titulo, exact: true }).click()
      await expect(page.getByRole('heading', { name: titulo, level: 1 })).toBeVisible()
      await expectAccessible(page)
      await page.screenshot({ path: `test-results/admin-conteudos-${titulo}-${viewport.width}.png`, fullPage: true })
    }
    // A store's form open, with its hours of ordering per weekday.
    await page
      .getByRole('button', { name: /^Editar a loja / })
      .first()
      .click()
    await expect(page.getByRole('heading', { name: /^Editar a loja / })).toBeVisible()
    await expectAccessible(page)
    await page.screenshot({ path: `test-results/admin-conteudos-loja-${viewport.width}.png`, fullPage: true })
  })
}
