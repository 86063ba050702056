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
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
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
 * by the next start's reconciliation, on the same database; and ifthenpay down while a paid order is asked about, the
 * order left pending and settled once ifthenpay answers again. Each test builds its apps on one database of its own.
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

  /** An app on the database (a process starting), paying through ifthenpay with every key: its own provider. */
  async function iniciar(): Promise<FastifyInstance> {
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
      LOG_LEVEL: 'warn',
      WEB_DIST: 'dist/none',
      HASH_COST: HASH_COST_MIN,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      PAUSA_SEM_PAINEL_MIN: 0,
      APP_URL,
    })
    const app = await buildApp(config, database, { clock, payments, logStream })
    await app.ready()
    abertas.push(app)
    return app
  }

  /** A database with store 862 taking every method and a customer; the first app on it, the customer logged in. */
  async function cena() {
    clock = manualClock('2026-11-23T12:00:00.000Z')
    api = await startIfthenpayServer({ clock })
    fechar.push(() => api.close())
    database = await createTestDatabase(dialect)
    fechar.push(() => database.close())
    logs = []
    const db = database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
    await db.updateTable('lojas').set({ metodos_pagamento: TODOS }).where('id_loja', '=', 862).execute()
    const { chave } = await lojasChavesRepo(db, clock).create(862, 'pos-862')
    await insertContas(db, [TELEMOVEL], PASSWORD)
    const app = await iniciar()
    const ementa = await app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chave}` },
      payload: ementaDeTeste(),
    })
    expect(ementa.statusCode, ementa.body).toBe(200)
    const cliente = device({ app, database } as unknown as TestApp)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    async function encomendar(metodo: string) {
      const res = await cliente.call('POST', '/api/finaliza-encomenda', pedidoDeTeste({ metodo, telemovel: '' }), {
        'idempotency-key': `k-${metodo}`,
      })
      expect(res.statusCode, res.body).toBe(201)
      const orderId = res.json().data.orderData.orderId as number
      // A wallet's request may carry a suffix of its own after the order's reference.
      const pedido = api.pedidos.find((p) => p.orderId === `E${orderId}` || p.orderId.startsWith(`E${orderId}-`))
      if (!pedido) throw new Error(`ifthenpay has no request for E${orderId}`)
      return { id: orderId, pedido }
    }
    const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
    return { app, encomendar, ler }
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
})
