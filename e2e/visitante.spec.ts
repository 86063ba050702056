import type { Page } from '@playwright/test'
import {
  createAccount,
  escolherLojaNoCatalogo,
  expect,
  expectAccessible,
  logoutViaApi,
  produtoSimples,
  test,
} from './support.ts'

/**
 * A visitor who has not signed in browses a store's catalogue, a product, and fills a cart (decision 0049); at the
 * checkout they sign in, and come back to it, the cart as they left it.
 */

const LOJA = 862
const SHOTS = process.env.VISITANTE_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test('a visitor browses the catalogue and fills a cart signed out; the checkout signs them in and keeps the cart', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // An account to sign in with later, made in this browser and signed out of again: the visitor is anonymous.
  const conta = await createAccount(page)
  await logoutViaApi(page)
  const produto = await produtoSimples(page.request, LOJA)

  await escolherLojaNoCatalogo(page)
  await expect(page).toHaveURL(/\/catalogo$/)
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText('Nata & Grão Chiado')
  await shot(page, 'visitante-1-catalogo')
  await expectAccessible(page)
  await page.goto(`/catalogo/${produto.idCategoria}/${produto.id}`)
  await expect(page.getByRole('heading', { name: produto.nome })).toBeVisible()
  await page.getByRole('button', { name: /^Adicionar - / }).click()
  await page.goto('/carrinho')
  await expect(page.locator('.enc-linha-nome').filter({ hasText: produto.nome })).toBeVisible()
  await shot(page, 'visitante-2-carrinho')
  await expectAccessible(page)

  // The checkout offers to sign in (or to order as a guest: convidado.spec.ts): signed in, back to it with the cart.
  await page.getByRole('link', { name: /^Pagamento - / }).click()
  await expect(page.getByRole('heading', { name: 'Como quer encomendar?' })).toBeVisible()
  await page.getByRole('link', { name: 'Iniciar sessão' }).click()
  const dialog = page.getByRole('dialog', { name: 'Iniciar sessão' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Telemóvel', { exact: true }).fill(conta.telemovel)
  await dialog.getByLabel('Password', { exact: true }).fill(conta.password)
  await dialog.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('region', { name: 'A sua encomenda' })).toContainText(produto.nome)
})
