import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Locator, Page } from '@playwright/test'
import config from '../playwright.config.ts'
import type { PrivateData } from '../src/shared/conta.ts'
import { emptyVideo, qrVideo, VIDEO_WIDTH, withFakeCamera } from './camera.ts'
import { createStoreKey, pair, pos, revokeStoreKey } from './loja.ts'
import {
  type Account,
  apiPost,
  createAccount,
  expect,
  expectAccessible,
  randomPhone,
  smsCode,
  test,
} from './support.ts'

/**
 * The counter tablet (STORE-API.md "Staff pages"): paired with a store key, it identifies customers (camera QR or
 * phone), registers purchases with the balance to use, and refunds them. The customer lives in another browser context
 * (the staff cookie is the tablet's own), and what the till did is checked in the customer's own data.
 */

const LOJA = 862
/** A 10" tablet, landscape (the till's usual position). */
const TABLET = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 }

/**
 * Chromium's fake camera plays this file (named when the browser starts, one per worker); the camera test writes its
 * customer's QR into it before the camera opens. Permission prompts are answered yes, as staff would.
 */
const CAMERA_VIDEO = join(tmpdir(), `balcao-painel-camera-${process.pid}.y4m`)
test.use({ ...TABLET, launchOptions: withFakeCamera(config.use?.launchOptions ?? {}, CAMERA_VIDEO) })

/** Screenshots for a person to look at, when PAINEL_SHOTS names a folder (e.g. /tmp/shots-painel). */
const SHOTS = process.env.PAINEL_SHOTS

/** This screen at the tablet's two positions, for a person to look at (PAINEL_SHOTS). */
async function shotsTablet(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  const before = page.viewportSize()
  for (const [pos, viewport] of [
    ['paisagem', { width: 1280, height: 800 }],
    ['retrato', { width: 800, height: 1280 }],
  ] as const) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: join(SHOTS, `${name}-${pos}.png`) })
  }
  if (before) await page.setViewportSize(before)
}

/** A signed-up customer in a browser context of their own. */
async function newCustomer(browser: Browser, baseURL: string | undefined, options?: { complete: boolean }) {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const account: Account = await createAccount(page, options)
  const dados = async () =>
    (await apiPost<PrivateData>(page.request, '/api/refresh-private-data', { value: true })).user.data
  return { page, account, dados, close: () => context.close() }
}

async function identifyByPhone(page: Page, telemovel: string, options: { timeout?: number } = {}) {
  await page.getByLabel('Telemóvel ou QR do cliente', { exact: true }).fill(telemovel, options)
  await page.getByRole('button', { name: 'Identificar' }).click(options)
}

/** The value of a `<dt>`/`<dd>` pair inside `scope`. */
const valor = (scope: Locator, termo: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(termo, { exact: true }) })
    .getByRole('definition')

const registada = (page: Page) => page.getByRole('region', { name: 'Compra registada' })

async function registerPurchase(page: Page, total: string, referencia: string, saldo?: string) {
  await page.getByLabel('Total da conta (€)').fill(total)
  if (saldo !== undefined) await page.getByLabel('Saldo a usar (€)').fill(saldo)
  await page.getByLabel('N.º do documento (POS)').fill(referencia)
  await page.getByRole('button', { name: 'Registar' }).click()
}

test('pairs the tablet: a wrong key is refused, the right one opens the till, Sair ends it', async ({ page }) => {
  // Four accessibility checks and the confirmation of 'Sair': past the default on a busy machine.
  test.setTimeout(60_000)
  const key = createStoreKey(LOJA)
  await page.goto('/painel/entrar')
  await expect(page.getByRole('heading', { name: 'Associar este tablet à loja' })).toBeVisible()
  await expectAccessible(page)

  const campo = page.getByLabel('Chave da loja', { exact: true })
  await expect(campo).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByText('Campo de preenchimento obrigatório')).toBeVisible()

  await campo.fill('loja_esta-chave-nao-existe-0000000000000000000000')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByText('Chave da loja desconhecida ou revogada.')).toBeVisible()
  await expect(campo).toBeFocused()
  await expect(page).toHaveURL(/\/painel\/entrar$/)

  // Long keys are pasted; the toggle shows what was pasted.
  await campo.fill(key)
  await page.getByRole('button', { name: 'Mostrar chave' }).click()
  await expect(campo).toHaveAttribute('type', 'text')
  await expect(page.getByRole('button', { name: 'Mostrar chave' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/painel\/caixa$/)

  const loja = (await (await page.request.get('/painel/api/loja')).json()) as { data: { nome: string } }
  await expect(page.getByRole('banner')).toContainText(loja.data.nome)
  await expect(page.getByRole('heading', { name: 'Identificar o cliente' })).toBeVisible()
  await expectAccessible(page)

  // Paired: the sign-in page goes straight to the till.
  await page.goto('/painel/entrar')
  await expect(page).toHaveURL(/\/painel\/caixa$/)

  // Leaving asks first (pairing again needs the key): 'Cancelar', the default, keeps the session.
  await page.getByRole('button', { name: 'Sair' }).click()
  const confirmar = page.getByRole('alertdialog', { name: 'Terminar a sessão deste tablet?' })
  await expect(confirmar).toContainText('é preciso introduzir a chave da loja (48 caracteres)')
  await expect(confirmar.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await expectAccessible(page)
  await shotsTablet(page, 'sair-confirmar')
  await page.keyboard.press('Escape')
  await expect(confirmar).toBeHidden()
  await expect(page.getByRole('button', { name: 'Sair' })).toBeFocused()
  expect((await page.request.get('/painel/api/sessao')).status()).toBe(200)
  await page.getByRole('button', { name: 'Sair' }).click()
  await confirmar.getByRole('button', { name: 'Cancelar' }).click()
  await expect(page).toHaveURL(/\/painel\/caixa$/)
  expect((await page.request.get('/painel/api/sessao')).status()).toBe(200)
  await page.getByRole('button', { name: 'Sair' }).click()
  await confirmar.getByRole('button', { name: 'Terminar sessão' }).click()
  await expect(page.getByRole('heading', { name: 'Sessão terminada' })).toBeVisible()
  await expectAccessible(page)
  expect((await page.request.get('/painel/api/sessao')).status()).toBe(401)
  await page.goto('/painel/caixa')
  await expect(page).toHaveURL(/\/painel\/entrar$/)
  await expect(page.getByLabel('Chave da loja', { exact: true })).toBeVisible()
  await page.goto('/painel/sair')
  await page.getByRole('link', { name: 'Entrar novamente' }).click()
  await expect(page).toHaveURL(/\/painel\/entrar$/)
})

test('identifies by phone, registers purchases (balance used on the second), refunds from the list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const key = createStoreKey(LOJA)
  const cliente = await newCustomer(browser, baseURL)
  await pair(page, key)
  const ref1 = `FT E2E/${randomUUID().slice(0, 8)}`
  const ref2 = `FT E2E/${randomUUID().slice(0, 8)}`

  // Step 1: by phone.
  await identifyByPhone(page, cliente.account.telemovel)
  const resumo = page.getByRole('region', { name: /Rita Fonseca/ })
  await expect(resumo.getByRole('heading', { name: /Rita Fonseca/ })).toBeVisible()
  await expect(valor(resumo, 'Saldo')).toHaveText('0,00 €')
  await expect(valor(resumo, 'Pontos')).toHaveText('0 / 100')
  await expect(page.getByRole('button', { name: 'Usar todo o saldo' })).toBeDisabled()
  await expectAccessible(page)

  // Step 2: the form says what is missing, then registers; 5 % credit and a point per euro paid.
  await page.getByRole('button', { name: 'Registar' }).click()
  await expect(page.getByLabel('Total da conta (€)')).toBeFocused()
  await expect(page.getByText('Campo de preenchimento obrigatório')).toHaveCount(2)
  await registerPurchase(page, '20,00', ref1)
  await expect(registada(page)).toBeVisible()
  await expect(valor(registada(page), 'Crédito ganho')).toHaveText('1,00 €')
  await expect(valor(registada(page), 'Pontos ganhos')).toHaveText('20 pontos')
  await expect(valor(registada(page), 'Novo saldo')).toHaveText('1,00 €')
  await expect(valor(registada(page), 'Valor pago')).toHaveText('20,00 €')
  await expectAccessible(page)
  expect(await cliente.dados()).toMatchObject({ saldo: 100, pontos: 20 })

  // Step 3, then a second purchase using part of the balance.
  // The next customer starts in the field a handheld QR reader types into.
  await page.getByRole('button', { name: 'Nova compra' }).click()
  await expect(page.getByLabel('Telemóvel ou QR do cliente', { exact: true })).toBeFocused()
  await identifyByPhone(page, cliente.account.telemovel)
  await expect(valor(page.getByRole('region', { name: /Rita Fonseca/ }), 'Saldo')).toHaveText('1,00 €')
  await page.getByRole('button', { name: 'Usar todo o saldo' }).click()
  await expect(page.getByText('Indique primeiro o total da conta.')).toBeVisible()
  await page.getByLabel('Total da conta (€)').fill('10')
  await page.getByRole('button', { name: 'Usar todo o saldo' }).click()
  await expect(page.getByLabel('Saldo a usar (€)')).toHaveValue('1,00')
  await expect(page.getByText('A pagar: 9,00 €')).toBeVisible()
  await registerPurchase(page, '10,00', ref2, '0,50')
  // Paid 9,50 €: 5 % is 0,475 €, rounded half up to 0,48 €; 9 points.
  await expect(valor(registada(page), 'Saldo usado')).toHaveText('0,50 €')
  await expect(valor(registada(page), 'Valor pago')).toHaveText('9,50 €')
  await expect(valor(registada(page), 'Crédito ganho')).toHaveText('0,48 €')
  await expect(valor(registada(page), 'Pontos ganhos')).toHaveText('9 pontos')
  await expect(valor(registada(page), 'Novo saldo')).toHaveText('0,98 €')
  expect(await cliente.dados()).toMatchObject({ saldo: 98, pontos: 29 })

  // The last purchases, newest first; a partial refund of the first one.
  const ultimas = page.getByRole('region', { name: 'Últimas compras' })
  const compra1 = ultimas.getByRole('listitem').filter({ hasText: ref1 })
  await expect(compra1).toContainText('20,00 €')
  await expect(ultimas.getByRole('listitem').filter({ hasText: ref2 })).toContainText('Saldo usado 0,50 €')
  await compra1.getByRole('button', { name: 'Devolver' }).click()
  const dialogo = page.getByRole('dialog', { name: 'Devolver compra' })
  await expect(dialogo.getByLabel('Valor a devolver (€)')).toHaveValue('20,00')
  await expect(dialogo.getByLabel('Valor a devolver (€)')).toBeFocused()
  await expectAccessible(page)
  await dialogo.getByLabel('Valor a devolver (€)').fill('25,00')
  await dialogo.getByRole('button', { name: 'Devolver' }).click()
  await expect(dialogo.getByText('O valor excede o que falta devolver desta compra (20,00 €).')).toBeVisible()
  await dialogo.getByLabel('Valor a devolver (€)').fill('10,00')
  await dialogo.getByRole('button', { name: 'Devolver' }).click()
  const feita = page.getByRole('dialog', { name: 'Devolução registada' })
  await expect(valor(feita, 'Valor devolvido')).toHaveText('10,00 €')
  await expect(valor(feita, 'Crédito retirado')).toHaveText('0,50 €')
  await expect(valor(feita, 'Pontos retirados')).toHaveText('10 pontos')
  await expect(valor(feita, 'Saldo do cliente agora')).toHaveText('0,48 €')
  await feita.getByRole('button', { name: 'Fechar' }).click()
  await expect(feita).toBeHidden()
  await expect(compra1).toContainText('Por devolver 10,00 €')
  expect(await cliente.dados()).toMatchObject({ saldo: 48, pontos: 19 })

  // Refunding the rest: the list says so, and the customer is where the second purchase alone would leave them.
  await compra1.getByRole('button', { name: 'Devolver' }).click()
  await expect(dialogo.getByLabel('Valor a devolver (€)')).toHaveValue('10,00')
  await dialogo.getByRole('button', { name: 'Devolver' }).click()
  await expect(valor(feita, 'Saldo do cliente agora')).toHaveText('0,00 €')
  await expect(feita.getByRole('note')).toContainText('Não foi possível recuperar 0,02 € de saldo')
  await feita.getByRole('button', { name: 'Fechar' }).click()
  await expect(compra1).toContainText('Devolvida')
  await expect(compra1.getByRole('button', { name: 'Devolver' })).toHaveCount(0)
  await cliente.close()
})

test('shows the NIF the customer chose in the app for the invoice, and none when none is chosen', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const cliente = await newCustomer(browser, baseURL)
  await apiPost(cliente.page.request, '/alterar-dados-pessoais', {
    nome: cliente.account.nome,
    email: cliente.account.email,
    dataNascimento: '1990-05-17',
    comunicacoes: false,
    nomeFaturacao1: 'Rita Fonseca',
    nif1: '123456789',
    nomeFaturacao2: 'Fonseca & Filhos, Lda.',
    nif2: '999999990',
  })
  await pair(page, createStoreKey(LOJA))
  await identifyByPhone(page, cliente.account.telemovel)
  const resumo = page.getByRole('region', { name: /Rita Fonseca/ })
  await expect(valor(resumo, 'NIF na fatura')).toHaveText('Nenhum escolhido na app')

  // The customer chooses the second NIF in the app, as the app tells them: the one on their invoices.
  await apiPost(cliente.page.request, '/api/grava-saw-onboarding', { value: true })
  await cliente.page.goto('/fidelizacao')
  const secundario = cliente.page
    .getByRole('region', { name: 'Selecione o NIF' })
    .getByRole('button', { name: /Secundário/ })
  await secundario.click()
  await expect(secundario).toHaveAttribute('aria-pressed', 'true')
  // The button shows the choice at once; the till reads it once it is saved.
  await expect
    .poll(async () => {
      const dados = await apiPost<{ user: { data: { nif_utilizado: string } } }>(
        cliente.page.request,
        '/api/refresh-private-data',
        { value: true },
      )
      return dados.user.data.nif_utilizado
    })
    .toBe('secundario')

  await page.getByRole('button', { name: 'Trocar cliente' }).click()
  await identifyByPhone(page, cliente.account.telemovel)
  const nif = valor(resumo, 'NIF na fatura')
  await expect(nif).toContainText('999999990')
  await expect(nif).toContainText('Fonseca & Filhos, Lda.')
  await expectAccessible(page)
  await shotsTablet(page, 'nif-na-fatura')
  await registerPurchase(page, '12,50', `FT E2E/${randomUUID().slice(0, 8)}`)
  await expect(registada(page)).toBeVisible()
  await cliente.close()
})

test('a failed purchase says why in a dialog and keeps every value', async ({ page, browser, baseURL }) => {
  const key = createStoreKey(LOJA)
  const cliente = await newCustomer(browser, baseURL)
  const till = pos(page.request, key)
  const { cliente: c } = await till.identify({ telemovel: cliente.account.telemovel, pais: '351' })
  await till.purchase(c.id, 4000) // 2,00 € of credit
  await pair(page, key)
  await identifyByPhone(page, cliente.account.telemovel)
  await expect(valor(page.getByRole('region', { name: /Rita Fonseca/ }), 'Saldo')).toHaveText('2,00 €')

  // Meanwhile the POS spends the balance: the tablet's figure is stale.
  await till.purchase(c.id, 500, 200)
  const ref = `FT E2E/${randomUUID().slice(0, 8)}`
  await registerPurchase(page, '12,30', ref, '1,50')
  const erro = page.getByRole('alertdialog', { name: 'Saldo insuficiente' })
  await expect(erro).toContainText('O saldo do cliente não chega para o valor indicado.')
  await expectAccessible(page)
  await erro.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByLabel('Total da conta (€)')).toHaveValue('12,30')
  await expect(page.getByLabel('Saldo a usar (€)')).toHaveValue('1,50')
  await expect(page.getByLabel('N.º do documento (POS)')).toHaveValue(ref)

  // Without the balance it goes through.
  await page.getByLabel('Saldo a usar (€)').fill('0')
  await page.getByRole('button', { name: 'Registar' }).click()
  await expect(valor(registada(page), 'Valor pago')).toHaveText('12,30 €')
  await cliente.close()
})

test('a purchase whose answer was lost counts once when typed again, even after the tablet reloaded', async ({
  page,
  browser,
  baseURL,
}) => {
  const cliente = await newCustomer(browser, baseURL)
  await pair(page, createStoreKey(LOJA))
  await identifyByPhone(page, cliente.account.telemovel)
  await expect(page.getByLabel('Total da conta (€)')).toBeVisible()

  // The first answer never reaches the tablet (the server did register the purchase): the network dropped it.
  const keys: (string | undefined)[] = []
  await page.route('**/painel/api/compras', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    keys.push(route.request().headers()['idempotency-key'])
    if (keys.length === 1) {
      await route.fetch()
      return route.abort('internetdisconnected')
    }
    return route.continue()
  })
  const ref = `FT E2E/${randomUUID().slice(0, 8)}`
  await registerPurchase(page, '8,00', ref)
  const erro = page.getByRole('alertdialog', { name: 'Sem ligação' })
  await expect(erro).toContainText('repetido com os mesmos valores, o registo nunca conta duas vezes')
  await erro.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByLabel('Total da conta (€)')).toHaveValue('8,00')
  // Staff reload the tablet (the form and its state are gone), find the customer again and type the same purchase.
  await page.reload()
  await identifyByPhone(page, cliente.account.telemovel)
  await registerPurchase(page, '8,00', ref)
  await expect(valor(registada(page), 'Pontos ganhos')).toHaveText('8 pontos')

  expect(keys).toHaveLength(2)
  expect(keys[0]).toMatch(/^[\x21-\x7e]{1,200}$/)
  expect(keys[1]).toBe(keys[0])
  expect(await cliente.dados()).toMatchObject({ saldo: 40, pontos: 8 })
  const ultimas = page.getByRole('region', { name: 'Últimas compras' })
  await expect(ultimas.getByRole('listitem').filter({ hasText: ref })).toHaveCount(1)

  // The next purchase is another attempt, with another key.
  await page.getByRole('button', { name: 'Nova compra' }).click()
  await identifyByPhone(page, cliente.account.telemovel)
  await registerPurchase(page, '8,00', ref)
  await expect(registada(page)).toBeVisible()
  expect(keys).toHaveLength(3)
  expect(keys[2]).not.toBe(keys[0])
  await cliente.close()
})

test('a customer with a security code, and a provisional one', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000)
  const key = createStoreKey(LOJA)
  const comCodigo = await newCustomer(browser, baseURL)
  const { chave } = await apiPost<{ chave: string }>(comCodigo.page.request, '/chave-seguranca', {
    selecao: 1,
    gerar: true,
  })
  const provisorio = await newCustomer(browser, baseURL, { complete: false })
  await pair(page, key)

  await identifyByPhone(page, comCodigo.account.telemovel)
  const codigo = page.getByLabel('Código de segurança')
  await expect(codigo).toBeFocused()
  await expect(page.getByText('Este cliente usa código de segurança')).toBeVisible()
  await expectAccessible(page)
  // A wrong code is said as such, under the field (the 403 already told staff this number has an account).
  await codigo.fill(chave === '0000' ? '1111' : '0000')
  await page.getByRole('button', { name: 'Identificar' }).click()
  await expect(codigo).toBeFocused()
  await expect(codigo).toHaveAccessibleDescription(/^Este cliente usa código de segurança.*Código de segurança errado$/)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByText('Cliente não encontrado.')).toHaveCount(0)
  await expectAccessible(page)
  await shotsTablet(page, 'codigo-errado')
  await codigo.fill(chave)
  await page.getByRole('button', { name: 'Identificar' }).click()
  await expect(page.getByRole('heading', { name: /Rita Fonseca/ })).toBeVisible()

  // A provisional account: no name, a notice, and a purchase that earns nothing says why.
  await page.getByRole('button', { name: 'Trocar cliente' }).click()
  await identifyByPhone(page, provisorio.account.telemovel)
  await expect(page.getByRole('heading', { name: 'Cliente sem nome' })).toBeVisible()
  await expect(page.getByRole('note')).toContainText('Registo incompleto')
  await registerPurchase(page, '30,00', `FT E2E/${randomUUID().slice(0, 8)}`)
  await expect(valor(registada(page), 'Crédito ganho')).toHaveText('0,00 €')
  await expect(registada(page).getByRole('note')).toContainText('só ganha saldo e pontos depois de completar o registo')
  await comCodigo.close()
  await provisorio.close()
})

test('a handheld QR reader types the code into the identify field, and Enter identifies', async ({
  page,
  browser,
  baseURL,
}) => {
  const cliente = await newCustomer(browser, baseURL)
  const qrCode = (await cliente.dados())?.qrCode ?? ''
  expect(qrCode).not.toMatch(/^[\d\s-]*$/)
  await pair(page, createStoreKey(LOJA))
  const campo = page.getByLabel('Telemóvel ou QR do cliente', { exact: true })
  // A reader is a keyboard: the code's characters, fast, then Enter.
  await campo.click()
  await campo.pressSequentially(qrCode, { delay: 5 })
  await campo.press('Enter')
  await expect(page.getByRole('heading', { name: /Rita Fonseca/ })).toBeVisible()
  await expect(page.getByText('Campo de preenchimento numérico')).toHaveCount(0)
  // Nobody's QR: the one answer for anyone not found, and the field to try again.
  await page.getByRole('button', { name: 'Trocar cliente' }).click()
  await expect(campo).toBeFocused()
  await expect(campo).toHaveAccessibleDescription('Escreva o número, ou leia o QR da app com o leitor.')
  await shotsTablet(page, 'identificar')
  await campo.pressSequentially('QR-que-nao-existe_123', { delay: 5 })
  await campo.press('Enter')
  const erro = page.getByRole('alertdialog')
  await expect(erro).toContainText('Cliente não encontrado.')
  await expect(erro.getByRole('button', { name: 'Criar conta provisória' })).toHaveCount(0)
  await erro.getByRole('button', { name: 'OK' }).click()
  await expect(campo).toBeFocused()
  await cliente.close()
})

test('an unknown phone is offered a provisional account, which is created and identified', async ({ page }) => {
  await pair(page, createStoreKey(LOJA))
  const telemovel = randomPhone()
  // Typed as people write it, with the country's code: still a phone, not a QR.
  await identifyByPhone(page, `+351 ${telemovel.replace(/^(\d{3})(\d{3})/, '$1 $2 ')}`)
  const oferta = page.getByRole('alertdialog', { name: 'Cliente não encontrado' })
  // Grouped as every phone the app shows: +351 912 345 678.
  const agrupado = telemovel.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
  await expect(oferta).toContainText(`Não há nenhuma conta com o telemóvel +351 ${agrupado}.`)
  await expect(oferta.getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await expectAccessible(page)
  await shotsTablet(page, 'criar-provisoria')
  // Cancelled: nothing is made, and the number is there to correct.
  await oferta.getByRole('button', { name: 'Cancelar' }).click()
  await expect(page.getByLabel('Telemóvel ou QR do cliente', { exact: true })).toBeFocused()
  await page.getByRole('button', { name: 'Identificar' }).click()
  await oferta.getByRole('button', { name: 'Criar conta provisória' }).click()
  await expect(page.getByRole('heading', { name: 'Cliente sem nome' })).toBeVisible()
  await expect(page.getByRole('region', { name: /Cliente sem nome/ }).getByRole('note')).toContainText(
    'Registo incompleto',
  )
  // The customer got the app's address and a password by SMS.
  expect(await smsCode(page.request, telemovel)).toMatch(/^\d{6}$/)
  await expect(page.getByLabel('Total da conta (€)')).toBeVisible()
})

test("'A pagar' is never worked out from a balance in error, and says so", async ({ page, browser, baseURL }) => {
  const key = createStoreKey(LOJA)
  const cliente = await newCustomer(browser, baseURL)
  const till = pos(page.request, key)
  const { cliente: c } = await till.identify({ telemovel: cliente.account.telemovel, pais: '351' })
  await till.purchase(c.id, 4000) // 2,00 € of credit
  await pair(page, key)
  await identifyByPhone(page, cliente.account.telemovel)
  const aPagar = page.locator('.painel-a-pagar')
  const saldo = page.getByLabel('Saldo a usar (€)')
  await page.getByLabel('Total da conta (€)').fill('10,00')
  await expect(aPagar).toHaveText('A pagar: 10,00 €')
  await saldo.fill('3,00')
  await expect(aPagar).toHaveText('A pagar: corrija o saldo a usar')
  await expect(saldo).toHaveAccessibleDescription(/O cliente só tem 2,00\s€ de saldo\./)
  await shotsTablet(page, 'a-pagar-saldo-errado')
  await saldo.fill('1,5x')
  await expect(aPagar).toHaveText('A pagar: corrija o saldo a usar')
  await saldo.fill('1,50')
  await expect(aPagar).toHaveText('A pagar: 8,50 €')
  await expect(saldo).not.toHaveAttribute('aria-invalid', 'true')
  // Less on the bill than the balance to use.
  await page.getByLabel('Total da conta (€)').fill('1,00')
  await expect(aPagar).toHaveText('A pagar: corrija o saldo a usar')
  await expect(saldo).toHaveAccessibleDescription(/O saldo a usar não pode ser maior do que o total\./)
  await page.getByLabel('N.º do documento (POS)').fill(`FT E2E/${randomUUID().slice(0, 8)}`)
  await page.getByRole('button', { name: 'Registar' }).click()
  await expect(saldo).toBeFocused()
  await expect(registada(page)).toHaveCount(0)
  await cliente.close()
})

test('a refused camera is said plainly, and the phone still works', async ({ page }) => {
  // The person said no to the camera prompt. This file's browser answers every prompt yes (the fake camera's flags),
  // so the refusal is what Chromium answers then: getUserMedia rejects with a NotAllowedError.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await pair(page, createStoreKey(LOJA))
  await page.getByRole('button', { name: 'Ler QR com a câmara' }).click()
  await expect(page.getByRole('alert')).toContainText('Sem autorização para usar a câmara.')
  await expect(page.getByRole('alert')).toContainText(/identifique o cliente pelo telemóvel/i)
  await expect(page.locator('video')).toBeHidden()
  await expectAccessible(page)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: join(SHOTS, 'camara-recusada-paisagem.png') })
  }
  await page.getByRole('button', { name: 'Parar câmara' }).click()
  await expect(page.getByRole('button', { name: 'Ler QR com a câmara' })).toBeVisible()
  await expect(page.getByLabel('Telemóvel ou QR do cliente', { exact: true })).toBeEditable()
})

test('fits a 10" tablet both ways and a phone, with large touch targets', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000)
  const key = createStoreKey(LOJA)
  const cliente = await newCustomer(browser, baseURL)
  const shot = async (name: string) => {
    if (!SHOTS) return
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
  }
  const fits = async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0)
    // Read in one pass in the page: a list that re-renders between reads (the till's recent purchases refreshed by
    // the stream) would leave a button counted before it and gone after, waited for until the test's end.
    const baixos = await page.getByRole('button', { disabled: false }).evaluateAll((botoes) =>
      botoes
        .map((b) => ({ texto: b.textContent ?? '', caixa: b.getBoundingClientRect(), estilo: getComputedStyle(b) }))
        .filter(({ caixa, estilo }) => caixa.width > 0 && caixa.height > 0 && estilo.visibility !== 'hidden')
        .filter(({ caixa }) => caixa.height < 48)
        .map(({ texto, caixa }) => `${texto}: ${caixa.height}px`),
    )
    expect(baixos, 'buttons lower than 48 px').toEqual([])
  }
  const sizes = [
    { name: 'paisagem', viewport: { width: 1280, height: 800 } },
    { name: 'retrato', viewport: { width: 800, height: 1280 } },
    { name: 'telemovel', viewport: { width: 390, height: 844 } },
  ]
  await page.goto('/painel/entrar')
  for (const { name, viewport } of sizes) {
    await page.setViewportSize(viewport)
    await fits()
    await shot(`entrar-${name}`)
  }
  await page.setViewportSize(sizes[0]?.viewport ?? TABLET.viewport)
  await pair(page, key)
  const ref = `FT E2E/${randomUUID().slice(0, 8)}`
  for (const { name, viewport } of sizes) {
    await page.setViewportSize(viewport)
    await expect(page.getByRole('heading', { name: 'Identificar o cliente' })).toBeVisible()
    await fits()
    await shot(`caixa-1-${name}`)
  }
  // The live preview while no code is in sight; 'Parar câmara' turns it off.
  emptyVideo(CAMERA_VIDEO)
  await page.getByRole('button', { name: 'Ler QR com a câmara' }).click()
  await expect(page.getByText('Aponte a câmara ao QR que o cliente mostra na app.')).toBeVisible()
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(VIDEO_WIDTH)
  await expectAccessible(page)
  for (const { name, viewport } of sizes) {
    await page.setViewportSize(viewport)
    await fits()
    await shot(`camara-${name}`)
  }
  await page.getByRole('button', { name: 'Parar câmara' }).click()
  await expect(page.locator('video')).toHaveCount(0)
  await identifyByPhone(page, cliente.account.telemovel)
  await page.getByLabel('Total da conta (€)').fill('12,50')
  for (const { name, viewport } of sizes) {
    await page.setViewportSize(viewport)
    await expect(page.getByLabel('Total da conta (€)')).toBeVisible()
    await fits()
    await shot(`caixa-2-${name}`)
  }
  await page.getByLabel('N.º do documento (POS)').fill(ref)
  await page.getByRole('button', { name: 'Registar' }).click()
  await expect(registada(page)).toBeVisible()
  for (const { name, viewport } of sizes) {
    await page.setViewportSize(viewport)
    await fits()
    await shot(`caixa-3-${name}`)
  }
  await page
    .getByRole('region', { name: 'Últimas compras' })
    .getByRole('listitem')
    .filter({ hasText: ref })
    .getByRole('button', { name: 'Devolver' })
    .click()
  await expect(page.getByRole('dialog', { name: 'Devolver compra' })).toBeVisible()
  for (const { name, viewport } of sizes) {
    await page.setViewportSize(viewport)
    await shot(`devolver-${name}`)
  }
  await cliente.close()
})

test("the camera reads the customer's loyalty QR and identifies them", async ({ page, browser, baseURL }) => {
  const cliente = await newCustomer(browser, baseURL)
  const qrCode = (await cliente.dados())?.qrCode ?? ''
  expect(qrCode).not.toBe('')
  qrVideo(qrCode, CAMERA_VIDEO)
  await pair(page, createStoreKey(LOJA))

  const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'))
  await page.getByRole('button', { name: 'Ler QR com a câmara' }).click()
  // The decoder's WebAssembly comes from our own build, under the staff pages' CSP.
  const response = await wasm
  expect(new URL(response.url()).pathname).toMatch(/^\/assets\/zxing_reader-[\w-]+\.wasm$/)
  expect(response.status()).toBe(200)
  await expect(page.getByRole('heading', { name: /Rita Fonseca/ })).toBeVisible({ timeout: 15_000 })
  await expect(valor(page.getByRole('region', { name: /Rita Fonseca/ }), 'Saldo')).toHaveText('0,00 €')
  // The camera is off once the code was read.
  await expect(page.locator('video')).toHaveCount(0)
  await cliente.close()
})

test('a till whose key was revoked goes back to pairing when it next calls, and stays there', async ({ page }) => {
  const etiqueta = `e2e-${randomUUID()}`
  await pair(page, createStoreKey(LOJA, etiqueta))
  // The key is revoked while the till is open (its cookie stays: only the server knows).
  revokeStoreKey(etiqueta)
  // The till's own refresh may find out first and take it to the pairing page before the phone is typed: then there is
  // no field to type in, and the checks below say where the till ended.
  await identifyByPhone(page, '912345678', { timeout: 5_000 }).catch(() => undefined)
  // The till says why (a dialog) or, when its own refresh found out first, is already back on the pairing page.
  const keyField = page.getByLabel('Chave da loja', { exact: true })
  const dialog = page.getByRole('alertdialog')
  await expect(keyField.or(dialog)).toBeVisible()
  if (await dialog.isVisible()) {
    // Its words, unless the till's own refresh took it away meanwhile (then the checks below say where it ended).
    const texto = await dialog.textContent({ timeout: 2_000 }).catch(() => null)
    if (texto !== null) expect(texto).toContain('Este dispositivo não está associado a uma loja')
    // The till's own refresh may reach the pairing page first and take the dialog with it: then there is nothing to
    // close, and the checks below say where the till ended.
    await dialog
      .getByRole('button', { name: 'OK' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
  }
  await expect(page).toHaveURL(/\/painel\/entrar$/)
  await expect(page.getByLabel('Chave da loja', { exact: true })).toBeVisible()
  // No way back to a till the tablet no longer has: it stays on the pairing page.
  const urls: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url())
  })
  await page.waitForTimeout(1500)
  expect(urls).toEqual([])
  await expect(page.getByLabel('Chave da loja', { exact: true })).toBeVisible()
})

test("the till's forms say they are busy only for a slow answer, then for at least 1.5 s (as the customer's)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const cliente = await newCustomer(browser, baseURL)
  await pair(page, createStoreKey(LOJA))
  // Every change of the button's label, timed in the page, so that a label of a few milliseconds is seen too.
  await page.evaluate(() => {
    const seen: [number, string][] = []
    ;(window as unknown as { rotulos: typeof seen }).rotulos = seen
    new MutationObserver(() => {
      const label = document.querySelector('.painel-botao-grande[type="submit"]')?.textContent ?? ''
      if (label !== seen.at(-1)?.[1]) seen.push([performance.now(), label])
    }).observe(document.documentElement, { childList: true, subtree: true, characterData: true })
  })
  const rotulos = () => page.evaluate(() => (window as unknown as { rotulos: [number, string][] }).rotulos)

  await identifyByPhone(page, cliente.account.telemovel)
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/painel/api/compras') && r.request().method() === 'POST',
  )
  await registerPurchase(page, '5,00', `FT E2E/${randomUUID().slice(0, 8)}`)
  await expect(registada(page)).toBeVisible()
  // Judged only when the server was fast: on a busy CI machine an answer past 300 ms is right to be said busy.
  if ((await answered).request().timing().responseEnd < 250) {
    expect((await rotulos()).map(([, label]) => label)).not.toContain('A registar…')
  }

  await page.getByRole('button', { name: 'Nova compra' }).click()
  await identifyByPhone(page, cliente.account.telemovel)
  await page.route('**/painel/api/compras', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 500))
    await route.fallback()
  })
  await registerPurchase(page, '6,00', `FT E2E/${randomUUID().slice(0, 8)}`)
  await expect(page.getByRole('button', { name: 'A registar…' })).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/painel-a-registar.png' })
  await expect(registada(page)).toBeVisible()
  const all = await rotulos()
  const shown = all.findIndex(([, label]) => label === 'A registar…')
  const [shownAt] = all[shown] ?? [0]
  const [hiddenAt] = all[shown + 1] ?? [0]
  expect(hiddenAt - shownAt).toBeGreaterThanOrEqual(1490)
})
