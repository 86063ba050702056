import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import type { Configuracao, PrivateData } from '../src/shared/conta.ts'
import type { LojaNome } from '../src/shared/restaurantes.ts'
import { createStoreKey, pos } from './loja.ts'
import {
  type Account,
  API_HEADERS,
  api,
  apiPost,
  createAccount,
  DESKTOP,
  expect,
  expectAccessible,
  main,
  PHONE,
  readQrCode,
  test,
} from './support.ts'

/** The store the purchases are made at (a demo store with a menu snapshot). */
const ID_LOJA = 862
const SUCESSO = 'Opinião submetida com sucesso'
const REQUIRED = 'Campo de preenchimento obrigatório'

const privateData = (request: APIRequestContext) =>
  apiPost<PrivateData>(request, '/api/refresh-private-data', { value: true })

/** The till of the store, with a key made for this test. */
function till(request: APIRequestContext) {
  return pos(request, createStoreKey(ID_LOJA))
}

/** The customer logged in on `page`, as the till identifies them (by the QR). */
async function clienteId(page: Page, caixa: ReturnType<typeof till>): Promise<number> {
  const { user } = await privateData(page.request)
  const { cliente } = await caixa.identify({ qr: user.data?.qrCode ?? '' })
  return cliente.id
}

/**
 * Five movements, newest last: 20,00 € (+1,00 €, 20 points), 1,50 € (+0,08 €, 1 point), 10,00 € paying 1,00 € with the
 * balance (-1,00 €, +0,45 €, 9 points), a refund of 10,00 € of the first (-0,50 €, -10 points), 5,00 € (+0,25 €,
 * 5 points). Credit 5% (the default setting), one point per euro.
 */
async function historico(page: Page) {
  const caixa = till(page.request)
  const id = await clienteId(page, caixa)
  const primeira = await caixa.purchase(id, 2000)
  await caixa.purchase(id, 150)
  await caixa.purchase(id, 1000, 100)
  await caixa.refund(primeira.transacao.id, 1000)
  await caixa.purchase(id, 500)
}

const table = (page: Page, name: string) => page.getByRole('table', { name })
/** The loyalty screen's card of balance, 'Já poupou' and points. */
const saldoEPontos = (page: Page) => page.getByRole('region', { name: 'Saldo e pontos' })
const bodyRows = (t: Locator) => t.locator('tbody tr')
const stars = (page: Page, name: string) => page.getByRole('group', { name })
const alert = (page: Page) => page.getByRole('alertdialog')

async function closeDialog(page: Page, text: string) {
  await expect(alert(page)).toContainText(text)
  await alert(page).getByRole('button', { name: 'OK' }).click()
  await expect(alert(page)).toBeHidden()
}

test('a guest opening the loyalty screens is asked to log in', async ({ page }) => {
  for (const path of ['/fidelizacao', '/fidelizacao/qr', '/fidelizacao/transacoes', '/opiniao']) {
    await page.goto(path)
    await expect(page).toHaveURL('/login')
  }
})

test('loyalty screen: Já poupou, the QR, the balances, the last 4 transactions and Ver Todas', async ({ page }) => {
  await createAccount(page)
  const config = await api<Configuracao>(page.request, '/api/configuracao')
  await page.goto('/fidelizacao')
  // No purchases yet: nothing saved, no transactions, no NIF to choose.
  await expect(saldoEPontos(page)).toContainText('Saldo disponível0,00 €Já poupou0,00 €')
  await expect(page.getByText('Não existem transações')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Selecione o NIF' })).toHaveCount(0)

  await historico(page)
  const qrWorker = page.waitForEvent('worker', (w) => w.url().includes('qr.worker'))
  await page.reload()
  await expect(saldoEPontos(page)).toContainText('Já poupou1,00 €')
  const qr = main(page).getByRole('img', { name: 'Código QR de fidelização' })
  await expect(qr).toBeVisible()
  await expect(page.getByRole('link', { name: /Código QR de fidelização/ })).toHaveAttribute('href', '/fidelizacao/qr')
  const { user } = await privateData(page.request)
  await expect(main(page).getByText(user.data?.qrCode ?? '-', { exact: true })).toBeVisible()
  // Encoded off the main thread (a worker): what it draws is what a till scanner reads.
  await qrWorker
  await qr.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expect.poll(async () => readQrCode(await qr.screenshot())).toBe(user.data?.qrCode)
  const saldos = saldoEPontos(page)
  await expect(saldos).toContainText('Saldo disponível0,28 €')
  await expect(saldos).toContainText('Pontos25 / 100')
  await expect(page.getByText('Faltam 75 pontos para o próximo prémio: Café oferta.')).toBeVisible()
  await expect(main(page)).toContainText(`Cada compra dá-lhe ${config.creditoPercent}% do valor em saldo.`)

  const ultimas = table(page, 'Últimas Transações')
  await expect(bodyRows(ultimas)).toHaveCount(4)
  // Newest first: 5,00 €, the refund, 10,00 €, 1,50 €; the first purchase is only in the full list.
  await expect(bodyRows(ultimas).nth(0)).toContainText('+0,25 €')
  await expect(bodyRows(ultimas).nth(1)).toContainText('Devolução')
  await expect(bodyRows(ultimas).nth(3)).toContainText('+1 ponto')
  await expect(ultimas).not.toContainText('+20 pontos')
  // The short table has no opinion links; the full list has.
  await expect(ultimas.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Campanhas' })).toHaveAttribute('href', '/fidelizacao/campanhas')
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Ver Todas' }).click()
  await expect(page).toHaveURL('/fidelizacao/transacoes')
})

test('transactions: date and time, shop, balance with + and -, ponto/pontos, a refund row, opinion links', async ({
  page,
}) => {
  await createAccount(page)
  await historico(page)
  await page.goto('/fidelizacao/transacoes')
  await expect(page.getByRole('heading', { level: 1, name: 'Transações' })).toBeVisible()
  const lista = table(page, 'Transações')
  await expect(bodyRows(lista)).toHaveCount(5)
  for (const name of ['Loja', 'Saldo', 'Pontos']) {
    await expect(lista.getByRole('columnheader', { name })).toBeVisible()
  }
  // On a phone the date and time go under the shop (its own column on a wider screen).
  await expect(lista.getByRole('columnheader', { name: 'Data' })).toHaveCount(0)
  const row = (i: number) => bodyRows(lista).nth(i)
  const [compra5, devolucao, compra10, compra150, compra20] = [row(0), row(1), row(2), row(3), row(4)]
  const { transacoes } = await privateData(page.request)
  const loja = transacoes[0]?.loja ?? '-'
  await expect(compra5).toContainText(loja)
  const quando = `${transacoes[0]?.data} ${transacoes[0]?.hora}`
  expect(quando).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
  await expect(compra5.getByText(quando, { exact: true }).filter({ visible: true })).toBeVisible()

  await expect(compra20).toContainText('Compra · 20,00 €')
  await expect(compra20).toContainText('+1,00 €')
  await expect(compra20).toContainText('+20 pontos')
  await expect(compra150).toContainText('+0,08 €')
  await expect(compra150).toContainText('+1 ponto')
  await expect(compra150).not.toContainText('pontos')
  // Paid 9,00 € of 10,00 € with the balance: 1,00 € off, 0,45 € on.
  await expect(compra10).toContainText('-1,00 €')
  await expect(compra10).toContainText('+0,45 €')
  await expect(compra10).toContainText('+9 pontos')
  // The refund takes back half the first purchase's credit and points.
  await expect(devolucao).toContainText('Devolução · 10,00 €')
  await expect(devolucao).toContainText('-0,50 €')
  await expect(devolucao).toContainText('-10 pontos')

  // ve_rating (a complete registration): each purchase without an opinion has the link; a refund is no visit.
  await expect(lista.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveCount(4)
  await expect(devolucao.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveCount(0)
  await expect(compra20.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveAttribute(
    'href',
    `/opiniao/transacao/${transacoes[4]?.id}`,
  )
  await expectAccessible(page)
})

test('transactions: empty list', async ({ page }) => {
  await createAccount(page)
  await page.goto('/fidelizacao/transacoes')
  await expect(page.getByText('Não existem transações')).toBeVisible()
  await expectAccessible(page)
})

test('NIF: shown with both NIFs, each with its billing name; a choice saves at once and toggles', async ({ page }) => {
  const account = await createAccount(page)
  await apiPost(page.request, '/alterar-dados-pessoais', {
    nome: account.nome,
    email: account.email,
    dataNascimento: '1990-05-17',
    comunicacoes: false,
    nomeFaturacao1: 'Rita Fonseca',
    nif1: '123456789',
    nomeFaturacao2: 'Fonseca & Filhos, Lda.',
    nif2: '999999990',
  })
  await page.goto('/fidelizacao')
  const seletor = page.getByRole('region', { name: 'Selecione o NIF' })
  await expect(seletor).toBeVisible()
  const principal = seletor.getByRole('button', { name: /Principal/ })
  const secundario = seletor.getByRole('button', { name: /Secundário/ })
  await expect(principal).toContainText('Rita Fonseca')
  await expect(principal).toContainText('NIF 123456789')
  await expect(secundario).toContainText('Fonseca & Filhos, Lda.')
  await expect(secundario).toContainText('NIF 999999990')
  await expect(principal).toHaveAttribute('aria-pressed', 'false')
  await expect(secundario).toHaveAttribute('aria-pressed', 'false')
  await expectAccessible(page)

  const nifUtilizado = async () => (await privateData(page.request)).user.data?.nif_utilizado

  await principal.click()
  await expect(page.getByText('A processar…')).toBeHidden()
  await expect(principal).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(nifUtilizado).toBe('principal')

  await secundario.click()
  await expect(page.getByText('A processar…')).toBeHidden()
  await expect(secundario).toHaveAttribute('aria-pressed', 'true')
  await expect(principal).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(nifUtilizado).toBe('secundario')

  // The current one again: none chosen.
  await secundario.click()
  await expect(page.getByText('A processar…')).toBeHidden()
  await expect(secundario).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(nifUtilizado).toBe('')
  await page.reload()
  await expect(page.getByRole('button', { name: /Secundário/ })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('button', { name: /Principal/ })).toHaveAttribute('aria-pressed', 'false')
})

test('full-screen QR: the phone below the QR; with the security key on, the key, on every device; Fechar', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two devices and two axe checks: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000)
  const account = await createAccount(page)
  await page.goto('/fidelizacao')
  await page.getByRole('link', { name: /Código QR de fidelização/ }).click()
  await expect(page).toHaveURL('/fidelizacao/qr')
  await expect(page.getByRole('img', { name: 'Código QR de fidelização' })).toBeVisible()
  // Full screen: no header, navigation or footer.
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('navigation')).toHaveCount(0)
  await expect(page.getByText('Telemóvel')).toBeVisible()
  const phone = account.telemovel.replace(/(\d{3})(?=\d)/g, '$1 ')
  await expect(main(page)).toContainText(`+351 ${phone}`)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Fechar' }).click()
  await expect(page).toHaveURL('/fidelizacao')

  // The security key on: the QR shows it instead of the phone.
  await page.goto('/chave-seguranca')
  await page.getByRole('radio', { name: 'Ativado', exact: true }).check()
  await expect(page.locator('.chave-valor')).toBeVisible()
  const chave = (await page.locator('.chave-valor').textContent()) ?? ''
  expect(chave).toMatch(/^\d{4,10}$/)
  await page.goto('/fidelizacao/qr')
  await expect(page.getByText('Código de segurança')).toBeVisible()
  await expect(main(page)).toContainText(chave)
  await expect(main(page)).not.toContainText(phone)
  await expectAccessible(page)

  // Another device the customer signs in on shows the same key below its QR.
  const outro = await browser.newContext({ ...PHONE, baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })
  try {
    const telefone = await outro.newPage()
    await apiPost(telefone.request, '/api/grava-saw-onboarding', { value: true })
    await apiPost(telefone.request, '/login', { telemovel: account.telemovel, pais: '351', password: account.password })
    await telefone.goto('/fidelizacao/qr')
    await expect(telefone.getByText('Código de segurança')).toBeVisible()
    await expect(main(telefone)).toContainText(chave)
    await expect(main(telefone)).not.toContainText(phone)
  } finally {
    await outro.close()
  }
})

test('opinion on a transaction: stars, comment required, success, then the link is gone; repeated is refused', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await createAccount(page)
  const caixa = till(page.request)
  const id = await clienteId(page, caixa)
  await caixa.purchase(id, 2000)
  await caixa.purchase(id, 150)
  const { transacoes } = await privateData(page.request)
  const [recente, antiga] = transacoes
  if (!recente || !antiga) throw new Error('two purchases expected')

  await page.goto('/fidelizacao/transacoes')
  await expect(page.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveCount(2)
  await page.getByRole('link', { name: 'Deixe a sua opinião' }).first().click()
  await expect(page).toHaveURL(`/opiniao/transacao/${recente.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Deixe a sua opinião' })).toBeVisible()
  // Which visit it is about: shop, date and amount, not editable.
  await expect(main(page)).toContainText(recente.loja)
  await expect(main(page)).toContainText(`${recente.data} ${recente.hora}`)
  await expect(main(page)).toContainText('1,50 €')
  await expect(page.getByRole('combobox', { name: 'Loja' })).toHaveCount(0)

  // Stars: a click sets, a click on the current one lowers by one, on the first when current clears.
  const atendimento = stars(page, 'Atendimento')
  await atendimento.getByRole('radio', { name: '4 de 5 estrelas' }).click()
  await expect(atendimento.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked()
  await atendimento.getByRole('radio', { name: '4 de 5 estrelas' }).click()
  await expect(atendimento.getByRole('radio', { name: '3 de 5 estrelas' })).toBeChecked()
  await expect(atendimento.getByRole('radio', { name: '4 de 5 estrelas' })).not.toBeChecked()
  // Keyboard: arrows choose from the focused star; Space on the current one lowers it too; Delete clears.
  await atendimento.getByRole('radio', { name: '3 de 5 estrelas' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(atendimento.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked()
  await expect(atendimento.getByRole('radio', { name: '4 de 5 estrelas' })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(atendimento.getByRole('radio', { name: '3 de 5 estrelas' })).toBeChecked()
  await expect(atendimento.getByRole('radio', { name: '3 de 5 estrelas' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(atendimento.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked()
  await page.keyboard.press('Delete')
  await expect(atendimento.getByRole('radio', { checked: true })).toHaveCount(0)
  await page.keyboard.press('Space')
  await expect(atendimento.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked()
  const qualidade = stars(page, 'Qualidade')
  await qualidade.getByRole('radio', { name: '1 de 5 estrelas' }).click()
  await expect(qualidade.getByRole('radio', { name: '1 de 5 estrelas' })).toBeChecked()
  await qualidade.getByRole('radio', { name: '1 de 5 estrelas' }).click()
  await expect(qualidade.getByRole('radio', { checked: true })).toHaveCount(0)
  await stars(page, 'Simpatia').getByRole('radio', { name: '5 de 5 estrelas' }).click()
  await expectAccessible(page)

  // The comment is required.
  await page.getByRole('button', { name: 'Enviar opinião' }).click()
  await closeDialog(page, 'Falha ao submeter o formulário')
  const comentario = page.getByRole('textbox', { name: 'Comentário' })
  await expect(comentario).toBeFocused()
  await expect(main(page)).toContainText(REQUIRED)

  await comentario.fill('Atendimento rápido e café excelente.')
  await page.getByRole('button', { name: 'Enviar opinião' }).click()
  await closeDialog(page, SUCESSO)
  await expect(page).toHaveURL('/fidelizacao/transacoes')
  await expect(page.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveCount(1)
  const depois = await privateData(page.request)
  expect(depois.transacoes.find((t) => t.id === recente.id)?.id_opiniao).not.toBeNull()

  // Opened again: already given, no form.
  await page.goto(`/opiniao/transacao/${recente.id}`)
  await expect(page.getByText('Já deu a sua opinião sobre esta transação.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enviar opinião' })).toHaveCount(0)

  // Given elsewhere while the form was open: the server's 409 in the error dialog.
  await page.goto(`/opiniao/transacao/${antiga.id}`)
  await page.getByRole('textbox', { name: 'Comentário' }).fill('Tudo certo.')
  await apiPost(page.request, `/opiniao/transacao/${antiga.id}`, {
    loja: antiga.id_loja,
    rating1: 5,
    rating2: null,
    rating3: null,
    comentario: 'Noutro separador.',
  })
  await page.getByRole('button', { name: 'Enviar opinião' }).click()
  await closeDialog(page, 'Já deu a sua opinião sobre esta transação.')
  await expect(page).toHaveURL(`/opiniao/transacao/${antiga.id}`)
})

test('opinion on a shop: shop and comment required, then submitted', async ({ page }) => {
  await createAccount(page)
  const lojas = await api<LojaNome[]>(page.request, '/api/lojas')
  const loja = lojas[0]
  if (!loja) throw new Error('the demo has shops')
  await page.goto('/perfil')
  await page.getByRole('link', { name: 'Deixe a sua opinião' }).click()
  await expect(page).toHaveURL('/opiniao')
  await expect(page.getByRole('heading', { level: 1, name: 'Deixe a sua opinião' })).toBeVisible()
  const select = page.getByRole('combobox', { name: 'Loja' })
  await expect(select.getByRole('option')).toHaveCount(lojas.length + 1)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Enviar opinião' }).click()
  await closeDialog(page, 'Falha ao submeter o formulário')
  await expect(select).toBeFocused()
  await expect(page.locator('.field-error')).toHaveText([REQUIRED, REQUIRED])

  await select.selectOption(String(loja.id_loja))
  await stars(page, 'Qualidade').getByRole('radio', { name: '5 de 5 estrelas' }).click()
  await page.getByRole('textbox', { name: 'Comentário' }).fill('Esplanada muito agradável.')
  await page.getByRole('button', { name: 'Enviar opinião' }).click()
  await closeDialog(page, SUCESSO)
  await expect(page).toHaveURL('/fidelizacao/transacoes')
})

/** A second customer, in a browser of their own. */
async function outroCliente(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })
  const page = await context.newPage()
  const res = await page.request.post('/api/grava-saw-onboarding', { headers: API_HEADERS, data: { value: true } })
  expect(res.ok()).toBe(true)
  return { page, account: await createAccount(page) }
}

test("another customer's transaction is not found", async ({ page, browser, baseURL }) => {
  await createAccount(page)
  const caixa = till(page.request)
  await caixa.purchase(await clienteId(page, caixa), 1000)
  const alheia = (await privateData(page.request)).transacoes[0]
  if (!alheia) throw new Error('a purchase expected')

  const outro = await outroCliente(browser, baseURL)
  await outro.page.goto(`/opiniao/transacao/${alheia.id}`)
  await expect(outro.page).toHaveURL('/notfound')
  await expect(outro.page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
  // Nor does an id that is no number.
  await outro.page.goto('/opiniao/transacao/abc')
  await expect(outro.page).toHaveURL('/notfound')
  await outro.page.context().close()
})

test('profile: Já poupou, and its loyalty links lead to the loyalty screens; the navigation opens Fidelização', async ({
  page,
}) => {
  await createAccount(page)
  const caixa = till(page.request)
  const id = await clienteId(page, caixa)
  await caixa.purchase(id, 5000)
  await caixa.purchase(id, 1234, 250)
  await page.goto('/perfil')
  await expect(page.getByText('Já poupou')).toBeVisible()
  await expect(main(page)).toContainText('2,50 €')
  await expect(page.getByRole('link', { name: 'Saldo, pontos e código QR' })).toHaveAttribute('href', '/fidelizacao')
  await expect(page.getByRole('link', { name: 'Transações' })).toHaveAttribute('href', '/fidelizacao/transacoes')
  await expect(page.getByRole('link', { name: 'Deixe a sua opinião' })).toHaveAttribute('href', '/opiniao')
  await page.getByRole('link', { name: 'Transações' }).click()
  await expect(bodyRows(table(page, 'Transações'))).toHaveCount(2)

  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Fidelização' }).click()
  await expect(page).toHaveURL('/fidelizacao')
  await expect(saldoEPontos(page)).toContainText('Já poupou2,50 €')
})

test.describe('first visit', () => {
  test.use({ onboardingSeen: false })

  test('the onboarding names the configured credit percent', async ({ page }) => {
    const config = await api<Configuracao>(page.request, '/api/configuracao')
    // The e2e server runs with the default setting.
    expect(config.creditoPercent).toBe(5)
    await page.goto('/onboarding')
    await page.getByRole('button', { name: 'Seguinte' }).click()
    await expect(
      page.getByText(`Recebe ${config.creditoPercent}% do valor de cada compra em saldo para a próxima visita.`),
    ).toBeVisible()
  })
})

test.describe('on a computer', () => {
  test.use(DESKTOP)

  test('loyalty screen, transactions and opinion at 1280×800', async ({ page }) => {
    // Three screens each checked by axe: more than the default 30 s on a loaded 2-core machine.
    test.setTimeout(90_000)
    await createAccount(page)
    await historico(page)
    await page.goto('/fidelizacao')
    await expect(saldoEPontos(page)).toContainText('Já poupou1,00 €')
    await expect(bodyRows(table(page, 'Últimas Transações'))).toHaveCount(4)
    // Two columns: the QR beside the transactions.
    const qrBox = await main(page).getByRole('img', { name: 'Código QR de fidelização' }).boundingBox()
    const tableBox = await table(page, 'Últimas Transações').boundingBox()
    expect(qrBox && tableBox && qrBox.x + qrBox.width < tableBox.x).toBe(true)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Ver Todas' }).click()
    const lista = table(page, 'Transações')
    await expect(bodyRows(lista)).toHaveCount(5)
    for (const name of ['Data', 'Loja', 'Saldo', 'Pontos']) {
      await expect(lista.getByRole('columnheader', { name })).toBeVisible()
    }
    await expect(bodyRows(lista).first().getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Deixe a sua opinião' }).first().click()
    await expect(page.getByRole('group', { name: 'Atendimento' })).toBeVisible()
    await expectAccessible(page)
  })
})
