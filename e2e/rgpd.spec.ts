import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import type { PrivateData } from '../src/shared/conta.ts'
import { createStoreKey, pos } from './loja.ts'
import {
  type Account,
  api,
  apiPost,
  createAccount,
  expect,
  expectAccessible,
  logoutViaApi,
  main,
  randomPhone,
  smsCode,
  test,
} from './support.ts'

/**
 * The customer's GDPR rights (spec §2 "GDPR hub", §4 account cancellation, §5, §8): the hub and its three modals, the
 * e-mailed links (erasure, data export), the profile's 'Cancelar conta'.
 */

const INSTRUCOES = 'As instruções para proceder com o pedido foram enviadas para o seu email'
const COMUNICACAO = 'Formulário submetido com sucesso. A opção escolhida foi atualizada'
const ELIMINADA = 'A sua conta foi eliminada.'
const LINK_INVALIDO = 'Este link expirou ou já foi usado. Faça um novo pedido em Conta › Gerir RGPD.'
const OUTRA_CONTA = 'Este link pertence a outra conta. Termine sessão e entre com a conta que fez o pedido.'
/** Screenshots for a person to look at. */
const SHOTS = '.tmp/screens'

const modal = (page: Page, name: string) => page.getByRole('dialog', { name })
const alert = (page: Page) => page.getByRole('alertdialog')
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' })
const privateData = (request: APIRequestContext) =>
  apiPost<PrivateData>(request, '/api/refresh-private-data', { value: true })

/** An address of the test's own: the e-mail outbox is shared by every test of the run. */
const ownEmail = () => `rgpd.${randomPhone()}@example.pt`

async function closeAlert(page: Page, text: string) {
  await expect(alert(page)).toContainText(text)
  await alert(page).getByRole('button', { name: 'OK' }).click()
  await expect(alert(page)).toBeHidden()
}

interface OutboxEmail {
  para: string
  assunto: string
  texto: string
  html: string
  enviado_em: string | null
}

/** The e-mails to `para`, newest first, as `GET /api/dev/email` lists them (sent or still queued). */
async function emailsTo(request: APIRequestContext, para: string): Promise<OutboxEmail[]> {
  return (await api<OutboxEmail[]>(request, '/api/dev/email')).filter((e) => e.para.includes(para))
}

/** The path of the link of the newest request e-mail of `tipo` sent to `para`, waiting for it to arrive. */
async function emailLink(
  request: APIRequestContext,
  para: string,
  tipo: 'esquecimento' | 'portabilidade',
): Promise<string> {
  const pattern = new RegExp(`/rgpd/${tipo}/[A-Za-z0-9_-]{40,64}`)
  let link = ''
  await expect
    .poll(
      async () => {
        const email = (await emailsTo(request, para)).find((e) => pattern.test(e.texto))
        link = email?.texto.match(pattern)?.[0] ?? ''
        return link
      },
      { message: `an e-mail to ${para} with a /rgpd/${tipo}/ link` },
    )
    .not.toBe('')
  return link
}

/** A purchase of 20,00 € at a demo store's till: 1,00 € of balance and 20 points (credit 5%, one point a euro). */
async function purchase(request: APIRequestContext, account: Account): Promise<number> {
  const till = pos(request, createStoreKey(862))
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  const { transacao } = await till.purchase(cliente.id, 2000)
  return transacao.id
}

/** Asks for a request through its modal, from the hub opened over the profile. */
async function askFromHub(page: Page, option: string, email: string) {
  await page.goto('/perfil')
  await main(page).getByRole('link', { name: 'Gerir RGPD' }).click()
  await expect(page).toHaveURL('/rgpd')
  await modal(page, 'Gerir RGPD').getByRole('link', { name: option }).click()
  const form = modal(page, option)
  await form.getByRole('textbox', { name: 'Email' }).fill(email)
  await form.getByRole('button', { name: 'Enviar pedido' }).click()
  await closeAlert(page, INSTRUCOES)
  // Back to the page the hub was opened on.
  await expect(page).toHaveURL('/perfil')
}

async function login(page: Page, telemovel: string, password: string) {
  const dialog = modal(page, 'Iniciar sessão')
  await dialog.getByLabel('Telemóvel', { exact: true }).fill(telemovel)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Entrar' }).click()
}

test('the hub and its three modals over the profile: texts, validation, accessible', async ({ page }) => {
  // Four screens each checked by axe: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000)
  await createAccount(page)
  await page.goto('/perfil')
  await main(page).getByRole('link', { name: 'Gerir RGPD' }).click()
  await expect(page).toHaveURL('/rgpd')
  const hub = modal(page, 'Gerir RGPD')
  await expect(hub).toBeVisible()
  await expect(page).toHaveTitle('Gerir RGPD · Balcão')
  // The profile stays under the modal.
  await expect(main(page).getByRole('heading', { level: 1, name: 'Olá, Rita Fonseca' })).toBeAttached()
  await expect(hub.getByRole('link', { name: 'Quero ser esquecido' })).toHaveAttribute('href', '/rgpd/esquecimento')
  await expect(hub.getByRole('link', { name: 'Quero transferir os meus dados' })).toHaveAttribute(
    'href',
    '/rgpd/portabilidade',
  )
  await expect(hub.getByRole('link', { name: /Consentimento de comunicações/ })).toContainText('Inativo')
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-hub.png` })

  for (const [option, path] of [
    ['Quero ser esquecido', '/rgpd/esquecimento'],
    ['Quero transferir os meus dados', '/rgpd/portabilidade'],
  ] as const) {
    await page.goto('/rgpd')
    await modal(page, 'Gerir RGPD').getByRole('link', { name: option }).click()
    await expect(page).toHaveURL(path)
    const form = modal(page, option)
    await expect(form).toContainText('O link é válido durante 24 horas e só pode ser usado uma vez.')
    const email = form.getByRole('textbox', { name: 'Email' })
    await expect(email).toHaveAttribute('type', 'email')
    await expect(email).toBeFocused()
    await expectAccessible(page)
    await page.screenshot({ path: `${SHOTS}/rgpd-${path.split('/').at(-1)}.png` })
    // Spec §5 and §8: required, then valid; the client failure says so in the app's dialog.
    await form.getByRole('button', { name: 'Enviar pedido' }).click()
    await closeAlert(page, 'Falha ao submeter o formulário')
    await expect(email).toHaveAccessibleDescription(/Campo de preenchimento obrigatório/)
    await expect(email).toBeFocused()
    await email.fill('rita.fonseca')
    await form.getByRole('button', { name: 'Enviar pedido' }).click()
    await expect(alert(page)).toContainText('Erro')
    await closeAlert(page, 'Falha ao submeter o formulário')
    await expect(email).toHaveAccessibleDescription(/Email inválido/)
    await expectAccessible(page)
    // Back to the hub from the modal.
    await form.getByRole('link', { name: 'Voltar a Gerir RGPD' }).click()
    await expect(page).toHaveURL('/rgpd')
  }

  // A guest is asked to log in first.
  await logoutViaApi(page)
  await page.goto('/rgpd')
  await expect(page).toHaveURL('/login')
})

test('communication consent: the box follows the account, Submeter says so, the hub shows the new state', async ({
  page,
}) => {
  await createAccount(page)
  await page.goto('/rgpd')
  const hub = modal(page, 'Gerir RGPD')
  await hub.getByRole('link', { name: /Consentimento de comunicações/ }).click()
  await expect(page).toHaveURL('/rgpd/comunicacao')
  const form = modal(page, 'Consentimento de comunicações')
  const box = form.getByRole('checkbox', { name: 'Aceito receber comunicações do grupo (novidades e campanhas)' })
  await expect(box).not.toBeChecked()
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-comunicacao.png` })

  await box.check()
  await form.getByRole('button', { name: 'Submeter' }).click()
  await expect(alert(page)).toContainText('Sucesso')
  await closeAlert(page, COMUNICACAO)
  await expect(page).toHaveURL('/rgpd')
  await expect(hub.getByRole('link', { name: /Consentimento de comunicações/ })).toContainText('Ativo')
  expect((await privateData(page.request)).user.data?.comunicacao).toBe(true)

  // And back: what the server keeps is what the box shows after a reload.
  await page.reload()
  await hub.getByRole('link', { name: /Consentimento de comunicações/ }).click()
  await expect(box).toBeChecked()
  await box.uncheck()
  await form.getByRole('button', { name: 'Submeter' }).click()
  await closeAlert(page, COMUNICACAO)
  await expect(hub.getByRole('link', { name: /Consentimento de comunicações/ })).toContainText('Inativo')
  expect((await privateData(page.request)).user.data?.comunicacao).toBe(false)
})

test('an address that is not the account’s gets the same answer, and no e-mail is sent to it (or to the account)', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const account = await createAccount(page, { email: ownEmail() })
  const outro = ownEmail()
  await askFromHub(page, 'Quero ser esquecido', outro)
  await askFromHub(page, 'Quero transferir os meus dados', outro)
  // The account's own address, asked after (its case does not matter): once its e-mail is in the outbox, so would be
  // whatever came before it.
  await askFromHub(page, 'Quero transferir os meus dados', account.email.toUpperCase())
  await emailLink(page.request, account.email, 'portabilidade')
  expect(await emailsTo(page.request, outro)).toEqual([])
  const enviados = await emailsTo(page.request, account.email)
  expect(enviados).toHaveLength(1)
  expect(enviados[0]?.texto).not.toContain('/rgpd/esquecimento/')
})

test('erasure: asked from the hub, confirmed from the e-mailed link; every tab signed out; the phone signs up again as a new customer', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const account = await createAccount(page, { email: ownEmail() })
  await purchase(page.request, account)
  await askFromHub(page, 'Quero ser esquecido', account.email)
  const link = await emailLink(page.request, account.email, 'esquecimento')

  // A second tab of the same browser, on the loyalty screen, its event stream open.
  const tab = await context.newPage()
  const stream = tab.waitForResponse((r) => r.url().includes('/api/eventos'))
  await tab.goto('/fidelizacao')
  await expect(tab.getByRole('region', { name: 'Saldo e pontos' })).toContainText('1,00 €')
  expect((await stream).status()).toBe(200)
  // Gone if the tab is reloaded.
  await tab.evaluate(() => {
    ;(window as unknown as { semRecarregar: boolean }).semRecarregar = true
  })

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Eliminar a conta' })).toBeVisible()
  const ecra = main(page)
  await expect(ecra).toContainText('nome, telemóvel, email, data de nascimento')
  await expect(ecra).toContainText('apagados de imediato e para sempre')
  await expect(ecra).toContainText('Perde o saldo da conta, 1,00 €, e os pontos acumulados, 20 pontos.')
  await expect(ecra).toContainText('A sessão termina em todos os dispositivos')
  await expect(ecra).toContainText('sem nenhuma ligação a si')
  await expect(ecra).toContainText('pode voltar a registar-se, como um cliente novo')
  await expect(ecra.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/perfil')
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-confirmar-eliminacao.png`, fullPage: true })

  await ecra.getByRole('button', { name: 'Confirmar' }).click()
  await expect(alert(page)).toContainText('Conta eliminada')
  await expect(page).toHaveURL(link)
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-conta-eliminada.png` })
  await closeAlert(page, ELIMINADA)
  await expect(page).toHaveURL('/')
  expect((await privateData(page.request)).user.loggedIn).toBe(false)

  // The other tab was told by the event stream, without a reload: signed out, off the loyalty screen (home, or the
  // login, whichever of the stream's events came first: the session ended, or the account changed).
  await expect(tab).toHaveURL(/\/(login)?$/, { timeout: 5000 })
  expect(await tab.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true)
  await expect(tab.getByRole('region', { name: 'Saldo e pontos' })).toHaveCount(0)
  if (new URL(tab.url()).pathname === '/login') {
    await modal(tab, 'Iniciar sessão').getByRole('button', { name: 'Fechar' }).click()
  }
  await bottomNav(tab).getByRole('link', { name: 'Conta' }).click()
  await expect(main(tab).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
  await tab.close()

  // The old password opens nothing.
  const res = await page.request.post('/login', {
    headers: { Accept: 'application/json', 'X-Api-Version': '1.0' },
    data: { telemovel: account.telemovel, pais: '351', password: account.password },
  })
  expect(res.ok()).toBe(false)

  // The same phone signs up again: a new customer, with nothing of the old one.
  // (The erasure took the number's old SMS from the outbox with it: the code read below is the new one.)
  expect(await api<{ para: string }[]>(page.request, `/api/dev/sms?para=%2B351${account.telemovel}`)).toEqual([])
  await bottomNav(page).getByRole('link', { name: 'Conta' }).click()
  await main(page).getByRole('link', { name: 'Criar conta' }).click()
  const signup = modal(page, 'Criar conta')
  await signup.getByLabel('Telemóvel', { exact: true }).fill(account.telemovel)
  await signup.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await signup.getByRole('button', { name: 'Criar conta' }).click()
  const confirmar = modal(page, 'Confirmar telemóvel')
  await confirmar.getByLabel('Código SMS').fill(await smsCode(page.request, account.telemovel))
  await confirmar.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page).toHaveURL('/alterar-dados-pessoais')
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('')
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('')
  const { user } = await privateData(page.request)
  expect(user.data).toMatchObject({ telemovel: account.telemovel, temporario: 1, saldo: 0, pontos: 0 })
  expect(user.data?.nome ?? '').toBe('')
})

test('data export: the e-mailed link explains the file, downloads it once, the JSON has the account and its purchase', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const account = await createAccount(page, { email: ownEmail() })
  const compra = await purchase(page.request, account)
  await askFromHub(page, 'Quero transferir os meus dados', account.email)
  const link = await emailLink(page.request, account.email, 'portabilidade')

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Transferir os meus dados' })).toBeVisible()
  const ecra = main(page)
  for (const parte of ['perfil', 'consentimentos', 'transações', 'pedidos', 'opiniões', 'notificações', 'dispositivos'])
    await expect(ecra).toContainText(parte)
  await expect(ecra).toContainText('Este link só funciona uma vez')
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-transferir.png`, fullPage: true })

  const download = page.waitForEvent('download')
  await ecra.getByRole('button', { name: 'Transferir os meus dados' }).click()
  const ficheiro = await download
  expect(ficheiro.suggestedFilename()).toMatch(/^balcao-dados-\d{4}-\d{2}-\d{2}\.json$/)
  await expect(ecra.getByRole('status')).toContainText('Transferência concluída')
  await expect(ecra.getByRole('button', { name: 'Transferir os meus dados' })).toHaveCount(0)
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-transferido.png`, fullPage: true })

  const dados = JSON.parse(await readFile(await ficheiro.path(), 'utf8')) as {
    perfil: { telemovel: string; nome: string; email: string }
    transacoes: { id: number }[]
  }
  expect(dados.perfil).toMatchObject({ telemovel: account.telemovel, nome: account.nome, email: account.email })
  expect(Array.isArray(dados.transacoes)).toBe(true)
  expect(dados.transacoes.map((t) => t.id)).toContain(compra)

  // The link worked once.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Não é possível usar este link' })).toBeVisible()
  await expect(main(page).getByRole('alert')).toHaveText(LINK_INVALIDO)
  await expect(main(page).getByRole('link', { name: 'Gerir RGPD' })).toHaveAttribute('href', '/rgpd')
  await expectAccessible(page)
  await page.screenshot({ path: `${SHOTS}/rgpd-link-usado.png` })
})

test('an erasure link opened signed out goes through login and back; another account’s session is told it is not theirs', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const account = await createAccount(page, { email: ownEmail() })
  await apiPost(page.request, '/rgpd/esquecimento', { email: account.email })
  const link = await emailLink(page.request, account.email, 'esquecimento')

  await logoutViaApi(page)
  await page.goto(link)
  await expect(page).toHaveURL('/login')
  await login(page, account.telemovel, account.password)
  await expect(page).toHaveURL(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Eliminar a conta' })).toBeVisible()
  // 'Cancelar' keeps the account.
  await main(page).getByRole('link', { name: 'Cancelar' }).click()
  await expect(page).toHaveURL('/perfil')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Olá, Rita Fonseca' })).toBeVisible()

  const outro = await browser.newContext({ baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })
  try {
    const telefone = await outro.newPage()
    await apiPost(telefone.request, '/api/grava-saw-onboarding', { value: true })
    await createAccount(telefone)
    await telefone.goto(link)
    await expect(main(telefone).getByRole('alert')).toHaveText(OUTRA_CONTA)
    await expect(main(telefone).getByRole('link', { name: 'Terminar sessão' })).toHaveAttribute('href', '/logout')
    await expect(main(telefone).getByRole('button', { name: 'Confirmar' })).toHaveCount(0)
    await expectAccessible(telefone)
  } finally {
    await outro.close()
  }

  // The link still works for its own account.
  await page.goto(link)
  await expect(main(page).getByRole('button', { name: 'Confirmar' })).toBeVisible()
})

test('Cancelar conta from the profile: the same confirmation, erased on Confirmar', async ({ page }) => {
  const account = await createAccount(page)
  await page.goto('/perfil')
  await main(page).getByRole('link', { name: 'Cancelar conta' }).click()
  await expect(page).toHaveURL('/cancelar-conta')
  const ecra = main(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Eliminar a conta' })).toBeVisible()
  await expect(ecra).toContainText('Perde o saldo da conta, 0,00 €, e os pontos acumulados, 0 pontos.')
  await expectAccessible(page)
  await ecra.getByRole('button', { name: 'Confirmar' }).click()
  await closeAlert(page, ELIMINADA)
  await expect(page).toHaveURL('/')
  expect((await privateData(page.request)).user.loggedIn).toBe(false)
  await bottomNav(page).getByRole('link', { name: 'Conta' }).click()
  await expect(main(page).getByRole('link', { name: 'Iniciar sessão' })).toBeVisible()
  // A guest opening it is asked to log in.
  await page.goto('/cancelar-conta')
  await expect(page).toHaveURL('/login')
  expect(account.telemovel).toBeTruthy()
})
