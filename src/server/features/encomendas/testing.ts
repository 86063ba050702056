import { afterEach, beforeEach, expect } from 'vitest'
import type { Config } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import type { Dialect } from '../../platform/db.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { capturarLogs, createTestApp, device, type LinhaDeLog, type TestApp } from '../../testing/harness.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { todosOsDias } from './horario.ts'

/**
 * What the order tests share: the customer, and the scene of each suite (pedidos-*.test.ts: checkout through the MB WAY
 * sandbox and the store's board; ifthenpay-*.test.ts: orders paid through a local ifthenpay API).
 *
 * A `setup…(dialect)` is called inside the suite's `describe`: it registers the `beforeEach` that builds the scene and
 * the `afterEach` that ends it, and returns the scene's helpers and, as getters, what the current test's scene holds.
 */

export const TELEMOVEL = '912345678'
export const PASSWORD = '135790'
export const CALLBACK =
  '/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]'
export const MINUTO = 60_000

export type ManualClock = ReturnType<typeof manualClock>

/**
 * A store (862) and another (848) taking orders all day with the test menu, and a customer logged in. `config`: the
 * app's environment beyond the tests' own (METRICS_TOKEN…).
 */
export function setupOrders(dialect: Dialect, config: Partial<Config> = {}) {
  let t: TestApp
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let chaveOutra: string
  const clock = manualClock('2026-11-23T12:00:00.000Z')

  beforeEach(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'error', ...config }, { clock })
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

  return {
    get t() {
      return t
    },
    get cliente() {
      return cliente
    },
    get clienteId() {
      return clienteId
    },
    get chaveLoja() {
      return chaveLoja
    },
    get chaveOutra() {
      return chaveOutra
    },
    clock,
    finalizar,
    pagamentos,
    responder,
    loja,
    saldo,
    movimentos,
  }
}

/**
 * A local ifthenpay API, the app paying through it (listening, for its callbacks; its warnings and errors kept), a
 * store (862) with the test menu and a customer logged in.
 */
export function setupIfthenpay(dialect: Dialect) {
  let t: TestApp
  let api: IfthenpayServer
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let base: string
  let clock: ReturnType<typeof manualClock>
  /** The app's log lines (warnings and errors), parsed. */
  let logs: LinhaDeLog[]

  beforeEach(async () => {
    api = await startIfthenpayServer()
    clock = manualClock('2026-11-23T12:00:00.000Z')
    logs = []
    const logStream = capturarLogs(logs)
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

  return {
    get t() {
      return t
    },
    get api() {
      return api
    },
    get clienteId() {
      return clienteId
    },
    get base() {
      return base
    },
    get clock() {
      return clock
    },
    checkout,
    encomendar,
    estado,
    compras,
    pedidoDb,
    saldo,
    cancelar,
    quadro,
    callback,
    forjado,
    ateCriar,
    semResposta,
    erros,
    paga,
  }
}
