import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { todosOsDias } from './horario.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'
const CALLBACK =
  '/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]'

describe.each(testDialects())('orders paid through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
  let t: TestApp
  let api: IfthenpayServer
  let cliente: ReturnType<typeof device>
  let chaveLoja: string
  let base: string

  beforeEach(async () => {
    api = await startIfthenpayServer()
    const clock = manualClock('2026-11-23T12:00:00.000Z')
    t = await createTestApp(
      dialect,
      {
        PAYMENT_PROVIDER: 'ifthenpay',
        IFTHENPAY_MBWAY_KEY: api.mbWayKey,
        IFTHENPAY_ANTI_PHISHING_KEY: api.antiPhishingKey,
        IFTHENPAY_BACKOFFICE_KEY: api.backofficeKey,
        IFTHENPAY_API_URL: api.url,
      },
      { clock },
    )
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
    })
    chaveLoja = (await lojasChavesRepo(db, clock).create(862, 'pos')).chave
    await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chaveLoja}` },
      payload: ementaDeTeste(),
    })
    await insertContas(db, [TELEMOVEL], PASSWORD)
    cliente = device(t)
    await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterEach(async () => {
    await t.close()
    await api.close()
  })

  async function encomendar() {
    const res = await cliente.call(
      'POST',
      '/api/finaliza-encomenda',
      {
        id_tipo_entrega: 1,
        telemovel: TELEMOVEL,
        pais: '351',
        aceitou: true,
        nome: 'Ana',
        email: 'ana@example.pt',
        nif: '',
        cart: [{ id: '1001', qtd: 2 }],
        id_loja: 862,
        usar_premio: 0,
      },
      { 'idempotency-key': `k-${Math.random()}` },
    )
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orderData as { orderId: number; valor_pago: number }
  }
  const estado = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data.status
  const compras = () => t.database.db.selectFrom('transacoes').select('id').where('tipo', '=', 'compra').execute()

  it('asks ifthenpay for the payment; its callback, confirmed by a status call, pays the order once', async () => {
    const order = await encomendar()
    const pedido = api.pedidos.at(-1)
    expect(pedido).toMatchObject({ orderId: `E${order.orderId}`, amount: '2.60', mobileNumber: TELEMOVEL })
    const requestId = pedido?.requestId ?? ''

    // A callback with the right key for a request the customer has not paid: the status call says pending; nothing.
    expect((await api.enviarCallback(`${base}${CALLBACK}`, requestId)).status).toBe(200)
    expect(await estado(order.orderId)).toBe(-3)

    api.pagar(requestId)
    // A forged one (wrong key) is refused and asks nothing.
    const before = api.chamadas.length
    expect((await api.enviarCallback(`${base}${CALLBACK}`, requestId, 'adivinhada')).status).toBe(403)
    expect(api.chamadas.length).toBe(before)
    expect(await estado(order.orderId)).toBe(-3)

    expect((await api.enviarCallback(`${base}${CALLBACK}`, requestId)).status).toBe(200)
    expect(await estado(order.orderId)).toBe(-1)
    // Replays change nothing.
    for (let i = 0; i < 3; i++) await api.enviarCallback(`${base}${CALLBACK}`, requestId)
    await t.app.reconciliarPagamentos()
    expect(await compras()).toHaveLength(1)
  })

  it('a callback whose amount or order does not match our request changes nothing', async () => {
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    const wrong = await fetch(
      `${base}/api/pagamentos/ifthenpay/callback?chave=${api.antiPhishingKey}&referencia=E${order.orderId}&id=${requestId}&valor=0.01`,
    )
    expect(wrong.status).toBe(200)
    expect(await estado(order.orderId)).toBe(-3)
    // The minute's reconciliation still finds the real payment.
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-1)
  })

  it('the store cancels a paid order: ifthenpay refunds it; a failed refund is retried by the reconciliation', async () => {
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    await t.app.reconciliarPagamentos()
    api.semFundos = true
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/loja/v1/encomendas/${order.orderId}/cancelar`,
      headers: { authorization: `Bearer ${chaveLoja}`, 'idempotency-key': 'c1' },
      payload: { motivo: 'Esgotado' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(api.pedidos.at(-1)?.refunded).toEqual([])
    api.semFundos = false
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
  })

  it('a request ifthenpay refuses cancels the order and says so on the phone field', async () => {
    const res = await cliente.call(
      'POST',
      '/api/finaliza-encomenda',
      {
        id_tipo_entrega: 0,
        telemovel: '912345678',
        pais: '34',
        aceitou: true,
        nome: 'Ana',
        email: 'ana@example.pt',
        nif: '',
        cart: [{ id: '1001', qtd: 1 }],
        id_loja: 862,
      },
      { 'idempotency-key': 'x' },
    )
    // A Spanish number must be valid for Spain: refused before asking ifthenpay.
    expect(res.statusCode).toBe(400)
    api.falhar = true
    const down = await cliente.call(
      'POST',
      '/api/finaliza-encomenda',
      {
        id_tipo_entrega: 0,
        telemovel: TELEMOVEL,
        pais: '351',
        aceitou: true,
        nome: 'Ana',
        email: 'ana@example.pt',
        nif: '',
        cart: [{ id: '1001', qtd: 1 }],
        id_loja: 862,
      },
      { 'idempotency-key': 'y' },
    )
    api.falhar = false
    expect(down.statusCode).toBe(502)
    expect(down.json().error.message).toBe('Não foi possível submeter o carrinho. Tente mais tarde')
    const [cancelada] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(cancelada).toMatchObject({ estado: -9 })
  })
})
