import type { Locator, Page } from '@playwright/test'
import type { Catalogo } from '../src/shared/catalogo.ts'
import { adminNaConsola } from './admin-support.ts'
import { API_HEADERS, api, createAccount, DESKTOP, expect, expectAccessible, PHONE, test } from './support.ts'

/**
 * Price tiers per store (decision 0026, decision 0026), end to end: a manager sets the Chiado's price for eating in to the
 * POS's `pvp2` (0,20 € over the counter's) in the back-office; a customer eating in sees it in the catalogue, the
 * product, the cart and the checkout, whose total follows the kind of sale chosen there. The setting is put back at
 * the end (the back-office runs after the customer journeys, before Lighthouse); nothing is ordered.
 */

const LOJA = 'Nata & Grão Chiado'
const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')}\u00a0€`

test.use({ ...DESKTOP })

/** Opens the store's form, sets its price for eating in, saves it. */
async function precoNaLoja(page: Page, valor: 'pvp2' | 'precovenda'): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Secções' }).getByRole('link', { name: 'Restaurantes e lojas' }).click()
  await page.getByRole('button', { name: `Editar a loja ${LOJA}` }).click()
  const takeAway = page.getByRole('combobox', { name: 'Preço em Take-Away' })
  const naLoja = page.getByRole('combobox', { name: 'Preço para comer na loja' })
  await expect(takeAway).toHaveValue('precovenda')
  await naLoja.selectOption(valor)
  await page.getByRole('button', { name: 'Guardar loja' }).click()
  await expect(page.getByRole('status').filter({ hasText: `«${LOJA}» foi guardado.` })).toBeVisible()
  return naLoja
}

test('a manager charges eating in another price tier; the customer sees it from the catalogue to the checkout', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await adminNaConsola(page, 'precos')
  await precoNaLoja(page, 'pvp2')
  try {
    await page.getByRole('button', { name: `Editar a loja ${LOJA}` }).click()
    const naLoja = page.getByRole('combobox', { name: 'Preço para comer na loja' })
    await expect(naLoja).toHaveValue('pvp2')
    await expect(naLoja.locator('option:checked')).toHaveText('Preço 2 (pvp2)')
    await expect(naLoja.locator('option')).toHaveCount(10)
    await expectAccessible(page)

    const telefone = await browser.newContext({ ...PHONE, baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' })
    const cliente = await telefone.newPage()
    try {
      const visto = await cliente.request.post('/api/grava-saw-onboarding', {
        headers: API_HEADERS,
        data: { value: true },
      })
      expect(visto.ok()).toBe(true)
      await createAccount(cliente)
      const nata = (await api<Catalogo>(cliente.request, '/api/catalogo/862')).categorias
        .flatMap((c) => c.produtos)
        .find((p) => p.nome === 'Pastel de nata')
      if (!nata) throw new Error('no Pastel de nata at 862')
      expect(nata.pvp_na_loja_com_iva - nata.pvp_com_iva).toBe(20)
      const [balcao, mesa] = [nata.pvp_com_iva, nata.pvp_na_loja_com_iva]

      await cliente.goto('/')
      await cliente.evaluate(() => {
        localStorage.setItem(
          'balcao.encomenda',
          JSON.stringify({ id_loja: 862, id_tipo_entrega: 1, usar_premio: 0, linhas: [] }),
        )
      })
      await cliente.goto('/catalogo')
      await expect(cliente.locator('#conteudo .enc-loja-atual')).toContainText('Comer Na loja')
      const cartao = cliente.getByRole('link', { name: /^Pastel de nata/ }).first()
      await expect(cartao).toContainText(euros(mesa))
      await cartao.click()
      await cliente.getByRole('button', { name: `Adicionar - ${euros(mesa)}` }).click()
      await cliente.getByRole('link', { name: /Ver carrinho/ }).click()
      await expect(cliente.getByRole('link', { name: `Pagamento - ${euros(mesa)}` })).toBeVisible()
      const unidades = 1

      // The checkout asks the server for the price of the kind of sale chosen there, and follows a change of it.
      await cliente.getByRole('link', { name: /^Pagamento - / }).click()
      await expect(cliente.getByRole('radio', { name: 'Comer Na loja' })).toBeChecked()
      await expect(cliente.getByText(`Paga ${euros(unidades * mesa)} com`)).toBeVisible()
      await cliente.getByRole('radio', { name: 'Take-Away' }).check()
      await expect(cliente.getByText(`Paga ${euros(unidades * balcao)} com`)).toBeVisible()
      await cliente.getByRole('radio', { name: 'Comer Na loja' }).check()
      await expect(cliente.getByText(`Paga ${euros(unidades * mesa)} com`)).toBeVisible()
    } finally {
      await telefone.close()
    }
  } finally {
    await precoNaLoja(page, 'precovenda')
  }
  const depois = (await api<Catalogo>(page.request, '/api/catalogo/862')).categorias.flatMap((c) => c.produtos)
  expect(depois.every((p) => p.pvp_na_loja_com_iva === p.pvp_com_iva)).toBe(true)
})
