import type { Page } from '@playwright/test'
import type { Catalogo } from '../src/shared/catalogo.ts'
import { api, createAccount, expect, expectAccessible, PHONE, test } from './support.ts'

/**
 * Price tiers per store (decision 0026, decision 0026): Santa Catarina (861) charges its tables the POS's `pvp2` (0,20 €
 * over the counter's price), take-away `precovenda`, as its manager set in the back-office. The customer sees the price
 * of the kind of sale chosen in the 'Loja' modal. Only reads: 861's pause (admin-lojas.spec.ts) and hours leave them
 * be, and nothing here changes what another journey reads.
 */

const LOJA = 'Nata & Grão Santa Catarina'
const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')}\u00a0€`

/**
 * The device has chosen 861 and the kind of sale (as the 'Loja' modal leaves them; the modal offers only the stores
 * open now, and 861 closes at night), on the catalogue.
 */
async function escolhida(page: Page, tipo: 0 | 1) {
  if (!page.url().startsWith('http')) await page.goto('/')
  await page.evaluate((t) => {
    localStorage.setItem(
      'balcao.encomenda',
      JSON.stringify({ id_loja: 861, id_tipo_entrega: t, usar_premio: 0, linhas: [] }),
    )
  }, tipo)
  await page.goto('/catalogo')
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText(LOJA)
  await expect(page.locator('#conteudo .enc-loja-atual')).toContainText(tipo === 1 ? 'Comer Na loja' : 'Take-Away')
}

test.use(PHONE)

test('the catalogue and a product show the price of the kind of sale chosen', async ({ page }) => {
  test.setTimeout(60_000)
  await createAccount(page)
  const nata = (await api<Catalogo>(page.request, '/api/catalogo/861')).categorias
    .flatMap((c) => c.produtos)
    .find((p) => p.nome === 'Pastel de nata')
  if (!nata) throw new Error('no Pastel de nata at 861')
  expect(nata.pvp_na_loja_com_iva - nata.pvp_com_iva).toBe(20)

  await escolhida(page, 0)
  const cartao = page.getByRole('link', { name: /^Pastel de nata/ }).first()
  await expect(cartao).toContainText(euros(nata.pvp_com_iva))

  await escolhida(page, 1)
  await expect(cartao).toContainText(euros(nata.pvp_na_loja_com_iva))
  await expect(cartao).not.toContainText(euros(nata.pvp_com_iva))
  await cartao.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pastel de nata' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Adicionar - ${euros(nata.pvp_na_loja_com_iva)}` })).toBeVisible()
  await expectAccessible(page)
})
