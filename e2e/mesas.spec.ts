import type { Page } from '@playwright/test'
import { adminNaConsola } from './admin-support.ts'
import { createStoreKey, pair } from './loja.ts'
import { aprovarMbway, createAccount, DESKTOP, expect, expectAccessible, produtoSimples, test } from './support.ts'

/**
 * Ordering from the table (decision 0045): the back-office prints a store's tables' QR codes; a customer opens one,
 * orders eating in at that table, and the board shows the table on the order. A code not genuine is refused.
 */

const LOJA = 862
/** Screenshots for a person to look at, when MESAS_SHOTS names a folder. */
const SHOTS = process.env.MESAS_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test("a table's QR code: printed in the back-office, opened by a customer, the table on the board", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  // The back-office prints the codes of the store's tables (the demo's Chiado has twelve).
  const escritorio = await browser.newContext({ ...DESKTOP, baseURL })
  let url: string
  try {
    const admin = await escritorio.newPage()
    await adminNaConsola(admin, 'mesas')
    await admin.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Lojas', exact: true }).click()
    await admin.getByRole('link', { name: 'Códigos das mesas de Nata & Grão Chiado' }).click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Códigos das mesas — Nata & Grão Chiado' })).toBeVisible()
    const folha = admin.getByRole('list', { name: 'Códigos das mesas' })
    await expect(folha.getByRole('listitem')).toHaveCount(12)
    const qr = folha.getByRole('img', { name: 'Código QR da Mesa 7' })
    await expect(qr).toBeVisible()
    // Drawn: the QR code's path has its modules.
    await expect(qr.locator('path')).toHaveAttribute('d', /^M/)
    await expect(admin.getByRole('button', { name: 'Imprimir' })).toBeVisible()
    await shot(admin, 'mesas-1-folha')
    await expectAccessible(admin)
    url = (await qr.getAttribute('data-url')) as string
    expect(url).toMatch(new RegExp(`/mesa/${LOJA}-7-[A-Za-z0-9_-]{16}$`))
  } finally {
    await escritorio.close()
  }

  // A customer scans table 7's code in a browser with no session: the store's catalogue at that table, open to a
  // visitor; the table is kept while they sign in.
  await page.goto(new URL(url).pathname)
  await expect(page).toHaveURL(/\/catalogo$/)
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText('Mesa 7')
  const conta = await createAccount(page)
  const produto = await produtoSimples(page.request, LOJA)
  await page.goto('/catalogo')
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText('Nata & Grão Chiado')
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText('Comer Na loja · Mesa 7')
  await shot(page, 'mesas-2-catalogo')
  await page.goto(`/catalogo/${produto.idCategoria}/${produto.id}`)
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  await page.goto('/carrinho')
  await page.getByRole('link', { name: /^Pagamento - / }).click()
  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
  const tipo = page.getByRole('group', { name: 'Tipo de entrega' })
  await expect(tipo.getByRole('radio', { name: 'Comer Na loja' })).toBeChecked()
  await expect(tipo.getByRole('radio', { name: 'Take-Away' })).toBeDisabled()
  await expect(tipo).toContainText('Mesa 7: a encomenda é servida à mesa.')
  await expect(page.getByRole('group', { name: 'Levantar' })).toHaveCount(0)
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await shot(page, 'mesas-3-checkout')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Finalizar e pagar', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento em curso' })).toBeVisible()
  await aprovarMbway(page.request, conta.telemovel)
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/, { timeout: 15_000 })
  const orderId = Number(new URL(page.url()).searchParams.get('encomenda'))

  // The board: the order with its table.
  const tablet = await browser.newContext({ ...DESKTOP, baseURL, hasTouch: true })
  try {
    const quadro = await tablet.newPage()
    await pair(quadro, createStoreKey(LOJA))
    await quadro.getByRole('link', { name: 'Encomendas' }).click()
    const cartao = quadro.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
    await expect(cartao).toContainText('Mesa 7')
    await expect(cartao).toContainText('Comer Na loja')
    await shot(quadro, 'mesas-4-quadro')
  } finally {
    await tablet.close()
  }

  // A code altered by hand: refused, with the way back.
  const alterado = new URL(url).pathname.replace(`/mesa/${LOJA}-7-`, `/mesa/${LOJA}-8-`)
  await page.goto(alterado)
  await expect(page.getByRole('alert')).toContainText('Este código de mesa não é válido.')
  await expect(page.getByRole('link', { name: 'Ver o catálogo' })).toBeVisible()
  await shot(page, 'mesas-5-recusado')
})
