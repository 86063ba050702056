import type { Page } from '@playwright/test'
import type { EncomendaCliente } from '../src/shared/pedido.ts'
import { createStoreKey, pair } from './loja.ts'
import {
  API_HEADERS,
  abrirCheckout,
  api,
  DESKTOP,
  expect,
  expectAccessible,
  minutosAteAoFimDoDia,
  test,
} from './support.ts'

/**
 * Ordering ahead (decision 0044): the customer picks a 15-minute slot at the checkout, reads the time on the order's
 * screen, and the board keeps the order 'Para mais tarde' until its preparation should start, when it comes forward
 * and chimes.
 */

const LOJA = 862
/** Screenshots for a person to look at, when LEVANTAMENTO_SHOTS names a folder. */
const SHOTS = process.env.LEVANTAMENTO_SHOTS
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test('an order for a later slot: chosen at the checkout, told to the customer, kept aside on the board until it is due', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  test.skip(minutosAteAoFimDoDia() < 60, "the day's last hour in Lisbon: no later slot is left today")
  const { conta } = await abrirCheckout(page, LOJA)

  // 'Levantar': as soon as possible unless another time is picked.
  const levantar = page.getByRole('group', { name: 'Levantar' })
  await expect(levantar.getByRole('radio', { name: 'O mais cedo possível' })).toBeChecked()
  await expect(levantar).toContainText(/Fica pronto em cerca de \d+ minutos\./)
  await levantar.getByRole('radio', { name: 'À hora marcada' }).check()
  const hora = levantar.getByRole('combobox', { name: 'Hora de levantamento' })
  const opcoes = await hora.locator('option').allTextContents()
  expect(opcoes.length).toBeGreaterThan(2)
  for (const o of opcoes) expect(o).toMatch(/^\d{2}:\d{2}/)
  const escolhida = opcoes[2] as string
  await hora.selectOption({ label: escolhida })
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
  await levantar.scrollIntoViewIfNeeded()
  await shot(page, 'levantamento-1-checkout')
  if (SHOTS) await levantar.screenshot({ path: `${SHOTS}/levantamento-1a-levantar.png` })
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Finalizar e pagar', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento em curso' })).toBeVisible()
  let pedidoId: string | undefined
  await expect
    .poll(async () => {
      const lista = await api<{ id: string; telemovel: string; estado: string }[]>(page.request, '/api/dev/pagamentos')
      pedidoId = lista.find((p) => p.telemovel === conta.telemovel && p.estado === 'pendente')?.id
      return pedidoId
    })
    .toBeTruthy()
  expect((await page.request.post(`/api/dev/pagamentos/${pedidoId}/aprovar`, { headers: API_HEADERS })).ok()).toBe(true)
  await expect(page).toHaveURL(/\/carrinho\/confirmado\?encomenda=\d+/, { timeout: 15_000 })
  await expect(page.getByText(`Recebemos o seu pedido - pronto às ${escolhida}`)).toBeVisible()
  await shot(page, 'levantamento-2-confirmado')
  const orderId = Number(new URL(page.url()).searchParams.get('encomenda'))
  const pedido = await api<EncomendaCliente>(page.request, `/api/encomendas/${orderId}`)
  const preparar = Date.parse(pedido.levantar_em as string) - pedido.minutos * 60_000

  // The counter's tablet, its clock under the test's hand from now on.
  const tablet = await browser.newContext({ ...DESKTOP, baseURL, hasTouch: true })
  try {
    const quadro = await tablet.newPage()
    await quadro.clock.install({ time: new Date() })
    await pair(quadro, createStoreKey(LOJA))
    await quadro.getByRole('link', { name: 'Encomendas' }).click()
    const maisTarde = quadro.getByRole('region', { name: /Para mais tarde/ })
    const cartao = maisTarde.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
    await expect(cartao).toBeVisible()
    await expect(cartao).toContainText(`Levantar às ${escolhida}`)
    await shot(quadro, 'levantamento-3-quadro-mais-tarde')
    await expectAccessible(quadro)

    // A minute before its preparation should start it still waits; at its time it comes forward, new.
    await quadro.clock.fastForward(Math.max(0, preparar - Date.now() - 60_000))
    await expect(cartao).toBeVisible()
    await quadro.clock.fastForward(90_000)
    const recebidas = quadro.getByRole('region', { name: /Recebidas/ })
    const chegou = recebidas.getByRole('listitem').filter({ hasText: `Pedido ${orderId}` })
    await expect(chegou).toBeVisible()
    await expect(chegou).toContainText('Nova')
    await expect(chegou).toContainText(`Levantar às ${escolhida}`)
    await expect(cartao).toHaveCount(0)
    await shot(quadro, 'levantamento-4-quadro-chegou')
  } finally {
    await tablet.close()
  }
})
