import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import { manualClock } from '../../platform/clock.ts'
import { createIfthenpayProvider, MODELOS_CALLBACK } from '../../platform/pagamentos-ifthenpay.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { todosOsDias } from './horario.ts'
import { type ManualClock, MINUTO, PASSWORD, TELEMOVEL } from './testing.ts'

/**
 * The methods paid on ifthenpay's page (the card; Apple Pay and Google Pay through its gateway), through the real
 * adapter (createIfthenpayProvider, every key set) against the local ifthenpay server, the store taking every method:
 * the page asked for (its exact body, its return addresses), the customer's read after the page (the list of payments
 * asked, the page's return never believed), a failed page left to expire, the callbacks of each method (forged,
 * early, replayed), and a paid order the store cancels refunded once. Multibanco: ifthenpay-metodos-multibanco.test.ts;
 * a restart and ifthenpay down: ifthenpay-metodos-reconciliacao.test.ts.
 */

const APP_URL = 'https://app.example.pt'
const TODOS = 'mbway,multibanco,cartao,applepay,googlepay'
const SALDO = 250
/** Where the provider's page sends the customer back to, by outcome. */
const regresso = (id: number, volta: 'sucesso' | 'erro' | 'cancelado') =>
  `${APP_URL}/carrinho/pagamento?encomenda=${id}&volta=${volta}`

describe.each(testDialects())('card, Apple Pay, Google Pay through a local ifthenpay on %s', (dialect) => {
  let t: TestApp
  let api: IfthenpayServer
  let clock: ManualClock
  let cliente: ReturnType<typeof device>
  let clienteId: number
  let chaveLoja: string
  let base: string
  let logs: { level: number; msg: string; [k: string]: unknown }[]
  /** What the adapter sent to ifthenpay: each call's path and JSON body. */
  let enviados: { path: string; body: Record<string, unknown> | null }[]
  const fechar: (() => Promise<void>)[] = []

  afterEach(async () => {
    vi.restoreAllMocks()
    for (const f of fechar.splice(0).reverse()) await f()
  })

  /** The app paying through ifthenpay with every key, listening for its callbacks; store 862 taking every method. */
  async function cena(inicio = '2026-11-23T12:00:00.000Z') {
    clock = manualClock(inicio)
    api = await startIfthenpayServer({ clock })
    fechar.push(() => api.close())
    enviados = []
    const fetchReal = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.startsWith(api.url)) {
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null
        enviados.push({ path: new URL(url).pathname, body })
      }
      return fetchReal(input, init)
    })
    logs = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line))
        done()
      },
    })
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
    expect(payments.metodos).toEqual(['mbway', 'multibanco', 'cartao', 'applepay', 'googlepay'])
    t = await createTestApp(dialect, { APP_URL, LOG_LEVEL: 'warn' }, { clock, payments, logStream })
    fechar.push(() => t.close())
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, horario_encomendas: sempre })
    await db.updateTable('lojas').set({ metodos_pagamento: TODOS }).where('id_loja', '=', 862).execute()
    chaveLoja = (await lojasChavesRepo(db, clock).create(862, 'pos-862')).chave
    const ementa = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chaveLoja}` },
      payload: ementaDeTeste(),
    })
    expect(ementa.statusCode, ementa.body).toBe(200)
    ;[clienteId] = (await insertContas(db, [TELEMOVEL], PASSWORD)) as [number]
    cliente = device(t)
    const login = await cliente.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
    expect(login.statusCode, login.body).toBe(200)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  }

  async function encomendar(over: Record<string, unknown> = {}) {
    const res = await cliente.call(
      'POST',
      '/api/finaliza-encomenda',
      pedidoDeTeste({ metodo: 'cartao', telemovel: '', ...over }),
      { 'idempotency-key': `k-${Math.random()}` },
    )
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.orderData
  }
  const ler = async (id: number) => (await cliente.call('GET', `/api/encomendas/${id}`)).json().data
  const saldo = async () =>
    (await cliente.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data.saldo as number
  const pedidoDb = (id: number) =>
    t.database.db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const compras = () =>
    t.database.db
      .selectFrom('transacoes')
      .select('id')
      .where('tipo', '=', 'compra')
      .where('referencia', 'like', 'E%')
      .execute()
  const quadro = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/loja/v1/encomendas?estado=-1,1,2,-9',
        headers: { authorization: `Bearer ${chaveLoja}` },
      })
    ).json().data as { id: number; estado: number }[]
  /** The request ifthenpay holds for an order. */
  const pedidoApi = (id: number) => {
    // A wallet's request may carry a suffix of its own after the order's reference.
    const p = api.pedidos.find((x) => x.orderId === `E${id}` || x.orderId.startsWith(`E${id}-`))
    if (!p) throw new Error(`ifthenpay has no request for E${id}`)
    return p
  }
  /** ifthenpay's callback for a request, to the URL registered for the method (MODELOS_CALLBACK). */
  const callback = (metodo: MetodoPagamento, requestId: string, chave?: string) =>
    api.enviarCallback(`${base}/api/pagamentos/ifthenpay/callback${MODELOS_CALLBACK[metodo]}`, requestId, chave)
  const leituras = () => api.chamadas.filter((c) => c === 'POST /v2/payments/read').length
  const ate = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime())
  /** The store cancels a paid order (the same request each time: its replays). */
  const cancelar = (id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/loja/v1/encomendas/${id}/cancelar`,
      headers: { authorization: `Bearer ${chaveLoja}`, 'idempotency-key': `cancelar-${id}` },
      payload: { motivo: 'Esgotado' },
    })
  const aviso = async () => (await cliente.call('GET', '/api/notificacoes')).json().data[0]?.texto as string

  it('card: the page asked for with its return addresses; paid on it, the read asks ifthenpay and finds it paid', async () => {
    await cena()
    const agora = clock.now().getTime()
    const order = await encomendar()
    const id = order.orderId as number
    expect(enviados).toEqual([
      {
        path: `/creditcard/init/${api.ccardKey}`,
        body: {
          orderId: `E${id}`,
          amount: '7.90',
          successUrl: regresso(id, 'sucesso'),
          errorUrl: regresso(id, 'erro'),
          cancelUrl: regresso(id, 'cancelado'),
          language: 'pt',
        },
      },
    ])
    const pedido = pedidoApi(id)
    expect(pedido.pagina).toMatch(new RegExp(`^${api.url}/pagina/`))
    // The customer is sent to ifthenpay's page, for 30 minutes; no e-mail (a Multibanco reference's only).
    expect(order).toMatchObject({ status: ESTADO.pagamento, pago: false, valor_pago: TOTAL })
    expect(order.pagamento).toEqual({
      metodo: 'Cartão',
      url: pedido.pagina,
      expira_em: new Date(agora + 30 * MINUTO).toISOString(),
    })
    expect(await pedidoDb(id)).toMatchObject({ pagamento_metodo: 'cartao', pagamento_id: pedido.requestId })
    expect(await t.database.db.selectFrom('email_outbox').select('id').execute()).toEqual([])
    // Read before paying: ifthenpay asked, pending.
    expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pagamento: order.pagamento })
    expect(leituras()).toBe(1)

    // Paid on the page; what it appends to the return address is never read.
    const volta = api.pagarPagina(pedido.pagina ?? '', 'pago')
    expect(volta.startsWith(`${regresso(id, 'sucesso')}&`)).toBe(true)
    expect(new URL(volta).searchParams.get('sk')).toMatch(/^[0-9a-f]{64}$/)
    // Asked at most once in 5 s: then the read asks ifthenpay's list of payments for this request.
    clock.advance(5_000)
    expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pointsAdded: 7, pagamento: null })
    expect(leituras()).toBe(2)
    expect(enviados.at(-1)).toEqual({
      path: '/v2/payments/read',
      body: { boKey: api.backofficeKey, requestId: pedido.requestId },
    })
    expect((await quadro()).map((e) => e.id)).toEqual([id])
    clock.advance(10_000)
    await t.app.reconciliarPagamentos()
    expect(await ler(id)).toMatchObject({ status: ESTADO.recebido })
    expect(await compras()).toHaveLength(1)
    expect(await saldo()).toBe(40)
  })

  it('card failed on the page: still pending (the list cannot say refused), given up at its expiry, balance back', async () => {
    await cena()
    await insertSaldo(t.database.db, clienteId, SALDO)
    const order = await encomendar({ usar_premio: 1 })
    const id = order.orderId as number
    const pedido = pedidoApi(id)
    expect(pedido.amount).toBe('5.40')
    expect(api.pagarPagina(pedido.pagina ?? '', 'erro')).toBe(regresso(id, 'erro'))
    expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pagamento: order.pagamento })
    expect(await saldo()).toBe(0)
    ate('2026-11-23T12:29:00.000Z')
    await t.app.reconciliarPagamentos()
    expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })
    ate('2026-11-23T12:32:01.000Z')
    await t.app.reconciliarPagamentos()
    expect(await ler(id)).toMatchObject({
      status: ESTADO.cancelado,
      pago: false,
      motivo: 'O pagamento não foi concluído a tempo.',
      pagamento: null,
    })
    expect(await pedidoDb(id)).toMatchObject({ pagamento_estado: 'expirado', compra_id: null })
    expect(await saldo()).toBe(SALDO)
    expect(await quadro()).toEqual([])
    expect(api.reembolsos).toBe(0)
  })

  it('card: its callback forged, early, with another amount, then right and replayed: paid once', async () => {
    await cena()
    const { orderId: id } = await encomendar()
    const pedido = pedidoApi(id)
    expect((await callback('cartao', pedido.requestId)).status).toBe(200)
    expect(leituras()).toBe(1)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, pagamento_estado: 'pendente' })
    api.pagarPagina(pedido.pagina ?? '')
    expect((await callback('cartao', pedido.requestId, 'adivinhada')).status).toBe(403)
    expect(leituras()).toBe(1)
    // The right key claiming another amount: not this order's request as made.
    const outroValor = new URLSearchParams({
      chave: api.antiPhishingKey,
      metodo: 'cartao',
      referencia: `E${id}`,
      id: pedido.requestId,
      valor: '0.01',
    })
    expect((await fetch(`${base}/api/pagamentos/ifthenpay/callback?${outroValor}`)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, compra_id: null })

    expect((await callback('cartao', pedido.requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.recebido, pagamento_estado: 'pago' })
    for (let i = 0; i < 2; i++) expect((await callback('cartao', pedido.requestId)).status).toBe(200)
    await Promise.all([
      callback('cartao', pedido.requestId),
      callback('cartao', pedido.requestId),
      ler(id),
      t.app.reconciliarPagamentos(),
    ])
    expect(await compras()).toHaveLength(1)
    expect(await saldo()).toBe(40)
  })

  it('a paid card order the store cancels, cancels racing the reconciliation: refunded through ifthenpay once', async () => {
    await cena()
    await insertSaldo(t.database.db, clienteId, SALDO)
    const order = await encomendar({ usar_premio: 1 })
    const id = order.orderId as number
    const pedido = pedidoApi(id)
    api.pagarPagina(pedido.pagina ?? '')
    expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true })
    // A slow refund: the others arrive while it is on its way.
    api.atrasos.reembolso = 300
    const [a, b] = await Promise.all([
      cancelar(id),
      cancelar(id),
      t.app.reconciliarPagamentos(),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 100))
        await Promise.all([cancelar(id), t.app.reconciliarPagamentos()])
      })(),
    ])
    api.atrasos.reembolso = 0
    expect([a.statusCode, b.statusCode], a.body).toEqual([200, 200])
    expect(api.reembolsos).toBe(1)
    expect(pedido.refunded).toEqual(['5.40'])
    expect(enviados.filter((e) => e.path === '/endpoint/payments/refund')).toEqual([
      {
        path: '/endpoint/payments/refund',
        body: { backofficekey: api.backofficeKey, requestId: pedido.requestId, amount: '5.40' },
      },
    ])
    clock.advance(2 * MINUTO)
    await Promise.all([t.app.reconciliarPagamentos(), t.app.reconciliarPagamentos(), cancelar(id)])
    expect(api.reembolsos).toBe(1)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.cancelado, reembolso_estado: 'reembolsado' })
    expect(await saldo()).toBe(SALDO)
    // Nothing went wrong on the way: no error logged.
    expect(logs.filter((l) => l.level >= 50)).toEqual([])
    // Told how each part comes back: the card's by the card, the balance's as balance.
    expect(await aviso()).toContain(
      `Devolvemos-lhe ${formatMoney(TOTAL - SALDO)} por cartão e ${formatMoney(SALDO)} de saldo.`,
    )
  })

  it.each([
    ['applepay', 'Apple Pay', 'APPLE'],
    ['googlepay', 'Google Pay', 'GOOGLE'],
  ] as const)(
    '%s: the gateway page with its account; paid, read as paid; its callback; refunded by its transaction',
    async (metodo, nome, conta) => {
      await cena()
      const chave = metodo === 'applepay' ? api.applePayKey : api.googlePayKey
      const lida = await encomendar({ metodo })
      const id = lida.orderId as number
      expect(enviados).toEqual([
        {
          path: `/gateway/pinpay/${api.gatewayKey}`,
          body: {
            // The order's reference and a random suffix: another request for the same reference is not this one.
            id: expect.stringMatching(new RegExp(`^E${id}-[0-9a-z]{1,4}$`)),
            amount: '7.90',
            description: expect.stringMatching(new RegExp(`^Encomenda ${id} - `)),
            accounts: `${conta}|${chave}`,
            expiredate: '20261123',
            success_url: regresso(id, 'sucesso'),
            error_url: regresso(id, 'erro'),
            cancel_url: regresso(id, 'cancelado'),
            btnCloseUrl: regresso(id, 'cancelado'),
            otp: 'true',
            lang: 'pt',
          },
        },
      ])
      const pedido = pedidoApi(id)
      expect(pedido).toMatchObject({ metodo, accounts: `${conta}|${chave}`, otp: 'true' })
      expect(lida.pagamento).toMatchObject({ metodo: nome, url: pedido.pagina })
      // Its transaction id is known only once paid: the order records the order id it sent.
      expect(await pedidoDb(id)).toMatchObject({ pagamento_metodo: metodo, pagamento_id: pedido.orderId })
      expect(api.pagarPagina(pedido.pagina ?? '')).toBe(regresso(id, 'sucesso'))
      expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pointsAdded: 7 })
      expect(enviados.at(-1)).toEqual({
        path: '/v2/payments/read',
        body: { boKey: api.backofficeKey, orderId: pedido.orderId },
      })

      // Another order paid the same way, heard by its callback (the wallet's template: no request id of its own).
      const { orderId: outra } = await encomendar({ metodo })
      const segundo = pedidoApi(outra)
      expect((await callback(metodo, segundo.requestId)).status).toBe(200)
      expect(await pedidoDb(outra)).toMatchObject({ estado: ESTADO.pagamento })
      api.pagarPagina(segundo.pagina ?? '')
      expect((await callback(metodo, segundo.requestId, 'adivinhada')).status).toBe(403)
      // Named as the other wallet's: not this order's method.
      const outraCarteira = metodo === 'applepay' ? 'googlepay' : 'applepay'
      expect((await callback(outraCarteira, segundo.requestId)).status).toBe(200)
      expect(await pedidoDb(outra)).toMatchObject({ estado: ESTADO.pagamento, compra_id: null })
      expect((await callback(metodo, segundo.requestId)).status).toBe(200)
      expect(await pedidoDb(outra)).toMatchObject({ estado: ESTADO.recebido, pagamento_estado: 'pago' })
      await Promise.all([callback(metodo, segundo.requestId), t.app.reconciliarPagamentos()])
      expect(await compras()).toHaveLength(2)

      // The store cancels the first: refunded by the transaction the list of payments names.
      expect((await cancelar(id)).statusCode).toBe(200)
      expect(api.reembolsos).toBe(1)
      expect(pedido.refunded).toEqual(['7.90'])
      expect(enviados.at(-1)).toEqual({
        path: '/endpoint/payments/refund',
        body: { backofficekey: api.backofficeKey, requestId: pedido.requestId, amount: '7.90' },
      })
      expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.cancelado, reembolso_estado: 'reembolsado' })
      expect(await aviso()).toContain(`Devolvemos-lhe ${formatMoney(TOTAL)} por ${nome}.`)
    },
  )
})
