import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { configWith } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import { HASH_COST_MIN } from '../../platform/crypto.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste as pedidoBase, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, createTestDatabase, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { sseReader as reader } from '../../testing/sse.ts'
import { todosOsDias } from './horario.ts'

const TELEMOVEL = '912345678'
const PASSWORD = '135790'

describe.each(testDialects())('orders: checkout, MB WAY sandbox, the board on %s', (dialect) => {
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let chaveOutra: string
  const clock = manualClock('2026-11-23T12:00:00.000Z')

  beforeEach(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'error' }, { clock })
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
    await insertLoja(db, { tag: 'baixa', restaurante_id: id, id_loja: 848, horario_encomendas: sempre })
    const keys = lojasChavesRepo(db, clock)
    chaveLoja = (await keys.create(862, 'pos-862')).chave
    chaveOutra = (await keys.create(848, 'pos-848')).chave
    for (const chave of [chaveLoja, chaveOutra]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chave}` },
        payload: ementaDeTeste(),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await insertContas(db, [TELEMOVEL], PASSWORD)
    clienteId = (
      await db.selectFrom('utilizadores').select('id').where('telemovel', '=', TELEMOVEL).executeTakeFirstOrThrow()
    ).id
    cliente = device(t)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
  })
  afterEach(() => t.close())

  const finalizar = (body: unknown, chave = 'k1', d = cliente) =>
    d.call('POST', '/api/finaliza-encomenda', body, { 'idempotency-key': chave })
  // The sandbox's phone answers only this machine (platform/dev-endpoints.ts): asked from 127.0.0.1.
  const pagamentos = async () => (await t.api('GET', '/api/dev/pagamentos')).json().data
  const responder = (id: string, resposta: 'aprovar' | 'recusar') =>
    t.api('POST', `/api/dev/pagamentos/${id}/${resposta}`)
  const loja = (method: 'GET' | 'POST', url: string, body?: unknown, chave = 'x', key = chaveLoja) =>
    t.app.inject({
      method,
      url: `/api/loja/v1${url}`,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': chave },
      ...(body === undefined ? {} : { payload: body as object }),
    })
  const saldo = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.saldo
  const movimentos = () =>
    t.database.db
      .selectFrom('transacoes')
      .select(['tipo', 'saldo_removido', 'saldo_adicionado', 'valor_pago', 'pontos_ganhos', 'saldo_actual'])
      .where('utilizador_id', '=', clienteId)
      .orderBy('sequencia')
      .execute()

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
      pagamento: { metodo: 'MB WAY', telemovel: TELEMOVEL, expira_em: '2026-11-23T12:04:00.000Z' },
    })
    expect(orderData.linhas[0]).toEqual({
      produto: 'Galão',
      qtd: 2,
      complementos: ['Leite de aveia'],
      opcoes: ['Sem açúcar'],
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

  it('the store moves orders only forward, idempotently, and may cancel a paid one: refund and balance back', async () => {
    await insertSaldo(t.database.db, clienteId, 250)
    const { orderData } = (await finalizar(pedidoBase({ usar_premio: 1 }))).json().data
    const [pedido] = await pagamentos()
    await responder(pedido.id, 'aprovar')
    const id = orderData.orderId as number

    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'a')).statusCode).toBe(409)
    const prep = await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'b')
    expect(prep.statusCode, prep.body).toBe(200)
    expect(prep.json().data.encomenda.estado).toBe(1)
    // Replayed with its key: the same answer, nothing more.
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'b')).json()).toEqual(prep.json())
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'c')).statusCode).toBe(409)
    // Another store's key acting on this store's order: 403 (STORE-API.md "Common rules"); an unknown order: 404.
    const outra = await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'd', chaveOutra)
    expect(outra.statusCode).toBe(403)
    expect(outra.json().error.message).toBe('Esta encomenda pertence a outra loja.')
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'x' }, 'd2', chaveOutra)).statusCode).toBe(403)
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 2 }, 'd3')).statusCode).toBe(404)
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1 })).statusCode).toBe(409)
    // Unknown states are the contract's 409 too; a body that is no state at all, 400.
    for (const [i, estado] of [0, 3, 7, -3, -9].entries()) {
      const unknown = await loja('POST', `/encomendas/${id}/estado`, { estado }, `u-${i}`)
      expect(unknown.statusCode, `estado ${estado}`).toBe(409)
    }
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 'pronto' }, 'v1')).statusCode).toBe(400)
    expect((await loja('POST', `/encomendas/${id}/estado`, { estado: 1.5 }, 'v2')).statusCode).toBe(400)
    expect((await loja('POST', `/encomendas/${id}/estado`, {}, 'v3')).statusCode).toBe(400)
    expect((await loja('GET', `/encomendas?estado=1`)).json().data).toMatchObject([{ id, estado: 1 }])
    const semChave = await t.app.inject({
      method: 'POST',
      url: `/api/loja/v1/encomendas/${id}/estado`,
      headers: { authorization: `Bearer ${chaveLoja}` },
      payload: { estado: 2 },
    })
    expect(semChave.statusCode).toBe(400)

    const cancel = await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'Sem leite de aveia' }, 'e')
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().data.encomenda.estado).toBe(-9)
    const cancelada = (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    expect(cancelada).toMatchObject({ status: -9, motivo: 'Sem leite de aveia' })
    // The balance used is back, the credit earned taken back; MB WAY refunded through the provider.
    expect(await saldo()).toBe(250)
    expect((await pagamentos())[0]).toMatchObject({ id: pedido.id, estado: 'pago' })
    const reembolso = await t.database.db
      .selectFrom('pagamentos_sandbox')
      .select('reembolsado')
      .executeTakeFirstOrThrow()
    expect(reembolso.reembolsado).toBe(TOTAL - 250)
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'outra vez' }, 'f')).statusCode).toBe(409)
    expect((await loja('GET', '/encomendas')).json().data).toEqual([])
    // The customer is told, once, with what comes back.
    const avisos = (await cliente.call('GET', '/api/notificacoes')).json().data
    expect(avisos).toHaveLength(1)
    expect(avisos[0]).toMatchObject({ titulo: 'Pedido cancelado', ligacao: `/carrinho/confirmado?encomenda=${id}` })
    expect(avisos[0].texto).toContain(
      `cancelou o pedido n.º ${id}: Sem leite de aveia. Devolvemos-lhe 5,40 € por MB WAY e 2,50 € de saldo.`,
    )
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

  it("limits the store's order writes per key (429 with Retry-After), as the till's", async () => {
    for (let i = 0; i < 300; i++) {
      const res = await loja('POST', '/encomendas/999999/estado', { estado: 1 }, `l-${i}`)
      expect(res.statusCode).toBe(404)
    }
    const demais = await loja('POST', '/encomendas/999999/cancelar', { motivo: 'x' }, 'l-300')
    expect(demais.statusCode).toBe(429)
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0)
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 1 }, 'l-301')).statusCode).toBe(429)
    // Another key is not held back by this one.
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 1 }, 'l-0', chaveOutra)).statusCode).toBe(404)
    clock.advance(60_000)
    expect((await loja('POST', '/encomendas/999999/estado', { estado: 1 }, 'l-302')).statusCode).toBe(404)
  })

  it('tells the customer once when the order is ready', async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const id = orderData.orderId as number
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    expect((await cliente.call('GET', '/api/notificacoes')).json().data).toEqual([])
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    const avisos = (await cliente.call('GET', '/api/notificacoes')).json().data
    expect(avisos.map((n: { titulo: string }) => n.titulo)).toEqual(['O seu pedido está pronto'])
    expect(avisos[0].texto).toBe(`<p>O pedido n.º ${id} está pronto: pode levantá-lo na chiado.</p>`) // the fixture store's name
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

  it('a ready order cannot be cancelled; a guest cannot order', async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const id = orderData.orderId as number
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    await loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, 'b')
    expect((await cliente.call('GET', `/api/encomendas/${id}`)).json().data.status).toBe(2)
    expect((await loja('POST', `/encomendas/${id}/cancelar`, { motivo: 'x' }, 'c')).statusCode).toBe(409)
    const guest = device(t, '203.0.113.99')
    expect((await finalizar(pedidoBase(), 'g', guest)).statusCode).toBe(401)
    expect((await guest.call('GET', `/api/encomendas/${id}`)).statusCode).toBe(401)
  })

  it("streams the customer's order changes over /api/eventos, and the store's over its stream", async () => {
    const { orderData } = (await finalizar(pedidoBase())).json().data
    const id = orderData.orderId as number
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const customerStream = await fetch(`${base}/api/eventos?v=1.0`, {
      headers: { cookie: `balcao_sessao=${cliente.cookie}` },
    })
    expect(customerStream.status).toBe(200)
    expect(customerStream.headers.get('content-type')).toContain('text/event-stream')
    const storeStream = await fetch(`${base}/api/loja/v1/encomendas/stream`, {
      headers: { authorization: `Bearer ${chaveLoja}` },
    })
    const ler = reader(customerStream)
    const lerLoja = reader(storeStream)

    await responder((await pagamentos())[0].id, 'aprovar')
    expect(await ler.next('encomenda')).toEqual({ orderId: id, status: -1 })
    expect(await lerLoja.next('encomenda')).toMatchObject({ id, estado: -1, nome: 'Ana Silva' })
    await loja('POST', `/encomendas/${id}/estado`, { estado: 1 }, 'a')
    expect(await ler.next('encomenda')).toEqual({ orderId: id, status: 1 })
    expect(await lerLoja.next('encomenda')).toMatchObject({ id, estado: 1 })

    // Without a session there is no stream.
    expect((await fetch(`${base}/api/eventos?v=1.0`)).status).toBe(401)
    ler.cancel()
    lerLoja.cancel()
  })

  it("ends a store's stream once its key is revoked, and a tablet's board once its session ends", async () => {
    await finalizar(pedidoBase())
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    // A tablet paired with the other store's key, and its board.
    const entrar = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: chaveOutra } })
    const tablet = entrar.cookies.find((c) => c.name === 'balcao_painel')?.value ?? ''
    const board = await fetch(`${base}/painel/api/encomendas/stream`, {
      headers: { cookie: `balcao_painel=${tablet}` },
    })
    expect(board.status).toBe(200)
    const storeStream = await fetch(`${base}/api/loja/v1/encomendas/stream`, {
      headers: { authorization: `Bearer ${chaveLoja}` },
    })
    expect(storeStream.status).toBe(200)
    const lerLoja = reader(storeStream)
    const lerBoard = reader(board)
    expect(await lerLoja.ended(300)).toBe(false)

    // The key is revoked while the stream is open: the next event (this order paid) is not sent; the stream ends.
    expect(await lojasChavesRepo(t.database.db, clock).revoke('pos-862')).toBe(true)
    await responder((await pagamentos())[0].id, 'aprovar')
    expect(await lerLoja.ended()).toBe(true)
    expect(
      (await fetch(`${base}/api/loja/v1/encomendas/stream`, { headers: { authorization: `Bearer ${chaveLoja}` } }))
        .status,
    ).toBe(401)

    // The tablet signs out elsewhere (its session revoked): its open board ends at the next event.
    expect(await lerBoard.ended(300)).toBe(false)
    const sair = await t.app.inject({
      method: 'POST',
      url: '/painel/api/sair',
      headers: { cookie: `balcao_painel=${tablet}` },
      payload: { value: true },
    })
    expect(sair.statusCode).toBe(200)
    const segunda = (await finalizar(pedidoBase({ id_loja: 848 }), 'k-848')).json().data.orderData
    await responder(
      (await pagamentos()).find((p: { valor: number; estado: string }) => p.estado === 'pendente').id,
      'aprovar',
    )
    expect(segunda.id_loja).toBe(848)
    expect(await lerBoard.ended()).toBe(true)
  })
})

describe.each(testDialects())('orders survive a restart on %s', (dialect) => {
  it('a payment made while the server was down is found at the next start: the order ends paid exactly once', async () => {
    const clock = manualClock('2026-11-23T12:00:00.000Z')
    const database = await createTestDatabase(dialect)
    const config = configWith({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'dist/none',
      HASH_COST: HASH_COST_MIN,
    })
    try {
      const db = database.db
      const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
      await insertLoja(db, {
        tag: 'chiado',
        restaurante_id: id,
        id_loja: 862,
        horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
      })
      const { chave } = await lojasChavesRepo(db, clock).create(862, 'pos')
      await insertContas(db, [TELEMOVEL], PASSWORD)

      const first = await buildApp(config, database, { clock })
      await first.ready()
      const t1 = { app: first, database } as unknown as TestApp
      await first.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chave}` },
        payload: ementaDeTeste(),
      })
      const d = device(t1)
      await d.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
      const res = await d.call('POST', '/api/finaliza-encomenda', pedidoBase(), { 'idempotency-key': 'k' })
      const orderId = res.json().data.orderData.orderId as number
      // The customer approves on the phone while the server is down: the callback never arrives.
      await first.close()
      await db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).execute()

      for (let start = 0; start < 2; start++) {
        const again = await buildApp(config, database, { clock })
        await again.ready()
        await again.reconciliarPagamentos()
        await again.close()
      }
      const order = await db.selectFrom('encomendas').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
      expect(order).toMatchObject({ estado: -1, pagamento_estado: 'pago' })
      const compras = await db.selectFrom('transacoes').select('id').where('tipo', '=', 'compra').execute()
      expect(compras).toHaveLength(1)
    } finally {
      await database.close()
    }
  })
})
