import { beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import type { IfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { CALLBACK, type ManualClock, MINUTO, setupIfthenpay, TELEMOVEL } from './testing.ts'

describe.each(testDialects())('orders paid through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
  const scene = setupIfthenpay(dialect)
  const { checkout, encomendar, estado, compras, pedidoDb, saldo, callback, forjado, ateCriar, semResposta, erros } =
    scene
  let t: TestApp
  let api: IfthenpayServer
  let clock: ManualClock
  let base: string

  beforeEach(() => {
    ;({ t, api, clock, base } = scene)
  })

  it('asks ifthenpay for the payment; its callback, confirmed by a status call, pays the order once', async () => {
    const order = await encomendar()
    const pedido = api.pedidos.at(-1)
    expect(pedido).toMatchObject({ orderId: `E${order.orderId}`, amount: '2.60', mobileNumber: TELEMOVEL })
    const requestId = pedido?.requestId ?? ''

    // A callback with the right key for a request the customer has not paid: the status call says pending; nothing.
    expect((await callback(requestId)).status).toBe(200)
    expect(await estado(order.orderId)).toBe(-3)

    api.pagar(requestId)
    // A forged one (wrong key) is refused and asks nothing.
    const before = api.chamadas.length
    expect((await api.enviarCallback(`${base}${CALLBACK}`, requestId, 'adivinhada')).status).toBe(403)
    expect(api.chamadas.length).toBe(before)
    expect(await estado(order.orderId)).toBe(-3)

    expect((await callback(requestId)).status).toBe(200)
    expect(await estado(order.orderId)).toBe(-1)
    const saldoPago = await saldo()
    expect(saldoPago).toBeGreaterThan(0)
    // Replays, one after another and at once, change nothing: one purchase, the credit earned once.
    for (let i = 0; i < 3; i++) expect((await callback(requestId)).status).toBe(200)
    await Promise.all([callback(requestId), callback(requestId), t.app.reconciliarPagamentos()])
    expect(await compras()).toHaveLength(1)
    expect(await saldo()).toBe(saldoPago)
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

  it('a forged callback naming a paid request no order records pays neither an order being created nor a refused one', async () => {
    // A: its create was answered with a 502 after the request reached the phone; the customer paid it (X), and the
    // callback has not come yet.
    const a = await semResposta()
    api.pagar(a.requestId)
    // Z: paid through another channel under the same MB WAY key.
    const z = api.criarOutro('LOJA-7', '2.60')
    api.pagar(z)
    // C: refused at create (no request exists).
    api.semMbway.add('934444444')
    expect((await checkout({ telemovel: '934444444' })).statusCode).toBe(422)
    const [c] = await t.database.db
      .selectFrom('encomendas')
      .selectAll()
      .where('pagamento_estado', '=', 'recusado')
      .execute()
    const cId = c?.id ?? 0
    // B: its create is on its way to ifthenpay.
    api.atrasos.criar = 800
    const criando = checkout()
    await ateCriar(3)
    const [b] = await t.database.db.selectFrom('encomendas').selectAll().orderBy('id', 'desc').limit(1).execute()
    const bId = b?.id ?? 0
    expect(b).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })

    // Someone with the anti-phishing key names X and Z for B (in flight) and for C (refused), with their amounts.
    for (const pedido of [a.requestId, z]) {
      for (const alvo of [bId, cId]) expect((await forjado(`E${alvo}`, pedido, '2.60')).status).toBe(200)
    }
    expect(await pedidoDb(bId)).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })
    expect(await pedidoDb(cId)).toMatchObject({ estado: -9, pagamento_estado: 'recusado', pagamento_id: null })
    // B gets its own request; A, its real callback, its own.
    const res = await criando
    api.atrasos.criar = 0
    expect(res.statusCode, res.body).toBe(201)
    const y = api.pedidos.find((p) => p.orderId === `E${bId}`)?.requestId
    expect(await pedidoDb(bId)).toMatchObject({ estado: -3, pagamento_estado: 'pendente', pagamento_id: y })
    expect((await callback(a.requestId)).status).toBe(200)
    expect(await pedidoDb(a.id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: a.requestId })
    expect(await compras()).toHaveLength(1)
    expect(api.reembolsos).toBe(0)
    expect(await t.database.db.selectFrom('encomendas').select('id').where('pagamento_id', '=', z).execute()).toEqual(
      [],
    )
  })

  it('an order being created keeps its first candidate; its create answering with its own request wins', async () => {
    // B: its create is on its way to ifthenpay.
    api.atrasos.criar = 800
    const criando = checkout()
    await ateCriar(1)
    const [b] = await t.database.db.selectFrom('encomendas').selectAll().orderBy('id', 'desc').limit(1).execute()
    const bId = b?.id ?? 0
    expect(b).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null, pagamento_candidato: null })
    // Two requests naming B, as a process that died before writing them down would have left them.
    const x1 = api.criarOutro(`E${bId}`, '2.60')
    const x2 = api.criarOutro(`E${bId}`, '2.60')
    expect((await forjado(`E${bId}`, x1, '2.60')).status).toBe(200)
    expect(await pedidoDb(bId)).toMatchObject({ pagamento_candidato: x1 })
    // A second callback naming another request does not replace the first.
    expect((await forjado(`E${bId}`, x2, '2.60')).status).toBe(200)
    expect(await pedidoDb(bId)).toMatchObject({ pagamento_candidato: x1, pagamento_id: null })
    // The create answers later with its own request Y: Y is B's.
    const res = await criando
    api.atrasos.criar = 0
    expect(res.statusCode, res.body).toBe(201)
    const y = api.pedidos.find((p) => p.orderId === `E${bId}` && p.requestId !== x1 && p.requestId !== x2)?.requestId
    expect(y).toBeDefined()
    expect(await pedidoDb(bId)).toMatchObject({ estado: -3, pagamento_estado: 'pendente', pagamento_id: y })
    clock.advance(2 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(bId)).toMatchObject({ pagamento_id: y })
    for (const x of [x1, x2]) {
      expect(await t.database.db.selectFrom('encomendas').select('id').where('pagamento_id', '=', x).execute()).toEqual(
        [],
      )
    }
    expect(await compras()).toHaveLength(0)
  })

  it('a candidate the provider says is not paid records nothing', async () => {
    const a = await semResposta()
    // Its callback names its request, which the status call says is pending: kept as a candidate, nothing recorded.
    expect((await callback(a.requestId)).status).toBe(200)
    expect(await pedidoDb(a.id)).toMatchObject({ estado: -3, pagamento_id: null })
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(a.id)).toMatchObject({ estado: -3, pagamento_id: null })
    expect(await compras()).toHaveLength(0)
  })

  it('two callbacks at once naming one paid request for two orders whose creates got no answer: one order records it at most', async () => {
    const a = await semResposta()
    const b = await semResposta()
    api.pagar(a.requestId)
    // Slow status calls: every callback has looked for the request before any records it.
    api.atrasos.estado = 200
    const respostas = await Promise.all([
      callback(a.requestId),
      forjado(`E${b.id}`, a.requestId, '2.60'),
      forjado(`E${b.id}`, a.requestId, '2.60'),
      callback(a.requestId),
    ])
    api.atrasos.estado = 0
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const comX = await t.database.db
      .selectFrom('encomendas')
      .select('id')
      .where('pagamento_id', '=', a.requestId)
      .execute()
    expect(comX).toHaveLength(1)
    expect(await compras()).toHaveLength(1)
    const outra = comX[0]?.id === a.id ? b.id : a.id
    expect(await pedidoDb(outra)).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })
  })

  it('a callback whose request cannot be confirmed then is asked about by the reconciliation; what is given up unknown is logged', async () => {
    const a = await semResposta()
    api.pagar(a.requestId)
    // Its one callback arrives while ifthenpay's status call fails: 503, and the request id is logged and kept.
    api.falhar = true
    expect((await callback(a.requestId)).status).toBe(503)
    api.falhar = false
    expect(erros().find((l) => l.encomenda === a.id)).toMatchObject({ pagamento: a.requestId })
    expect(await pedidoDb(a.id)).toMatchObject({ estado: -3, pagamento_id: null, pagamento_candidato: a.requestId })
    // No callback again: the next pass asks about it, and the order is paid.
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(a.id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: a.requestId })
    expect(await compras()).toHaveLength(1)

    // Another whose callback never comes: given up, and an operator told to look for its reference.
    const b = await semResposta()
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(b.id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    const aviso = erros().find((l) => l.encomenda === b.id)
    expect(aviso).toMatchObject({ referencia: `E${b.id}` })
    expect(aviso?.msg).toContain("check the provider's back office")
    // A callback for its request comes late, and cannot be confirmed either: the request is asked about until its
    // answer is known (still pending: asked again), then, paid, refunded.
    api.falhar = true
    expect((await callback(b.requestId)).status).toBe(503)
    api.falhar = false
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(b.id)).toMatchObject({ estado: -9, pagamento_id: null, pagamento_candidato: b.requestId })
    api.pagar(b.requestId)
    clock.advance(2 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(b.id)).toMatchObject({
      estado: -9,
      pagamento_estado: 'pago',
      pagamento_id: b.requestId,
      reembolso_estado: 'reembolsado',
    })
    expect(api.reembolsos).toBe(1)
    expect(await compras()).toHaveLength(1)
  })

  it('a request made for an order that another request paid meanwhile is logged for an operator', async () => {
    const z = api.criarOutro('LOJA-7', '2.60')
    api.pagar(z)
    // The process stalls in the middle of B's create (past the minute a create may take): a callback naming Z for B
    // is believed, as for an order whose create's outcome is unknown.
    api.atrasos.criar = 800
    const criando = checkout()
    await ateCriar(1)
    const [b] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    const bId = b?.id ?? 0
    clock.advance(MINUTO + 1000)
    expect((await forjado(`E${bId}`, z, '2.60')).status).toBe(200)
    expect(await pedidoDb(bId)).toMatchObject({ estado: -1, pagamento_id: z })
    expect((await criando).statusCode).toBe(201)
    api.atrasos.criar = 0
    // B's own request reached the phone and is recorded nowhere: an operator must hear of it.
    const y = api.pedidos.find((p) => p.orderId === `E${bId}`)?.requestId
    expect(erros().find((l) => l.encomenda === bId && l.pagamento === y)?.msg).toContain("provider's back office")
  })

  it("a create answered with a 502 after its order's callback paid it answers as a paid order (201)", async () => {
    api.criarSemResposta = true
    api.atrasos.respostaCriar = 1000
    const criando = checkout()
    for (let i = 0; i < 200 && api.pedidos.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    const id = Number(api.pedidos.at(-1)?.orderId.slice(1))
    // The process stalls while the answer is on its way: the customer pays, and its callback finds the order.
    clock.advance(MINUTO + 1000)
    api.pagar(requestId)
    expect((await callback(requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: requestId })
    const res = await criando
    api.criarSemResposta = false
    api.atrasos.respostaCriar = 0
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData).toMatchObject({ orderId: id, status: -1, pago: true })
  })
})
