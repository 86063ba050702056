import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'
import { type Clock, systemClock } from '../platform/clock.ts'
import { type Chaves, preencherCallback, rotasMetodos } from './ifthenpay-server-metodos.ts'

/**
 * A local server speaking ifthenpay's calls as the real service answers them (platform/pagamentos-ifthenpay.ts says
 * which, and where each fact comes from), for the adapter's tests and the order tests: ifthenpay has no public
 * sandbox. MB WAY (create, status), Multibanco references, the card's and the gateway's (Apple Pay, Google Pay) pages,
 * the list of payments and refunds; every path on one address, as `apiUrl`. The test plays the customer (`pagar`,
 * `recusar`, `expirar` for any method; `pagarPagina`, or a GET of the page's URL, for a page) and ifthenpay's callback
 * (`enviarCallback`).
 */
export interface PedidoIfthenpay {
  metodo: MetodoPagamento
  /** The request id (a wallet's: its transaction id, which ifthenpay tells only once paid). */
  requestId: string
  orderId: string
  amount: string
  /** MB WAY's phone; '' for the other methods. */
  mobileNumber: string
  description: string
  /** MB WAY's codes, for every method: 123 pending, 000 paid, 020 refused, 101 expired. */
  status: '123' | '000' | '020' | '101'
  /** Each refund accepted, as sent ("2.60"). */
  refunded: string[]
  /** When paid, `dd-mm-yyyy HH:MM:SS` (the list of payments' `paymentDate`). */
  pagoEm?: string
  /** Multibanco: what the create sent and what it answered. */
  email?: string
  entity?: string
  reference?: string
  expiryDays?: number | null
  /** `dd-mm-yyyy`, '' for a reference that does not expire. */
  expiryDate?: string
  /** Card, Apple Pay, Google Pay: the page, and where it sends the customer back. */
  pagina?: string
  successUrl?: string | undefined
  errorUrl?: string | undefined
  cancelUrl?: string | undefined
  language?: string
  /** The gateway's create: its accounts (`APPLE|key`), `expiredate`, `otp`, and the PIN it answered. */
  accounts?: string
  expiredate?: string
  otp?: string
  pinCode?: string
}

export interface IfthenpayServer {
  url: string
  mbWayKey: string
  mbKey: string
  ccardKey: string
  gatewayKey: string
  applePayKey: string
  googlePayKey: string
  backofficeKey: string
  antiPhishingKey: string
  /** The Multibanco entity of its references. */
  entidade: string
  /** Every request made, of every method, in order. */
  pedidos: PedidoIfthenpay[]
  /** Every call received, as `METHOD path`. */
  chamadas: string[]
  /** The customer pays (any method; a wallet's request by its transaction id, `pedidos[i].requestId`). */
  pagar(requestId: string): void
  recusar(requestId: string): void
  expirar(requestId: string): void
  /**
   * The customer on a card, Apple Pay or Google Pay page (its URL, as the create answered): pays (the default), fails
   * or cancels. Where the page sends them back: the return address as ifthenpay fills it. A GET of the page's URL does
   * the same (`?resultado=erro|cancelado`), answering a 302 there.
   */
  pagarPagina(url: string, resultado?: 'pago' | 'erro' | 'cancelado'): string
  /** Answers every call with 500 while set. */
  falhar: boolean
  /** The next refunds answer "insufficient funds". */
  semFundos: boolean
  /**
   * While set, a payment request is made (it reaches the phone) but its answer is a 502, as when a gateway times out
   * on the way back: the caller cannot know the request exists. Every method's create.
   */
  criarSemResposta: boolean
  /**
   * Milliseconds each create / status (and list of payments) / refund call waits before it is handled (a slow
   * provider, for races); and `respostaCriar`, how long a create waits between making its request (it is in
   * `pedidos`, on the phone) and answering.
   */
  atrasos: { criar: number; estado: number; reembolso: number; respostaCriar: number }
  /** Refund calls received, accepted or not (also those answered 500 while `falhar`). */
  readonly reembolsos: number
  /** Numbers without MB WAY: a payment request to one is refused (Status other than 000). */
  semMbway: Set<string>
  /**
   * A request made under the same MB WAY key through another channel (another shop's integration, ifthenpay's back
   * office): no order of ours asked for it. Its request id.
   */
  criarOutro(orderId: string, amount: string): string
  /**
   * Sends the callback ifthenpay sends on a payment, to a URL template with its placeholders: [ANTI_PHISHING_KEY],
   * [ORDER_ID] and [ID] (the order id), [REQUEST_ID], [AMOUNT], [ENTITY], [REFERENCE], [PAYMENT_METHOD],
   * [PAYMENT_METHOD_KEY], [PAYMENT_DATETIME], [STATUS] (PAGO), [FEE].
   */
  enviarCallback(template: string, requestId: string, antiPhishingKey?: string): Promise<Response>
  close(): Promise<void>
}

export async function startIfthenpayServer(
  opcoes: Partial<Chaves> & { antiPhishingKey?: string; entidade?: string; clock?: Clock } = {},
): Promise<IfthenpayServer> {
  const chaves: Chaves = {
    mbWayKey: opcoes.mbWayKey ?? 'ABC-123456',
    mbKey: opcoes.mbKey ?? 'MBK-123456',
    ccardKey: opcoes.ccardKey ?? 'CCD-123456',
    gatewayKey: opcoes.gatewayKey ?? 'GTWY-123456',
    applePayKey: opcoes.applePayKey ?? 'APL-123456',
    googlePayKey: opcoes.googlePayKey ?? 'GGL-123456',
    backofficeKey: opcoes.backofficeKey ?? '1111-2222-3333-4444',
  }
  const { mbWayKey, backofficeKey } = chaves
  const antiPhishingKey = opcoes.antiPhishingKey ?? 'anti-phishing-segredo'
  const entidade = opcoes.entidade ?? '12345'
  const clock = opcoes.clock ?? systemClock
  const pedidos: PedidoIfthenpay[] = []
  const chamadas: string[] = []
  const state = { falhar: false, semFundos: false, criarSemResposta: false }
  const atrasos = { criar: 0, estado: 0, reembolso: 0, respostaCriar: 0 }
  const semMbway = new Set<string>()
  const cents = (amount: string) => Math.round(Number(amount) * 100)
  const esperar = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())
  const novoPedido = (orderId: string, amount: string, mobileNumber: string, description: string) => {
    const pedido: PedidoIfthenpay = {
      metodo: 'mbway',
      requestId: randomUUID().replace(/-/g, '').slice(0, 20),
      orderId,
      amount,
      mobileNumber,
      description,
      status: '123',
      refunded: [],
    }
    pedidos.push(pedido)
    return pedido
  }
  let base = ''
  const metodos = rotasMetodos({
    chaves,
    entidade,
    pedidos,
    clock,
    base: () => base,
    async criado() {
      await esperar(atrasos.respostaCriar)
      return state.criarSemResposta
    },
  })
  const criacao = /^\/(spg\/payment\/mbway|multibanco\/reference\/init|creditcard\/init\/.+|gateway\/pinpay\/.+)$/

  const server: Server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const url = new URL(req.url ?? '/', 'http://localhost')
    chamadas.push(`${req.method} ${url.pathname}`)
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.statusCode = status
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(body))
    }
    if (state.falhar) return send(500, { Message: 'Internal error' })
    let body: Record<string, string>
    try {
      body = raw ? (JSON.parse(raw) as Record<string, string>) : {}
    } catch {
      return send(400, { Message: 'Invalid JSON' })
    }
    if (req.method === 'POST' && criacao.test(url.pathname)) await esperar(atrasos.criar)
    if (url.pathname === '/v2/payments/read') await esperar(atrasos.estado)

    if (req.method === 'POST' && url.pathname === '/spg/payment/mbway') {
      if (body.mbWayKey !== mbWayKey) return send(200, { Message: 'Invalid MbWayKey', Status: '999' })
      if (!/^(\d{9}|\d{1,4}#\d{4,15})$/.test(body.mobileNumber ?? '')) {
        return send(200, { Message: 'Invalid mobile number', Status: '100' })
      }
      if (!/^\d+\.\d{2}$/.test(body.amount ?? '') || (body.orderId ?? '').length > 15) {
        return send(200, { Message: 'Invalid request', Status: '999' })
      }
      if (semMbway.has(body.mobileNumber ?? '')) {
        return send(200, { Message: 'MB WAY not active for this number', Status: '100' })
      }
      const pedido = novoPedido(body.orderId ?? '', body.amount ?? '', body.mobileNumber ?? '', body.description ?? '')
      await esperar(atrasos.respostaCriar)
      if (state.criarSemResposta) return send(502, { Message: 'Bad gateway' })
      return send(200, {
        Amount: pedido.amount,
        Message: 'Pending',
        OrderId: pedido.orderId,
        RequestId: pedido.requestId,
        Status: '000',
      })
    }
    if (req.method === 'GET' && url.pathname === '/spg/payment/mbway/status') {
      await esperar(atrasos.estado)
      if (url.searchParams.get('mbWayKey') !== mbWayKey)
        return send(200, { Message: 'Invalid MbWayKey', Status: '999' })
      const pedido = pedidos.find((p) => p.metodo === 'mbway' && p.requestId === url.searchParams.get('requestId'))
      if (!pedido) return send(200, { Message: 'Not found', Status: '999' })
      return send(200, { CreatedAt: '', Message: '', RequestId: pedido.requestId, Status: pedido.status, UpdateAt: '' })
    }
    if (req.method === 'POST' && url.pathname === '/endpoint/payments/refund') {
      await esperar(atrasos.reembolso)
      if (body.backofficekey !== backofficeKey) return send(200, { Code: '0', Message: 'Invalid backoffice key' })
      const pedido = pedidos.find((p) => p.requestId === body.requestId)
      if (pedido?.status !== '000') return send(200, { Code: '0', Message: 'Not found' })
      // MB WAY, card, Apple Pay and Google Pay only.
      if (pedido.metodo === 'multibanco') return send(200, { Code: '0', Message: 'Payment could not be refunded' })
      if (state.semFundos) return send(200, { Code: '-1', Message: 'Insufficient funds' })
      const amount = body.amount ?? ''
      const jaDevolvido = pedido.refunded.reduce((sum, a) => sum + cents(a), 0)
      // Never more back than was paid: a duplicate refund is refused, as the real service refuses it.
      if (!/^\d+\.\d{2}$/.test(amount) || jaDevolvido + cents(amount) > cents(pedido.amount)) {
        return send(200, { Code: '0', Message: 'Refund amount exceeds the payment' })
      }
      pedido.refunded.push(amount)
      return send(200, { Code: '1', Message: 'Successful refunded' })
    }
    if (await metodos.tratar(req.method ?? '', url, body, send)) return
    send(404, { Message: 'Not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const find = (requestId: string) => {
    const p = pedidos.find((x) => x.requestId === requestId)
    if (!p) throw new Error(`no request ${requestId}`)
    return p
  }
  return {
    url: base,
    ...chaves,
    antiPhishingKey,
    entidade,
    pedidos,
    chamadas,
    pagar: (id) => {
      const p = find(id)
      metodos.concluirPagina(p, 'pago')
    },
    recusar: (id) => {
      find(id).status = '020'
    },
    expirar: (id) => {
      find(id).status = '101'
    },
    pagarPagina(pagina, resultado = 'pago') {
      const p = pedidos.find((x) => x.pagina === pagina)
      if (!p) throw new Error(`no page ${pagina}`)
      return metodos.concluirPagina(p, resultado)
    },
    get falhar() {
      return state.falhar
    },
    set falhar(v: boolean) {
      state.falhar = v
    },
    get semFundos() {
      return state.semFundos
    },
    set semFundos(v: boolean) {
      state.semFundos = v
    },
    get criarSemResposta() {
      return state.criarSemResposta
    },
    set criarSemResposta(v: boolean) {
      state.criarSemResposta = v
    },
    atrasos,
    get reembolsos() {
      return chamadas.filter((c) => c === 'POST /endpoint/payments/refund').length
    },
    semMbway,
    criarOutro: (orderId, amount) => novoPedido(orderId, amount, '919999999', 'Outro canal').requestId,
    enviarCallback(template, requestId, key = antiPhishingKey) {
      return fetch(preencherCallback(template, find(requestId), key, chaves, clock.now()))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
