import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { configWith } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import { HASH_COST_MIN } from '../../platform/crypto.ts'
import type { DatabaseHandle } from '../../platform/db.ts'
import { createIfthenpayProvider } from '../../platform/pagamentos-ifthenpay.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import {
  createTestDatabase,
  device,
  TEST_DATA_ENCRYPTION_KEY,
  type TestApp,
  testDialects,
} from '../../testing/harness.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { todosOsDias } from './horario.ts'
import { type ManualClock, MINUTO, PASSWORD, TELEMOVEL } from './testing.ts'

/**
 * The reconciliation of the methods besides MB WAY through the real adapter (createIfthenpayProvider, every key set)
 * against the local ifthenpay server: payments made at ifthenpay while the app was down (no callback ever comes) found
 * by the next start's reconciliation, on the same database; ifthenpay down while a paid order is asked about, the order
 * left pending and settled once ifthenpay answers again; a page whose create got no answer given up within minutes; a
 * given-up page asked about for an hour past its expiry, then no more; how often a page order's read asks; and two
 * environments on one ifthenpay account, whose wallet requests for the same order id are told apart. Each test builds
 * its apps on databases of its own.
 */

const APP_URL = 'https://app.example.pt'
const TODOS = 'mbway,multibanco,cartao,applepay,googlepay'
const ESTADO_PAGO = { estado: -1, pagamento_estado: 'pago' }
const ESTADO_PENDENTE = { estado: -3, pagamento_estado: 'pendente' }

describe.each(testDialects())('ifthenpay methods reconciled (a local ifthenpay API) on %s', (dialect) => {
  let api: IfthenpayServer
  let clock: ManualClock
  let database: DatabaseHandle
  let logs: { level: number; msg: string; [k: string]: unknown }[]
  const abertas: FastifyInstance[] = []

  const fechar: (() => Promise<void>)[] = []

  afterEach(async () => {
    for (const app of abertas.splice(0)) await app.close()
    for (const f of fechar.splice(0).reverse()) await f()
  })

  /** An app on a database (a process starting), paying through ifthenpay with every key: its own provider. */
  async function iniciar(db = database, nivel: 'warn' | 'info' = 'warn'): Promise<FastifyInstance> {
    const payments = createIfthenpayProvider({
      mbWayKey: api.mbWayKey,
      mbKey: api.mbKey,
      ccardKey: api.ccardKey,
      gatewayKey: api.gatewayKey,
      applePayKey: api.applePayKey,
      googlePayKey: api.googlePayKey,
      antiPhishingKey: api.antiPhishingKey,
      backofficeKey: api.backofficeKey,
      apiUrl: api.url,
      clock,
    })
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line))
        done()
      },
    })
    const config = configWith({
      NODE_ENV: 'test',
      LOG_LEVEL: nivel,
      WEB_DIST: 'dist/none',
      HASH_COST: HASH_COST_MIN,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      PAUSA_SEM_PAINEL_MIN: 0,
      APP_URL,
    })
    const app = await buildApp(config, db, { clock, payments, logStream })
    await app.ready()
    abertas.push(app)
    return app
  }

  /**
   * A database with store 862 taking every method and a customer; the first app on it, the customer logged in.
   * `outra`: another environment on the same ifthenpay account (its own database and app, the same clock).
   */
  async function cena({ nivel = 'warn' as 'warn' | 'info', outra = false } = {}) {
    if (!outra) {
      clock = manualClock('2026-11-23T12:00:00.000Z')
      api = await startIfthenpayServer({ clock })
      fechar.push(() => api.close())
      logs = []
    }
    const handle = await createTestDatabase(dialect)
    fechar.push(() => handle.close())
    if (!outra) database = handle
    const db = handle.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
    await db.updateTable('lojas').set({ metodos_pagamento: TODOS }).where('id_loja', '=', 862).execute()
    const { chave } = await lojasChavesRepo(db, clock).create(862, 'pos-862')
    const [clienteId] = (await insertContas(db, [TELEMOVEL], PASSWORD)) as [number]
    const app = await iniciar(handle, nivel)
    const ementa = await app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chave}` },
      payload: ementaDeTeste(),
    })
    expect(ementa.statusCode, ementa.body).toBe(200)
    const cliente = device({ app, database: handle } as unknown as TestApp)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    const checkout = (metodo: string, over: Record<string, unknown> = {}) =>
      cliente.call('POST', '/api/finaliza-encomenda', pedidoDeTeste({ metodo, telemovel: '', ...over }), {
        'idempotency-key': `k-${metodo}-${Math.random()}`,
      })
    async function encomendar(metodo: string) {
      const res = await checkout(metodo)
      expect(res.statusCode, res.body).toBe(201)
      const orderId = res.json().data.orderData.orderId as number
      // A wallet's request carries a suffix of its own after the order's reference.
      const pedido = api.pedidos.findLast((p) => p.orderId === `E${orderId}` || p.orderId.startsWith(`E${orderId}-`))
      if (!pedido) throw new Error(`ifthenpay has no request for E${orderId}`)
      return { id: orderId, pedido }
    }
    const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    const saldo = async () =>
      (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.saldo as number
    return { app, db, clienteId, checkout, encomendar, ler, saldo }
  }

  const pedidoDb = (id: number) =>
    database.db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const compras = () =>
    database.db.selectFrom('transacoes').select('id').where('tipo', '=', 'compra').where('referencia', 'like', 'E%')
  const leituras = () => api.chamadas.filter((c) => c === 'POST /v2/payments/read').length

  it('card and Multibanco paid at ifthenpay while the app was down: the next start finds both paid, once', async () => {
    const { app, encomendar } = await cena()
    const cartao = await encomendar('cartao')
    const mb = await encomendar('multibanco')
    expect(await pedidoDb(cartao.id)).toMatchObject({ ...ESTADO_PENDENTE, pagamento_id: cartao.pedido.requestId })
    expect(await pedidoDb(mb.id)).toMatchObject({ ...ESTADO_PENDENTE, pagamento_id: mb.pedido.requestId })
    await app.close()
    abertas.splice(0)

    // Down for 40 minutes (past the card page's 30 and the margin): both paid meanwhile; their callbacks find no one
    // (ifthenpay sends each once).
    api.pagarPagina(cartao.pedido.pagina ?? '')
    api.pagar(mb.pedido.requestId)
    clock.advance(40 * MINUTO)
    const antes = leituras()

    // A new process on the same database: its start-up reconciliation asks ifthenpay about what is due.
    const nova = await iniciar()
    await nova.reconciliarPagamentos()
    expect(await pedidoDb(cartao.id)).toMatchObject({ ...ESTADO_PAGO, compra_id: expect.any(Number), motivo: null })
    expect(await pedidoDb(mb.id)).toMatchObject({ ...ESTADO_PAGO, compra_id: expect.any(Number) })
    expect(leituras()).toBe(antes + 2)
    await nova.close()
    abertas.splice(0)

    // Another start: nothing left to ask, nothing written twice.
    const outra = await iniciar()
    await outra.reconciliarPagamentos()
    expect(leituras()).toBe(antes + 2)
    expect(await compras().execute()).toHaveLength(2)
    expect(api.reembolsos).toBe(0)
  })

  it('a page order still unpaid across the restart is given up by the new process at its expiry', async () => {
    const { app, encomendar } = await cena()
    const carteira = await encomendar('applepay')
    await app.close()
    abertas.splice(0)
    clock.advance(40 * MINUTO)
    const nova = await iniciar()
    await nova.reconciliarPagamentos()
    expect(await pedidoDb(carteira.id)).toMatchObject({
      estado: -9,
      pagamento_estado: 'expirado',
      motivo: 'O pagamento não foi concluído a tempo.',
    })
    // Paid after all (a late page): the next asks find it and refund it through its transaction.
    api.pagarPagina(carteira.pedido.pagina ?? '')
    clock.advance(2 * MINUTO)
    await nova.reconciliarPagamentos()
    expect(await pedidoDb(carteira.id)).toMatchObject({ estado: -9, reembolso_estado: 'reembolsado' })
    expect(carteira.pedido.refunded).toEqual(['7.90'])
    expect(await compras().execute()).toEqual([])
  })

  it('ifthenpay down while paid page orders are asked about: left pending, settled by the next read or pass', async () => {
    const { app, encomendar, ler } = await cena()
    const lida = await encomendar('cartao')
    const reconciliada = await encomendar('googlepay')
    api.pagarPagina(lida.pedido.pagina ?? '')
    api.pagarPagina(reconciliada.pedido.pagina ?? '')
    api.falhar = true
    // The read answers what is known; the pass leaves both for later; nothing is given up or refunded.
    expect(await ler(lida.id)).toMatchObject({ status: -3, pago: false })
    await app.reconciliarPagamentos()
    expect(await pedidoDb(lida.id)).toMatchObject(ESTADO_PENDENTE)
    expect(await pedidoDb(reconciliada.id)).toMatchObject(ESTADO_PENDENTE)
    expect(logs.some((l) => l.encomenda === reconciliada.id && l.msg.includes('status unavailable'))).toBe(true)
    api.falhar = false
    // Read again past the 5 s between asks: paid.
    clock.advance(5_000)
    expect(await ler(lida.id)).toMatchObject({ status: -1, pago: true })
    expect(await pedidoDb(reconciliada.id)).toMatchObject(ESTADO_PENDENTE)
    // The failed pass put the other off a minute: the next one due finds it paid.
    await app.reconciliarPagamentos()
    expect(await pedidoDb(reconciliada.id)).toMatchObject(ESTADO_PENDENTE)
    clock.advance(MINUTO)
    await app.reconciliarPagamentos()
    expect(await pedidoDb(reconciliada.id)).toMatchObject(ESTADO_PAGO)
    expect(await compras().execute()).toHaveLength(2)
    expect(api.reembolsos).toBe(0)
  })

  it('a card order whose create got no answer (a 502): given up 5 minutes later and the margin, not at 30', async () => {
    const { app, clienteId, checkout, ler, saldo } = await cena()
    await insertSaldo(database.db, clienteId, 250)
    api.criarSemResposta = true
    const res = await checkout('cartao', { usar_premio: 1 })
    api.criarSemResposta = false
    expect(res.statusCode, res.body).toBe(502)
    // The page was made at ifthenpay, but nobody was shown it: nobody can pay it.
    const id = Number(api.pedidos.at(-1)?.orderId.slice(1))
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir', pagamento_id: null })
    expect(await saldo()).toBe(0)
    clock.advance(7 * MINUTO - 1_000)
    await app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: -3, pagamento_estado: 'a-pedir' })
    expect(await saldo()).toBe(0)
    // At 7 minutes (5 and the margin), not at the page's 30: given up, the balance back.
    clock.advance(1_000)
    await app.reconciliarPagamentos()
    expect(await ler(id)).toMatchObject({ status: -9, pago: false, motivo: 'Não foi possível iniciar o pagamento.' })
    expect(await pedidoDb(id)).toMatchObject({ pagamento_estado: 'expirado', compra_id: null })
    expect(await saldo()).toBe(250)
  })

  it('a card order given up at its expiry is asked about for an hour past it, then no more, quietly', async () => {
    const { app, encomendar } = await cena({ nivel: 'info' })
    const { id } = await encomendar('cartao')
    // Past the page's 30 minutes and the margin: given up, and still asked (a payment of its last minutes is found).
    clock.advance(32 * MINUTO + 1_000)
    await app.reconciliarPagamentos()
    const cancelada = await pedidoDb(id)
    expect(cancelada).toMatchObject({ estado: -9, pagamento_estado: 'expirado', expira_em: '2026-11-23T12:30:00.000Z' })
    const perguntas: string[] = []
    for (let i = 0; i < 20 && (await pedidoDb(id)).verificar_em !== null; i++) {
      const antes = leituras()
      clock.advance(Date.parse((await pedidoDb(id)).verificar_em ?? '') - clock.now().getTime())
      await app.reconciliarPagamentos()
      if (leituras() > antes) perguntas.push(clock.now().toISOString())
    }
    // Asked until an hour past its expiry (12:30), the last time just past it; then off the list.
    expect(perguntas.length).toBeGreaterThan(1)
    expect(perguntas.slice(0, -1).every((em) => em <= '2026-11-23T13:30:00.000Z')).toBe(true)
    expect((perguntas.at(-1) ?? '') > '2026-11-23T13:30:00.000Z').toBe(true)
    expect(await pedidoDb(id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado', verificar_em: null })
    const depois = leituras()
    for (const passo of [MINUTO, 60 * MINUTO, 24 * 60 * MINUTO]) {
      clock.advance(passo)
      await app.reconciliarPagamentos()
    }
    expect(leituras()).toBe(depois)
    // Nothing to alarm anyone: an info line, no error.
    const desta = logs.filter((l) => l.encomenda === id)
    expect(desta.filter((l) => l.msg.includes('no longer asked'))).toMatchObject([{ level: 30 }])
    expect(desta.filter((l) => l.level >= 50)).toEqual([])
  })

  it("a page order's read asks ifthenpay every 5 s for its first 10 minutes, then at most once a minute", async () => {
    const { encomendar, ler } = await cena()
    const { id } = await encomendar('cartao')
    /** How many times the reads at these instants (minutes:seconds past the order) asked ifthenpay. */
    const perguntas = async (...instantes: string[]) => {
      const antes = leituras()
      for (const mmss of instantes) {
        const [m = 0, ss = 0] = mmss.split(':').map(Number)
        clock.advance(Date.parse('2026-11-23T12:00:00.000Z') + m * MINUTO + ss * 1000 - clock.now().getTime())
        expect(await ler(id)).toMatchObject({ status: -3 })
      }
      return leituras() - antes
    }
    expect(await perguntas('0:00', '0:04', '0:05', '0:10')).toBe(3)
    // Past its tenth minute: two reads within a minute ask once; a minute after that ask, again.
    expect(await perguntas('10:01', '10:31')).toBe(1)
    expect(await perguntas('11:00', '11:01')).toBe(1)
  })

  it("Apple Pay in two environments on one account, both orders E1: each its own request, the other's payment not its", async () => {
    const a = await cena()
    const b = await cena({ outra: true })
    const doA = await a.encomendar('applepay')
    const doB = await b.encomendar('applepay')
    expect(doA.id).toBe(doB.id)
    const [idA, idB] = [doA.pedido.orderId, doB.pedido.orderId]
    expect([idA, idB]).toEqual([
      expect.stringMatching(/^E\d+-[0-9a-z]{1,4}$/),
      expect.stringMatching(/^E\d+-[0-9a-z]{1,4}$/),
    ])
    expect(idA).not.toBe(idB)
    expect(await pedidoDb(doA.id)).toMatchObject({ ...ESTADO_PENDENTE, pagamento_id: idA })
    // B's customer pays: B's order is paid, A's is not, by a read, a pass, or B's callback reaching A.
    api.pagarPagina(doB.pedido.pagina ?? '')
    expect(await b.ler(doB.id)).toMatchObject({ status: -1, pago: true })
    expect(await a.ler(doA.id)).toMatchObject({ status: -3, pago: false })
    clock.advance(MINUTO)
    await a.app.reconciliarPagamentos()
    const callback = new URLSearchParams({
      chave: api.antiPhishingKey,
      metodo: 'applepay',
      referencia: idB,
      valor: '7.90',
    })
    const res = await a.app.inject({ method: 'GET', url: `/api/pagamentos/ifthenpay/callback?${callback}` })
    expect(res.statusCode).toBe(200)
    expect(await pedidoDb(doA.id)).toMatchObject({ ...ESTADO_PENDENTE, compra_id: null })
    // A's order given up at its expiry: nothing refunded of B's payment.
    clock.advance(40 * MINUTO)
    await a.app.reconciliarPagamentos()
    clock.advance(2 * MINUTO)
    await a.app.reconciliarPagamentos()
    expect(await pedidoDb(doA.id)).toMatchObject({ estado: -9, pagamento_estado: 'expirado', reembolso_estado: null })
    expect(api.reembolsos).toBe(0)
    expect(await compras().execute()).toEqual([])
    expect(await b.db.selectFrom('encomendas').select('estado').where('id', '=', doB.id).executeTakeFirst()).toEqual({
      estado: -1,
    })
  })
})
