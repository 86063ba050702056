import { beforeEach, describe, expect, it } from 'vitest'
import { pedidoDeTeste as pedidoBase, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertContas, insertSaldo } from '../../testing/fixtures.ts'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { PASSWORD, setupOrders, TELEMOVEL } from './testing.ts'

describe.each(testDialects())('orders: checkout, MB WAY sandbox, the board on %s', (dialect) => {
  const scene = setupOrders(dialect)
  const { finalizar, pagamentos, responder, loja, saldo, movimentos, clock } = scene
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveOutra: string

  beforeEach(() => {
    ;({ t, cliente, clienteId, chaveOutra } = scene)
  })

  it('creates the order waiting for MB WAY; the phone approves; the order is paid once, earns, and reaches the board', async () => {
    const res = await finalizar(pedidoBase())
    expect(res.statusCode, res.body).toBe(201)
    const { orderData, privateData } = res.json().data
    expect(orderData).toMatchObject({
      status: -3,
      pago: false,
      total: TOTAL,
      desconto: 0,
      valor_pago: TOTAL,
      loja: expect.any(String),
      pagamento: { metodo: 'MB WAY', telemovel: TELEMOVEL, pais: '351', expira_em: '2026-11-23T12:04:00.000Z' },
    })
    expect(orderData.linhas[0]).toEqual({
      produto: 'Galão',
      qtd: 2,
      complementos: ['Leite de aveia'],
      opcoes: ['Sem açúcar'],
      porcao: 'dose',
      observacoes: null,
      total: 400,
    })
    expect(privateData.ordering.map((o: { orderId: number }) => o.orderId)).toEqual([orderData.orderId])
    // Not paid: not on the board yet.
    expect((await loja('GET', '/encomendas')).json().data).toEqual([])

    const [pedido] = await pagamentos()
    expect(pedido).toMatchObject({ telemovel: TELEMOVEL, valor: TOTAL, estado: 'pendente' })
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    // A second answer from the phone is refused, and changes nothing.
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(404)

    const lida = await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)
    expect(lida.statusCode, lida.body).toBe(200)
    const pago = lida.json().data
    expect(pago).toMatchObject({ status: -1, pago: true, pointsAdded: 7, pagamento: null })
    const compras = (await movimentos()).filter((m) => m.tipo === 'compra')
    expect(compras).toHaveLength(1)
    // 5% of 7,90 € is 0,395 € → 0,40 € of credit.
    expect(compras[0]).toMatchObject({ valor_pago: TOTAL, pontos_ganhos: 7, saldo_adicionado: 40 })

    const board = (await loja('GET', '/encomendas?estado=-1,1')).json().data
    expect(board).toEqual([
      expect.objectContaining({
        id: orderData.orderId,
        estado: -1,
        nome: 'Ana Silva',
        total: TOTAL,
        valor_pago: TOTAL,
      }),
    ])
    // Another store sees none of it.
    expect((await loja('GET', '/encomendas', undefined, 'x', chaveOutra)).json().data).toEqual([])
    // Nor does the reconciliation change anything more.
    await t.app.reconciliarPagamentos()
    expect((await movimentos()).filter((m) => m.tipo === 'compra')).toHaveLength(1)
  })

  it('holds the balance used while MB WAY waits, and gives it back when the phone refuses', async () => {
    await insertSaldo(t.database.db, clienteId, 250)
    const res = await finalizar(pedidoBase({ usar_premio: 1 }))
    expect(res.statusCode, res.body).toBe(201)
    const { orderData, privateData } = res.json().data
    expect(orderData).toMatchObject({ status: -3, total: TOTAL, desconto: 250, valor_pago: TOTAL - 250 })
    // Held: the till cannot spend it twice.
    expect(privateData.user.data.saldo).toBe(0)
    // A hold is bookkeeping: the customer's transactions show only the purchase that earned the balance.
    expect(privateData.transacoes).toHaveLength(1)

    const [pedido] = await pagamentos()
    expect(pedido.valor).toBe(TOTAL - 250)
    await responder(pedido.id, 'recusar')
    const recusada = (await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data
    expect(recusada).toMatchObject({ status: -9, pago: false, motivo: 'O pagamento MB WAY foi recusado.' })
    expect(await saldo()).toBe(250)
  })

  it('pays with the balance used: the held balance becomes the purchase discount, credit on what MB WAY paid', async () => {
    await insertSaldo(t.database.db, clienteId, 250)
    const { orderData } = (await finalizar(pedidoBase({ usar_premio: 1 }))).json().data
    const [pedido] = await pagamentos()
    await responder(pedido.id, 'aprovar')
    expect((await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data.status).toBe(-1)
    const compra = (await movimentos()).at(-1)
    // Paid 5,40 €: 0,27 € credit, 5 points; the 2,50 € used is the purchase's discount.
    expect(compra).toMatchObject({ saldo_removido: 250, valor_pago: 540, saldo_adicionado: 27, pontos_ganhos: 5 })
    expect(await saldo()).toBe(27)
    const privateData = (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data
    // The earning purchase and the order's: no hold, no release.
    expect(privateData.transacoes).toHaveLength(2)
    expect(privateData.user.data.ja_poupou).toBe(250)
  })

  it('skips payment when the balance pays it all (no phone needed)', async () => {
    await insertSaldo(t.database.db, clienteId, 1000)
    const res = await finalizar(pedidoBase({ usar_premio: 1, telemovel: '' }))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData).toMatchObject({ status: -1, pago: true, valor_pago: 0, desconto: TOTAL })
    expect(await pagamentos()).toEqual([])
    expect(await saldo()).toBe(1000 - TOTAL)
    // Something to pay and no phone: the phone field says why.
    const semTelemovel = await finalizar(pedidoBase({ telemovel: '' }), 'k2')
    expect(semTelemovel.statusCode).toBe(400)
    expect(semTelemovel.json().error.fields).toEqual({ telemovel: 'Indique o telemóvel com MB WAY para pagar.' })
  })

  it('is idempotent: the same key gives the same order, another body with it 422, racing submissions one order', async () => {
    const first = await finalizar(pedidoBase())
    const again = await finalizar(pedidoBase())
    expect(again.statusCode).toBe(201)
    expect(again.json().data.orderData.orderId).toBe(first.json().data.orderData.orderId)
    expect((await finalizar(pedidoBase({ nome: 'Outra' }))).statusCode).toBe(422)

    const racing = await Promise.all(Array.from({ length: 8 }, () => finalizar(pedidoBase(), 'same')))
    expect(racing.map((r) => r.statusCode)).toEqual(Array(8).fill(201))
    expect(new Set(racing.map((r) => r.json().data.orderData.orderId)).size).toBe(1)
    const orders = await t.database.db.selectFrom('encomendas').select('id').execute()
    expect(orders).toHaveLength(2)
    expect(await pagamentos()).toHaveLength(2)
  })

  it('never holds more balance than there is, whatever races', async () => {
    await insertSaldo(t.database.db, clienteId, 1000)
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => finalizar(pedidoBase({ usar_premio: 1 }), `race-${i}`)),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201))
    const descontos = results.map((r) => r.json().data.orderData.desconto as number)
    // 10,00 € of balance: the first order takes 7,90 €, the next 2,10 €, the rest pay in full.
    expect(descontos.reduce((a, b) => a + b, 0)).toBe(1000)
    expect(Math.min(...(await movimentos()).map((m) => m.saldo_actual))).toBeGreaterThanOrEqual(0)
    expect(await saldo()).toBe(0)
  })

  it('gives the balance back when the MB WAY request expires (the minute reconciliation)', async () => {
    await insertSaldo(t.database.db, clienteId, 250)
    const { orderData } = (await finalizar(pedidoBase({ usar_premio: 1 }))).json().data
    clock.advance(239_000)
    await t.app.reconciliarPagamentos()
    expect((await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data.status).toBe(-3)
    clock.advance(2_000)
    await t.app.reconciliarPagamentos()
    const expirada = (await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data
    expect(expirada).toMatchObject({ status: -9, motivo: 'O pedido de pagamento MB WAY expirou.' })
    expect(await saldo()).toBe(250)
    // The phone's answer after the 4 minutes is lost.
    const [pedido] = await pagamentos()
    expect((await responder(pedido.id, 'aprovar')).statusCode).toBe(404)
  })

  it("the customer's read past the request's expiry asks the sandbox: paid is paid, expired is given up at once", async () => {
    await insertSaldo(t.database.db, clienteId, 250)
    const expira = (await finalizar(pedidoBase({ usar_premio: 1 }), 'expira')).json().data.orderData
    const paga = (await finalizar(pedidoBase(), 'paga')).json().data.orderData
    expect(await saldo()).toBe(0)
    // Accepted on the phone in its last second; its callback has not come (yet).
    await t.database.db
      .updateTable('pagamentos_sandbox')
      .set({ estado: 'pago' })
      .where('referencia', '=', `E${paga.orderId}`)
      .execute()
    clock.advance(240_000)
    // No reconciliation pass, no callback: the read itself asks.
    const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    expect(await ler(paga.orderId)).toMatchObject({ status: -1, pago: true })
    // Expired by the provider's word: given up now (not after the margin for late callbacks), the balance back.
    expect(await ler(expira.orderId)).toMatchObject({
      status: -9,
      pago: false,
      motivo: 'O pedido de pagamento MB WAY expirou.',
    })
    // The 2,50 € back, and 0,40 € earned on the paid order.
    expect(await saldo()).toBe(250 + 40)
  })

  it('refuses forged callbacks: a wrong key changes nothing', async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    const [pedido] = await pagamentos()
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/pagamentos/sandbox/callback?chave=adivinha&id=${pedido.id}&referencia=E${orderData.orderId}&valor=${TOTAL}`,
    })
    expect(forged.statusCode).toBe(403)
    const unknown = await t.app.inject({ method: 'GET', url: '/api/pagamentos/outro/callback?chave=x' })
    expect(unknown.statusCode).toBe(403)
    expect((await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).json().data.status).toBe(-3)
    expect((await movimentos()).filter((m) => m.tipo === 'compra')).toHaveLength(0)
  })

  it("a customer cannot read another customer's order", async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    await insertContas(t.database.db, ['913333333'], PASSWORD)
    const outro = device(t, '203.0.113.11')
    await outro.call('POST', '/login', { telemovel: '913333333', pais: '351', password: PASSWORD })
    const alheia = await outro.call('GET', `/api/encomendas/${orderData.orderId}`)
    expect(alheia.statusCode).toBe(404)
    expect(alheia.json().error.message).toBe('Encomenda não encontrada.')
    expect((await outro.call('GET', '/api/encomendas/999999')).statusCode).toBe(404)
    expect((await cliente.call('GET', `/api/encomendas/${orderData.orderId}`)).statusCode).toBe(200)
  })

  it('limits checkouts per customer: each may ring a phone with an MB WAY request', async () => {
    for (let i = 0; i < 10; i++) expect((await finalizar(pedidoBase(), `n-${i}`)).statusCode).toBe(201)
    const demais = await finalizar(pedidoBase(), 'n-10')
    expect(demais.statusCode).toBe(429)
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0)
    // A retry of an order already made is no new checkout: it still answers.
    expect((await finalizar(pedidoBase(), 'n-3')).statusCode).toBe(201)
    expect(await pagamentos()).toHaveLength(10)
  })

  it('counts retries of one checkout sent at once (one Idempotency-Key) once against the limit', async () => {
    const juntas = await Promise.all(Array.from({ length: 10 }, () => finalizar(pedidoBase(), 'mesma')))
    expect(juntas.map((r) => r.statusCode)).toEqual(Array(10).fill(201))
    expect(new Set(juntas.map((r) => r.json().data.orderData.orderId)).size).toBe(1)
    // One checkout spent: nine more fresh ones pass (none would if the ten had each counted), the tenth is refused.
    for (let i = 1; i < 10; i++) expect((await finalizar(pedidoBase(), `nova-${i}`)).statusCode).toBe(201)
    const demais = await finalizar(pedidoBase(), 'nova-10')
    expect(demais.statusCode).toBe(429)
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0)
    expect(await pagamentos()).toHaveLength(10)
  })
})
