import { createStoreKey, pair } from './loja.ts'
import { expect, expectAccessible, test } from './support.ts'

/**
 * The orders board on the counter's tablet (STORE-API.md "Staff pages"): what staff set on it stays set. The journeys
 * of an order across the board are in encomendas.spec.ts, beside the customer's screen they move.
 */

const LOJA = 862
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 })

test('the sound, turned off on the board, stays off after a reload, and back on once turned on', async ({ page }) => {
  await pair(page, createStoreKey(LOJA))
  await page.getByRole('link', { name: 'Encomendas' }).click()
  await expect(page.getByRole('heading', { name: 'Encomendas', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Desligar som' }).click()
  await expect(page.getByText('Som desligado')).toBeVisible()
  await expectAccessible(page)
  await page.reload()
  await expect(page.getByText('Som desligado')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Desligar som' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Ligar som' }).click()
  // On, and unlocked by that tap: the board chimes for the next order.
  await expect(page.getByText('Som ativo')).toBeVisible()
  await page.reload()
  // On after the reload too; the browser lets it play once someone touches the page again.
  await expect(page.getByRole('button', { name: 'Desligar som' })).toBeVisible()
  await expect(page.getByText('Som desligado')).toHaveCount(0)
})
