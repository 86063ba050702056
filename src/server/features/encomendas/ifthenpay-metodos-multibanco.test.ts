import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import { formatarReferencia } from '../../../shared/prazo-pagamento.ts'
import { manualClock } from '../../platform/clock.ts'
import { createIfthenpayProvider, MODELOS_CALLBACK } from '../../platform/pagamentos-ifthenpay.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { CARRINHO_DE_TESTE, ementaDeTeste, pedidoDeTeste, TOTAL_DE_TESTE as TOTAL } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { type IfthenpayServer, startIfthenpayServer } from '../../testing/ifthenpay-server.ts'
import { todosOsDias } from './horario.ts'
import { type ManualClock, MINUTO, PASSWORD, TELEMOVEL } from './testing.ts'

/**
 * Multibanco through the real adapter (createIfthenpayProvider, every key set) against the local ifthenpay server,
 * the store taking every method: the reference asked for (its exact body), shown and e-mailed; its callback (the
 * template ifthenpay fills, with the anti-phishing key) believed only once the list of payments names it; replays,
 * forgeries; the day's last 30 minutes (no reference); the expiry; a paid reference the store cancels (no refund call: an operator's);
 * ifthenpay down when its callback comes. The card and the wallets: ifthenpay-metodos-paginas.test.ts; a restart
 * and ifthenpay down: ifthenpay-metodos-reconciliacao.test.ts.
 */

const APP_URL = 'https://app.example.pt'
const TODOS = 'mbway,multibanco,cartao,applepay,googlepay'
const EMAIL = 'ana@example.pt'
const SALDO = 250
const EXPIROU = 'A referência Multibanco expirou sem ter sido paga.'
const MULTIBANCO_TARDE = 'Já não é possível pagar por Multibanco hoje. Escolha outro método de pagamento.'

describe.each(testDialects())('Multibanco through ifthenpay (a local ifthenpay API) on %s', (dialect) => {
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
      pedidoDeTeste({ metodo: 'multibanco', telemovel: '', ...over }),
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
    const p = api.pedidos.find((x) => x.orderId === `E${id}`)
    if (!p) throw new Error(`ifthenpay has no request for E${id}`)
    return p
  }
  /** ifthenpay's callback for a request, to the URL registered for the method (MODELOS_CALLBACK). */
  const callback = (metodo: MetodoPagamento, requestId: string, chave?: string) =>
    api.enviarCallback(`${base}/api/pagamentos/ifthenpay/callback${MODELOS_CALLBACK[metodo]}`, requestId, chave)
  const leituras = () => api.chamadas.filter((c) => c === 'POST /v2/payments/read').length
  const ate = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime())

  it('asks ifthenpay for a reference with its key, order, amount, days and e-mail; shows it and e-mails it', async () => {
    await cena()
    const order = await encomendar()
    const id = order.orderId as number
    expect(enviados).toEqual([
      {
        path: '/multibanco/reference/init',
        body: {
          mbKey: api.mbKey,
          orderId: `E${id}`,
          amount: '7.90',
          description: expect.stringMatching(new RegExp(`^Encomenda ${id} - `)),
          expiryDays: 0,
          clientEmail: EMAIL,
        },
      },
    ])
    expect(api.chamadas).toEqual(['POST /multibanco/reference/init'])
    const pedido = pedidoApi(id)
    expect(pedido).toMatchObject({ metodo: 'multibanco', amount: '7.90', email: EMAIL, expiryDate: '23-11-2026' })
    expect(order).toMatchObject({ status: ESTADO.pagamento, pago: false, valor_pago: TOTAL })
    // What ifthenpay answered, as the customer pays it: payable until the end of the day in Lisbon (UTC+0 now).
    expect(order.pagamento).toEqual({
      metodo: 'Multibanco',
      entidade: api.entidade,
      referencia: pedido.reference,
      expira_em: '2026-11-24T00:00:00.000Z',
    })
    expect(await pedidoDb(id)).toMatchObject({
      pagamento_provider: 'ifthenpay',
      pagamento_metodo: 'multibanco',
      pagamento_id: pedido.requestId,
      mb_entidade: api.entidade,
      mb_referencia: pedido.reference,
    })
    const [email, ...mais] = await t.database.db.selectFrom('email_outbox').select(['para', 'texto']).execute()
    expect(mais).toEqual([])
    expect(email?.para).toBe(EMAIL)
    expect(email?.texto).toContain(`Entidade: ${api.entidade}`)
    expect(email?.texto).toContain(`Referência: ${formatarReferencia(pedido.reference ?? '')}`)
    expect(email?.texto).toContain(`Valor: ${formatMoney(TOTAL)}`)
    expect(email?.texto).toContain('Pagar até: 23/11/2026 23:59')
    // Waiting for the ATM: the read asks ifthenpay nothing before the expiry; the board does not show it.
    expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento, pagamento: order.pagamento })
    expect(leituras()).toBe(0)
    expect(await quadro()).toEqual([])
  })

  it('its callback: forged (wrong key), early (not listed as paid), then right, replayed and raced: paid once', async () => {
    await cena()
    const { orderId: id } = await encomendar()
    const { requestId } = pedidoApi(id)

    // The right key but not paid: ifthenpay's list does not name it, nothing changes.
    expect((await callback('multibanco', requestId)).status).toBe(200)
    expect(leituras()).toBe(1)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, pagamento_estado: 'pendente' })

    api.pagar(requestId)
    // A wrong key: refused, and ifthenpay is not even asked.
    expect((await callback('multibanco', requestId, 'adivinhada')).status).toBe(403)
    expect(leituras()).toBe(1)
    // Its request named under another method's template (no `metodo`: MB WAY's) matches nothing.
    expect((await callback('mbway', requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, compra_id: null })

    expect((await callback('multibanco', requestId)).status).toBe(200)
    expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pointsAdded: 7, pagamento: null })
    expect((await quadro()).map((e) => e.id)).toEqual([id])
    const depois = await saldo()
    expect(depois).toBe(40)
    for (let i = 0; i < 2; i++) expect((await callback('multibanco', requestId)).status).toBe(200)
    const juntos = await Promise.all([
      callback('multibanco', requestId),
      callback('multibanco', requestId),
      t.app.reconciliarPagamentos(),
    ])
    expect(juntos.slice(0, 2).map((r) => (r as Response).status)).toEqual([200, 200])
    expect(await compras()).toHaveLength(1)
    expect(await saldo()).toBe(depois)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.recebido, pagamento_estado: 'pago', pontos_ganhos: 7 })
    const assuntos = (await t.database.db.selectFrom('email_outbox').select('assunto').orderBy('id').execute()).map(
      (e) => e.assunto,
    )
    expect(assuntos).toHaveLength(2)
    expect(assuntos[1]).toMatch(new RegExp(`^Confirmação do pedido n.º ${id} `))
  })

  it.each([
    ['winter (UTC+0)', '2026-11-23T23:29:00.000Z', '23-11-2026', '2026-11-24T00:00:00.000Z'],
    ['summer (UTC+1)', '2026-07-15T22:29:00.000Z', '15-07-2026', '2026-07-15T23:00:00.000Z'],
  ])(
    'in %s, at 23:29 in Lisbon a reference of that day (expiryDays 0); at 23:31 none asked for',
    async (_, inicio, dia, fim) => {
      await cena(inicio)
      const metodos = async () =>
        (await cliente.call('POST', '/api/calcula-encomenda', { id_loja: 862, cart: CARRINHO_DE_TESTE })).json().data
          .pagamento.metodos
      expect(await metodos()).toEqual(TODOS.split(','))
      const order = await encomendar()
      expect(enviados.map((e) => e.body?.expiryDays)).toEqual([0])
      expect(pedidoApi(order.orderId).expiryDate).toBe(dia)
      expect(order.pagamento.expira_em).toBe(fim)
      // 29 minutes of the day left: not offered, refused on its field, and ifthenpay is not asked.
      clock.advance(2 * MINUTO)
      expect(await metodos()).toEqual(['mbway', 'cartao', 'applepay', 'googlepay'])
      const res = await cliente.call(
        'POST',
        '/api/finaliza-encomenda',
        pedidoDeTeste({ metodo: 'multibanco', telemovel: '' }),
        {
          'idempotency-key': 'tarde',
        },
      )
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().error.fields).toEqual({ metodo: MULTIBANCO_TARDE })
      expect(api.chamadas.filter((c) => c === 'POST /multibanco/reference/init')).toHaveLength(1)
    },
  )

  it('unpaid at its expiry: given up past the margin, the balance back; its callback later changes nothing', async () => {
    await cena()
    await insertSaldo(t.database.db, clienteId, SALDO)
    const order = await encomendar({ usar_premio: 1 })
    const id = order.orderId as number
    expect(pedidoApi(id).amount).toBe('5.40')
    expect(await saldo()).toBe(0)
    ate('2026-11-23T23:59:00.000Z')
    await t.app.reconciliarPagamentos()
    expect(await ler(id)).toMatchObject({ status: ESTADO.pagamento })
    ate('2026-11-24T00:02:01.000Z')
    await t.app.reconciliarPagamentos()
    expect(await ler(id)).toMatchObject({ status: ESTADO.cancelado, pago: false, motivo: EXPIROU, pagamento: null })
    expect(await pedidoDb(id)).toMatchObject({ pagamento_estado: 'expirado', compra_id: null })
    expect(await saldo()).toBe(SALDO)
    expect(await quadro()).toEqual([])
    // Not paid: a callback with the right key (a replay of nothing) leaves it given up.
    expect((await callback('multibanco', pedidoApi(id).requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.cancelado, reembolso_estado: null })
    expect(api.reembolsos).toBe(0)
  })

  it('a paid reference the store cancels: no refund call (ifthenpay refunds none), said once for an operator, never retried', async () => {
    await cena()
    await insertSaldo(t.database.db, clienteId, SALDO)
    const order = await encomendar({ usar_premio: 1 })
    const id = order.orderId as number
    const { requestId } = pedidoApi(id)
    api.pagar(requestId)
    expect((await callback('multibanco', requestId)).status).toBe(200)
    expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true, pago_com: 'Multibanco' })
    const cancelar = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/loja/v1/encomendas/${id}/cancelar`,
        headers: { authorization: `Bearer ${chaveLoja}`, 'idempotency-key': 'cancelar-mb' },
        payload: { motivo: 'Esgotado' },
      })
    const cancelada = await cancelar()
    expect(cancelada.statusCode, cancelada.body).toBe(200)
    // ifthenpay is never asked to refund it (PaymentProvider.reembolsaveis): an operator is told, once, loudly.
    const manuais = () => logs.filter((l) => l.alerta === 'reembolso-manual')
    expect(api.reembolsos).toBe(0)
    expect(enviados.filter((e) => e.path.includes('refund'))).toEqual([])
    expect(manuais()).toEqual([
      expect.objectContaining({ level: 50, encomenda: id, metodo: 'multibanco', valor: TOTAL - SALDO }),
    ])
    // Owed, handed to an operator and off the reconciliation's list: they refund it by bank transfer and mark it.
    expect(await pedidoDb(id)).toMatchObject({
      estado: ESTADO.cancelado,
      pagamento_estado: 'pago',
      reembolso_estado: 'manual',
      verificar_em: null,
    })
    // The balance used is the customer's again, the purchase's credit taken back.
    expect(await saldo()).toBe(SALDO)
    // Later passes call nothing and say nothing more: the refund stays owed (the metric counts it).
    const chamadas = api.chamadas.length
    for (const passo of [0, MINUTO, 2 * MINUTO, 60 * MINUTO, 24 * 60 * MINUTO]) {
      clock.advance(passo)
      await t.app.reconciliarPagamentos()
    }
    expect(api.chamadas.length).toBe(chamadas)
    expect(manuais()).toHaveLength(1)
    expect(await pedidoDb(id)).toMatchObject({ reembolso_estado: 'manual', verificar_em: null })
    // A replay of the store's cancel (its POS retrying) answers the same and refunds nothing.
    expect((await cancelar()).statusCode).toBe(200)
    expect(api.chamadas.length).toBe(chamadas)
    expect(manuais()).toHaveLength(1)
    // On the board as cancelled (it had reached it).
    expect(await quadro()).toMatchObject([{ id, estado: ESTADO.cancelado }])
    // The customer is told the store cancelled it, and how the money comes back.
    const [aviso, ...outros] = (await cliente.call('GET', '/api/notificacoes')).json().data
    expect(outros).toEqual([])
    expect(aviso).toMatchObject({ titulo: 'Pedido cancelado' })
    expect(aviso.texto).toContain(
      `Devolvemos-lhe ${formatMoney(TOTAL - SALDO)} por transferência bancária e ${formatMoney(SALDO)} de saldo.`,
    )
  })

  it('ifthenpay down when its callback comes: nothing changes; the reconciliation settles it once ifthenpay is back', async () => {
    await cena()
    const { orderId: id } = await encomendar()
    const { requestId } = pedidoApi(id)
    api.pagar(requestId)
    api.falhar = true
    // Its request is the order's: answered as heard (ifthenpay will not send it again), the order left as it was.
    expect((await callback('multibanco', requestId)).status).toBe(200)
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, pagamento_estado: 'pendente' })
    clock.advance(MINUTO)
    await t.app.reconciliarPagamentos()
    expect(await pedidoDb(id)).toMatchObject({ estado: ESTADO.pagamento, pagamento_estado: 'pendente' })
    api.falhar = false
    // Asked again within minutes (a reference is asked less and less often, never more than its expiry away).
    for (let i = 0; i < 5 && (await pedidoDb(id)).estado === ESTADO.pagamento; i++) {
      clock.advance(MINUTO)
      await t.app.reconciliarPagamentos()
    }
    expect(await ler(id)).toMatchObject({ status: ESTADO.recebido, pago: true })
    expect(await compras()).toHaveLength(1)
  })
})
