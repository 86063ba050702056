import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { todosOsDias } from './horario.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'
const CALLBACK =
  '/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]'
const MINUTO = 60_000

describe.each(testDialects())('orders paid through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
  let t: TestApp
  let api: IfthenpayServer
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let base: string
  let clock: ReturnType<typeof manualClock>
  /** The app's log lines (warnings and errors), parsed. */
  let logs: { level: number; msg: string; [k: string]: unknown }[]

  beforeEach(async () => {
    api = await startIfthenpayServer()
    clock = manualClock('2026-11-23T12:00:00.000Z')
    logs = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line))
        done()
      },
    })
    t = await createTestApp(
      dialect,
      {
        PAYMENT_PROVIDER: 'ifthenpay',
        IFTHENPAY_MBWAY_KEY: api.mbWayKey,
        IFTHENPAY_ANTI_PHISHING_KEY: api.antiPhishingKey,
        IFTHENPAY_BACKOFFICE_KEY: api.backofficeKey,
        IFTHENPAY_API_URL: api.url,
        LOG_LEVEL: 'warn',
      },
      { clock, logStream },
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
    ;[clienteId] = (await insertContas(db, [TELEMOVEL], PASSWORD)) as [number]
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

  const checkout = (over: Record<string, unknown> = {}, chave = `k-${Math.random()}`) =>
    cliente.call(
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
        ...over,
      },
      { 'idempotency-key': chave },
    )
  async function encomendar(over: Record<string, unknown> = {}) {
    const res = await checkout(over)
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orderData as { orderId: number; valor_pago: number }
  }
  const estado = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data.status
  /** The orders' purchases (not the fixture's opening balance). */
  const compras = () =>
    t.database.db
      .selectFrom('transacoes')
      .select('id')
      .where('tipo', '=', 'compra')
      .where('referencia', 'like', 'E%')
      .execute()
  const pedidoDb = (id: number) =>
    t.database.db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const saldo = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.saldo as number
  const cancelar = (id: number, chave: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/loja/v1/encomendas/${id}/cancelar`,
      headers: { authorization: `Bearer ${chaveLoja}`, 'idempotency-key': chave },
      payload: { motivo: 'Esgotado' },
    })
  const quadro = async (estados = '-1,1,2,-9') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/loja/v1/encomendas?estado=${estados}`,
        headers: { authorization: `Bearer ${chaveLoja}` },
      })
    ).json().data as { id: number }[]
  const callback = (requestId: string) => api.enviarCallback(`${base}${CALLBACK}`, requestId)
  /** A callback with the right key claiming whatever it likes (someone holding the anti-phishing key). */
  const forjado = (referencia: string, requestId: string, valor: string) =>
    fetch(
      `${base}/api/pagamentos/ifthenpay/callback?${new URLSearchParams({ chave: api.antiPhishingKey, referencia, id: requestId, valor })}`,
    )
  /** Waits (in real time) until the local ifthenpay has received `n` create calls. */
  async function ateCriar(n: number) {
    for (let i = 0; i < 200 && api.chamadas.filter((c) => c === 'POST /spg/payment/mbway').length < n; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  /** A checkout whose create reached ifthenpay (the request is made) but was answered with a 502. */
  async function semResposta() {
    api.criarSemResposta = true
    const res = await checkout()
    api.criarSemResposta = false
    expect(res.statusCode).toBe(502)
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    const id = Number(api.pedidos.at(-1)?.orderId.slice(1))
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })
    return { id, requestId }
  }
  const erros = () => logs.filter((l) => l.level >= 50)

  /** An order paid and on the board; its request id at ifthenpay. */
  async function paga() {
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    expect((await callback(requestId)).status).toBe(200)
    expect(await estado(order.orderId)).toBe(-1)
    return { ...order, requestId }
  }

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

  it('the store cancels a paid order: ifthenpay refunds it; a refused refund is tried again later, once', async () => {
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    await t.app.reconciliarPagamentos()
    api.semFundos = true
    const cancel = await cancelar(order.orderId, 'c1')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(api.pedidos.at(-1)?.refunded).toEqual([])
    expect(await pedidoDb(order.orderId)).toMatchObject({ reembolso_estado: 'a-reembolsar' })
    api.semFundos = false
    // Tried again after a minute, not before.
    await t.app.reconciliarPagamentos()
    expect(api.reembolsos).toBe(1)
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    expect(await pedidoDb(order.orderId)).toMatchObject({ reembolso_estado: 'reembolsado', verificar_em: null })
    clock.advance(10 * MINUTO)
    await t.app.reconciliarPagamentos()
    await cancelar(order.orderId, 'c1')
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    expect(api.reembolsos).toBe(2)
  })

  it('a cancel, its replay and the reconciliation racing send one refund to ifthenpay', async () => {
    const order = await paga()
    // A slow refund: the others arrive while it is on its way.
    api.atrasos.reembolso = 300
    const results = await Promise.all([
      cancelar(order.orderId, 'c1'),
      cancelar(order.orderId, 'c1'),
      t.app.reconciliarPagamentos(),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 100))
        await Promise.all([cancelar(order.orderId, 'c1'), t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos()])
      })(),
    ])
    expect(results.slice(0, 2).map((r) => (r as { statusCode: number }).statusCode)).toEqual([200, 200])
    expect(api.reembolsos).toBe(1)
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    clock.advance(2 * MINUTO)
    await Promise.all([t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos(), cancelar(order.orderId, 'c1')])
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsado' })
  })

  it('a refund whose outcome is unknown (a 5xx) is never sent again by itself', async () => {
    const order = await paga()
    api.falhar = true
    expect((await cancelar(order.orderId, 'c1')).statusCode).toBe(200)
    api.falhar = false
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsando' })
    for (const passo of [MINUTO, 2 * 60 * MINUTO, 25 * 60 * MINUTO]) {
      clock.advance(passo)
      await t.app.reconciliarPagamentos()
      await cancelar(order.orderId, 'c1')
    }
    // Left for an operator (the log reminds them daily): not a second refund.
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(order.orderId)).toMatchObject({ reembolso_estado: 'reembolsando' })
  })

  it('a request ifthenpay refuses cancels the order, gives the balance back and says so on the phone field', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    // A Spanish number must be valid for Spain: refused before asking ifthenpay.
    const spanish = await checkout({ telemovel: '912345678', pais: '34' }, 'x')
    expect(spanish.statusCode).toBe(400)
    expect(api.chamadas).toEqual([])

    api.semMbway.add('934444444')
    const refused = await checkout({ telemovel: '934444444', usar_premio: 1 }, 'y')
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json().error.fields).toEqual({
      telemovel: 'O MB WAY não aceitou o pedido de pagamento. Confirme o número de telemóvel.',
    })
    expect(api.chamadas).toEqual(['POST /spg/payment/mbway'])
    const [recusada] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(recusada).toMatchObject({ estado: -9, pagamento_estado: 'recusado', pagamento_id: null, desconto: 100 })
    expect(await saldo()).toBe(100)
  })

  it('ifthenpay down at checkout: 502; the order waits until its request could have expired, then gives the balance back', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    api.falhar = true
    const down = await checkout({ usar_premio: 1 })
    api.falhar = false
    expect(down.statusCode).toBe(502)
    expect(down.json().error.message).toBe('Não foi possível submeter o carrinho. Tente mais tarde')
    const [pedido] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(pedido).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir' })
    expect(await saldo()).toBe(0)
    // Not after a minute: the request may have reached the phone, which has 4 minutes to answer.
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect(await estado(pedido?.id ?? 0)).toBe(-3)
    clock.advance(6 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(pedido?.id ?? 0)).toMatchObject({
      estado: -9,
      pagamento_estado: 'expirado',
      motivo: 'Não foi possível pedir o pagamento MB WAY.',
    })
    expect(await saldo()).toBe(100)
  })

  it('a request made but answered with a 5xx: its payment is found by its reference, confirmed, and the order paid', async () => {
    api.criarSemResposta = true
    const res = await checkout()
    api.criarSemResposta = false
    expect(res.statusCode).toBe(502)
    const pedido = api.pedidos.at(-1)
    const requestId = pedido?.requestId ?? ''
    const [order] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    expect(order).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })
    const id = order?.id ?? 0

    // Not paid yet: the status call says so, nothing is recorded.
    expect((await callback(requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_id: null })
    api.pagar(requestId)
    expect((await callback(requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: -1, pagamento_estado: 'pago', pagamento_id: requestId })
    await Promise.all([callback(requestId), callback(requestId), t.app.reconciliarPagamentos()])
    expect(await compras()).toHaveLength(1)
    expect((await quadro()).map((e) => e.id)).toEqual([id])
    expect(api.reembolsos).toBe(0)
  })

  it('a request made but never recorded, paid after the order was given up: refunded once, never on the board', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    api.criarSemResposta = true
    expect((await checkout({ usar_premio: 1 })).statusCode).toBe(502)
    api.criarSemResposta = false
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    const [order] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    const id = order?.id ?? 0
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100)

    // The customer paid on the phone after all (late): ifthenpay calls back.
    api.pagar(requestId)
    api.atrasos.reembolso = 200
    await Promise.all([callback(requestId), callback(requestId), t.app.reconciliarPagamentos()])
    await callback(requestId)
    expect(api.reembolsos).toBe(1)
    expect(api.pedidos.at(-1)?.refunded).toEqual([api.pedidos.at(-1)?.amount])
    expect(await pedidoDb(id)).toMatchObject({
      estado: -9,
      pagamento_estado: 'pago',
      pagamento_id: requestId,
      reembolso_estado: 'reembolsado',
    })
    expect(await compras()).toHaveLength(0)
    expect(await saldo()).toBe(100)
    expect(await quadro()).toEqual([])
  })

  it('given up while ifthenpay was still being asked: the late request is recorded, confirmed and refunded if paid', async () => {
    api.atrasos.criar = 1500
    const pendente = checkout()
    // The request is on its way to ifthenpay when the process stalls past its expiry and the sweep gives it up.
    for (let i = 0; i < 100 && !api.chamadas.includes('POST /spg/payment/mbway'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    const [order] = await t.database.db.selectFrom('encomendas').selectAll().execute()
    const id = order?.id ?? 0
    expect(order).toMatchObject({ estado: -9, pagamento_id: null })
    const res = await pendente
    api.atrasos.criar = 0
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data.orderData).toMatchObject({ status: -9, pagamento: null })
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_id: requestId })

    // Still pending at ifthenpay: asked again later, with a growing wait.
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado', reembolso_estado: null })
    api.pagar(requestId)
    clock.advance(2 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual(['2.60'])
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'pago', reembolso_estado: 'reembolsado' })
    expect(await quadro()).toEqual([])
  })

  it('an answer ifthenpay cannot give past the expiry: the order is given up (balance back) and asked about later', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const order = await encomendar({ usar_premio: 1 })
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.falhar = true
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-3)
    clock.advance(7 * MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100)
    api.falhar = false
    // It had been paid: the next ask finds it and refunds it.
    api.pagar(requestId)
    clock.advance(MINUTO + 1000)
    await t.app.reconciliarPagamentos()
    expect(api.pedidos.at(-1)?.refunded).toEqual([api.pedidos.at(-1)?.amount])
    expect(await pedidoDb(order.orderId)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsado' })
    expect(await compras()).toHaveLength(0)
  })

  it('orders that settle nothing do not starve the others, and are given up past the expiry', async () => {
    await insertSaldo(t.database.db, clienteId, 100)
    const db = t.database.db
    const preso = await encomendar({ usar_premio: 1 })
    // ifthenpay knows nothing of its request (answers 999): never settled by a status call.
    await db.updateTable('encomendas').set({ pagamento_id: 'perdido' }).where('id', '=', preso.orderId).execute()
    const antes = '2026-11-23T11:59:00.000Z'
    const base = {
      utilizador_id: clienteId,
      id_loja: 862,
      estado: -3,
      id_tipo_entrega: 0,
      nome: 'Ana',
      email: 'ana@example.pt',
      telemovel: TELEMOVEL,
      pais: '351',
      linhas: '[]',
      total: 130,
      desconto: 0,
      valor_pago: 130,
      pagamento_provider: 'ifthenpay',
      pagamento_estado: 'pendente' as const,
      pedido_hash: 'x',
      criada_em: antes,
      atualizada_em: antes,
      expira_em: '2026-11-23T12:03:00.000Z',
      verificar_em: antes,
    }
    for (let i = 0; i < 250; i += 50) {
      await db
        .insertInto('encomendas')
        .values(
          Array.from({ length: 50 }, (_, j) => ({
            ...base,
            pagamento_id: `perdido-${i + j}`,
            chave_idempotencia: `preso-${i + j}`,
          })),
        )
        .execute()
    }
    const order = await encomendar()
    const requestId = api.pedidos.at(-1)?.requestId ?? ''
    api.pagar(requestId)
    // No callback came: only the reconciliation can find it, behind 251 orders it cannot settle.
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-1)

    clock.advance(7 * MINUTO)
    for (let i = 0; i < 3; i++) await t.app.reconciliarPagamentos()
    const pendentes = await db
      .selectFrom('encomendas')
      .select('id')
      .where('pagamento_estado', 'in', ['a-pedir', 'pendente'])
      .execute()
    expect(pendentes).toEqual([])
    expect(await pedidoDb(preso.orderId)).toMatchObject({ estado: -9, pagamento_estado: 'expirado' })
    expect(await saldo()).toBe(100 + 13)
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

  it('an order whose reconciliation keeps failing goes to the back each time; the others are still settled', async () => {
    const db = t.database.db
    // An order the ledger cannot settle (its balance used exceeds its total): its purchase throws every time.
    const r = api.criarOutro('E999', '1.00')
    api.pagar(r)
    const antes = '2026-11-23T11:59:00.000Z'
    const quebrada = await db
      .insertInto('encomendas')
      .values({
        utilizador_id: clienteId,
        id_loja: 862,
        estado: -3,
        id_tipo_entrega: 0,
        nome: 'Ana',
        email: 'ana@example.pt',
        telemovel: TELEMOVEL,
        pais: '351',
        linhas: '[]',
        total: 100,
        desconto: 200,
        valor_pago: 100,
        pagamento_provider: 'ifthenpay',
        pagamento_id: r,
        pagamento_estado: 'pendente',
        chave_idempotencia: 'quebrada',
        pedido_hash: 'x',
        criada_em: antes,
        atualizada_em: antes,
        expira_em: '2026-11-23T12:03:00.000Z',
        verificar_em: antes,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const order = await encomendar()
    api.pagar(api.pedidos.at(-1)?.requestId ?? '')
    clock.advance(1000)
    await t.app.reconciliarPagamentos()
    expect(await estado(order.orderId)).toBe(-1)
    const depois = await pedidoDb(quebrada.id)
    expect(depois).toMatchObject({ estado: -3, tentativas: 1 })
    expect(Date.parse(depois.verificar_em ?? '')).toBeGreaterThan(clock.now().getTime())
    // Not taken again before then.
    expect(await t.app.reconciliarPagamentos()).toBe(0)
    expect(erros().some((l) => l.encomenda === quebrada.id)).toBe(true)
  })
})
