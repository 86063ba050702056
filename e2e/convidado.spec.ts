import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { createStoreKey } from './loja.ts'
import {
  api,
  escolherLojaNoCatalogo,
  expect,
  expectAccessible,
  produtoSimples,
  randomPhone,
  smsCode,
  test,
} from './support.ts'

/**
 * Guest checkout (decision 0050): a visitor orders without an account, the phone confirmed by an SMS code; pays by card
 * on the sandbox's page; follows the order as the store moves it, on the device and by the SMS's link on another; and,
 * after paying, joins with the same phone and sees that order's points.
 */

const LOJA = 862
/** Screenshots for a person to look at, when CONVIDADO_SHOTS names a folder. */
const SHOTS = process.env.CONVIDADO_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A visitor at the checkout with one product in the cart, confirming `telemovel` as a guest. */
async function checkoutComoConvidado(page: Page, telemovel: string) {
  const produto = await produtoSimples(page.request, LOJA)
  await escolherLojaNoCatalogo(page)
  await page.goto(`/catalogo/${produto.idCategoria}/${produto.id}`)
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  await page.goto('/carrinho')
  await page.getByRole('link', { name: /^Pagamento - / }).click()
  await expect(page.getByRole('heading', { name: 'Como quer encomendar?' })).toBeVisible()
  await shot(page, 'convidado-1-entrada')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Continuar sem conta' }).click()
  await page.getByLabel('Telemóvel', { exact: true }).fill(telemovel)
  await page.getByRole('button', { name: 'Enviar código' }).click()
  await expect(page.getByRole('heading', { name: 'Confirmar telemóvel' })).toBeVisible()
  const codigo = await smsCode(page.request, telemovel)
  await page.getByLabel('Código SMS').fill(codigo)
  await shot(page, 'convidado-2-codigo')
  await page.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'A sua encomenda' })).toContainText(produto.nome)
  return { produto, codigo }
}

/** Pays on the sandbox's card page, back to the confirmation: the order's id. */
async function pagarComCartao(page: Page) {
  await page.getByRole('group', { name: 'Método de pagamento' }).getByRole('radio', { name: 'Cartão' }).check()
  await page.getByRole('textbox', { name: /^Nome/ }).fill('Joana Turista')
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await page.getByRole('button', { name: 'Finalizar e pagar', exact: true }).click()
  await expect(page.getByRole('heading', { name: /Pagamento de teste: Cartão/ })).toBeVisible()
  await page.getByRole('button', { name: 'Pagar' }).click()
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/, { timeout: 20_000 })
  await expect(page.getByText(/Recebemos o seu pedido/)).toBeVisible()
  return Number(new URL(page.url()).searchParams.get('encomenda'))
}

/** The store moves the order, as its board does (the Store API). */
async function avancar(request: APIRequestContext, chave: string, id: number, estado: number) {
  const res = await request.post(`/api/loja/v1/encomendas/${id}/estado`, {
    headers: { Authorization: `Bearer ${chave}`, 'Idempotency-Key': randomUUID() },
    data: { estado },
  })
  expect(res.ok(), `estado ${estado} → ${res.status()} ${await res.text()}`).toBe(true)
}

/** The link of the SMS sent when the order was placed. */
async function ligacaoDoSms(request: APIRequestContext, telemovel: string): Promise<string> {
  let ligacao = ''
  await expect
    .poll(async () => {
      const outbox = await api<{ para: string; texto: string }[]>(request, `/api/dev/sms?para=%2B351${telemovel}`)
      ligacao =
        outbox.map((s) => s.texto.match(/https?:\/\/\S+\/api\/convidado\/seguir\/\S+/)?.[0] ?? '').find(Boolean) ?? ''
      return ligacao !== ''
    })
    .toBe(true)
  return ligacao
}

test('a guest orders, pays by card and follows the order live, on the device and by the SMS’s link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const telemovel = randomPhone()
  await checkoutComoConvidado(page, telemovel)
  // No balance to use, and the e-mail is optional.
  await expect(page.getByText(/saldo em conta/)).toHaveCount(0)
  await expect(page.getByText('Opcional: para receber a confirmação do pedido.')).toBeVisible()
  await shot(page, 'convidado-3-checkout')
  await expectAccessible(page)
  const id = await pagarComCartao(page)
  // A guest's order: points to keep, no account's links.
  await expect(page.getByRole('button', { name: 'Guardar os pontos desta compra' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'As minhas encomendas' })).toHaveCount(0)
  await shot(page, 'convidado-4-confirmado')
  await expectAccessible(page)

  // The store starts it: the screen follows without a reload.
  const chave = createStoreKey(LOJA)
  await avancar(page.request, chave, id, 1)
  await expect(page.getByRole('listitem').filter({ hasText: 'Em preparação' })).toHaveAttribute(
    'aria-current',
    'step',
    { timeout: 20_000 },
  )

  // The SMS's link opens the same order on another phone, with no onboarding before it.
  const ligacao = new URL(await ligacaoDoSms(page.request, telemovel))
  const outro = await browser.newContext({ baseURL })
  try {
    const telefone = await outro.newPage()
    await telefone.goto(`${ligacao.pathname}${ligacao.search}`)
    await expect(telefone).toHaveURL(new RegExp(`/carrinho/confirmado\\?encomenda=${id}$`), { timeout: 20_000 })
    await expect(telefone.getByRole('heading', { name: `Pedido n.º ${id}` })).toBeVisible()
    await avancar(page.request, chave, id, 2)
    await expect(telefone.getByText(/está pronto/)).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(/está pronto/)).toBeVisible({ timeout: 20_000 })
    await shot(telefone, 'convidado-5-pela-ligacao')
  } finally {
    await outro.close()
  }
})

test('a guest joins after paying, with the same phone, and sees that order’s points', async ({ page }) => {
  test.setTimeout(150_000)
  const telemovel = randomPhone()
  const { codigo: doConvidado } = await checkoutComoConvidado(page, telemovel)
  const id = await pagarComCartao(page)

  await page.getByRole('button', { name: 'Guardar os pontos desta compra' }).click()
  const registo = page.getByRole('dialog', { name: 'Criar conta' })
  await expect(registo).toBeVisible()
  await expect(registo.getByLabel('Telemóvel', { exact: true })).toHaveValue(telemovel)
  await registo.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await registo.getByRole('button', { name: 'Criar conta' }).click()
  const confirmar = page.getByRole('dialog', { name: 'Confirmar telemóvel' })
  await confirmar.getByLabel('Código SMS').fill(await smsCode(page.request, telemovel, doConvidado))
  await confirmar.getByRole('button', { name: 'Confirmar' }).click()

  // The personal data (only a complete account earns), then back to the order, whose points are kept.
  await expect(page.getByRole('heading', { level: 1, name: 'Dados pessoais' })).toBeVisible({ timeout: 15_000 })
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Joana Turista')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('joana.turista@example.pt')
  await page.getByLabel('Data de nascimento').fill('1992-03-14')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('246801')
  await page.getByRole('textbox', { name: 'Confirmação da password' }).fill('246801')
  await page.getByRole('checkbox', { name: /Li e aceito os Termos e Condições e a Política de privacidade/ }).check()
  await page.getByRole('button', { name: 'Guardar' }).click()
  const alerta = page.getByRole('alertdialog')
  await expect(alerta).toContainText('Alteração de dados efetuada')
  await alerta.getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL(new RegExp(`/carrinho/confirmado\\?encomenda=${id}$`), { timeout: 20_000 })
  const pontos = page.getByRole('region', { name: 'Pontos' })
  await expect(pontos.getByText('Pontos acumulados')).toBeVisible({ timeout: 20_000 })
  await expect(pontos.getByRole('button', { name: 'Guardar os pontos desta compra' })).toHaveCount(0)
  const encomenda = await api<{ pointsAdded: number; convidado: boolean }>(page.request, `/api/encomendas/${id}`)
  expect(encomenda.convidado).toBe(false)
  expect(encomenda.pointsAdded).toBeGreaterThan(0)
  await expect(pontos.locator('dd').first()).toHaveText(String(encomenda.pointsAdded))
  await shot(page, 'convidado-6-pontos')
  await expectAccessible(page)
  // The order is the account's now: in 'As minhas encomendas'.
  const historico = await api<{ encomendas: { orderId: number }[] }>(page.request, '/api/encomendas')
  expect(historico.encomendas.map((e) => e.orderId)).toEqual([id])
})
