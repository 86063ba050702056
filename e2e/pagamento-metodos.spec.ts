import type { Page } from '@playwright/test'
import { createStoreKey, pair } from './loja.ts'
import {
  API_HEADERS,
  abrirCheckout,
  api,
  DESKTOP,
  expect,
  expectAccessible,
  minutosAteAoFimDoDia,
  type PagamentoDev,
  test,
} from './support.ts'

/**
 * Every way to pay (decision 0048), in the sandbox: the card on the provider's page and back, followed live to the
 * confirmation; a Multibanco reference that waits as 'A aguardar pagamento', is paid at the "ATM" and reaches the board.
 */

const LOJA = 862
/** Screenshots for a person to look at, when PAGAMENTOS_SHOTS names a folder. */
const SHOTS = process.env.PAGAMENTOS_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test('pays by card on the provider’s page, comes back, and follows the order to the confirmation', async ({ page }) => {
  test.setTimeout(120_000)
  await abrirCheckout(page, LOJA)
  const metodos = page.getByRole('group', { name: 'Método de pagamento' })
  await expect(metodos.getByRole('radio', { name: 'MB WAY' })).toBeChecked()
  const multibanco = minutosAteAoFimDoDia() > 45 ? ['Multibanco'] : [] // not in the day's last 30 minutes
  for (const nome of [...multibanco, 'Cartão']) await expect(metodos.getByRole('radio', { name: nome })).toBeVisible()
  await metodos.getByRole('radio', { name: 'Cartão' }).check()
  await expect(page.getByText('na página segura de pagamento')).toBeVisible()
  // The pre-contract summary names the means of payment chosen (DL 24/2014, art. 4).
  await expect(page.getByRole('region', { name: 'Resumo antes de pagar' })).toContainText(
    'Paga com cartão ao finalizar.',
  )
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await shot(page, 'metodos-1-checkout-cartao')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Finalizar e pagar', exact: true }).click()

  // The provider's page (the sandbox's, in its place): paid there, sent back to the app.
  await expect(page.getByRole('heading', { name: /Pagamento de teste: Cartão/ })).toBeVisible()
  await shot(page, 'metodos-2-pagina-fornecedor')
  await page.getByRole('button', { name: 'Pagar' }).click()
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/, { timeout: 20_000 })
  await expect(page.getByText(/Recebemos o seu pedido/)).toBeVisible()
  await shot(page, 'metodos-3-confirmado')
})

test('a card payment cancelled on the provider’s page: back in the app, try again or choose another method', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await abrirCheckout(page, LOJA)
  await page.getByRole('group', { name: 'Método de pagamento' }).getByRole('radio', { name: 'Cartão' }).check()
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await page.getByRole('button', { name: 'Finalizar e pagar', exact: true }).click()
  await page.getByRole('button', { name: 'Cancelar e voltar' }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento não concluído' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Tentar novamente' })).toBeVisible()
  await shot(page, 'metodos-4-cancelado')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Escolher outro método' }).click()
  await expect(page.getByRole('heading', { name: 'Finalizar encomenda' })).toBeVisible()
  // The cart is still there: the same checkout, another method.
  await expect(page.getByRole('group', { name: 'Método de pagamento' })).toBeVisible()
})

test('a Multibanco order waits for its payment, is paid at the ATM, and reaches the board', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  test.skip(
    minutosAteAoFimDoDia() <= 45,
    "the day's last minutes in Lisbon: Multibanco is not offered (its reference would die)",
  )
  await abrirCheckout(page, LOJA)
  await page.getByRole('group', { name: 'Método de pagamento' }).getByRole('radio', { name: 'Multibanco' }).check()
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await page.getByRole('button', { name: 'Finalizar e pagar', exact: true }).click()

  await expect(page.getByRole('heading', { name: 'A aguardar pagamento' })).toBeVisible()
  const orderId = Number(new URL(page.url()).searchParams.get('encomenda'))
  let pedido: PagamentoDev & { entidade: string | null; referencia: string | null } = {} as never
  await expect
    .poll(async () => {
      const lista = await api<(typeof pedido)[]>(page.request, '/api/dev/pagamentos')
      const achado = lista.find((p) => p.metodo === 'multibanco' && p.estado === 'pendente')
      if (achado) pedido = achado
      return achado !== undefined
    })
    .toBe(true)
  const dados = page.getByRole('region', { name: 'Referência Multibanco' })
  await expect(dados).toContainText(`Entidade${pedido.entidade}`)
  const referencia = (pedido.referencia ?? '').replace(/(\d{3})(?=\d)/g, '$1 ')
  await expect(dados).toContainText(`Referência${referencia}`)
  await expect(dados).toContainText(/Pagar até\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  await shot(page, 'metodos-5-multibanco')
  await expectAccessible(page)

  // Paid at the ATM: the screen follows it to the confirmation, and the counter's board has it.
  expect((await page.request.post(`/api/dev/pagamentos/${pedido.id}/aprovar`, { headers: API_HEADERS })).ok()).toBe(
    true,
  )
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/, { timeout: 20_000 })
  await expect(page.getByText(/Recebemos o seu pedido/)).toBeVisible()
  const tablet = await browser.newContext({ ...DESKTOP, baseURL, hasTouch: true })
  try {
    const quadro = await tablet.newPage()
    await pair(quadro, createStoreKey(LOJA))
    await quadro.getByRole('link', { name: 'Encomendas' }).click()
    const recebidas = quadro.getByRole('region', { name: /Recebidas/ })
    await expect(recebidas.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })).toBeVisible()
    await shot(quadro, 'metodos-6-quadro')
  } finally {
    await tablet.close()
  }
})
