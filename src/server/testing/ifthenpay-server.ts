import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local server speaking ifthenpay's MB WAY calls (create, status, refund) as the real service answers them, for the
 * adapter's tests and the order tests: ifthenpay has no public sandbox. The test plays the customer's phone
 * (`pagar`, `recusar`, `expirar`) and ifthenpay's callback (`enviarCallback`).
 */
export interface PedidoIfthenpay {
  requestId: string
  orderId: string
  amount: string
  mobileNumber: string
  description: string
  status: '123' | '000' | '020' | '101'
  /** Each refund accepted, as sent ("2.60"). */
  refunded: string[]
}

export interface IfthenpayServer {
  url: string
  mbWayKey: string
  backofficeKey: string
  antiPhishingKey: string
  pedidos: PedidoIfthenpay[]
  /** Every call received, as `METHOD path`. */
  chamadas: string[]
  pagar(requestId: string): void
  recusar(requestId: string): void
  expirar(requestId: string): void
  /** Answers every call with 500 while set. */
  falhar: boolean
  /** The next refunds answer "insufficient funds". */
  semFundos: boolean
  /**
   * While set, a payment request is made (it reaches the phone) but its answer is a 502, as when a gateway times out
   * on the way back: the caller cannot know the request exists.
   */
  criarSemResposta: boolean
  /**
   * Milliseconds each create / status / refund call waits before it is handled (a slow provider, for races); and
   * `respostaCriar`, how long a create waits between making its request (it is in `pedidos`, on the phone) and
   * answering.
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
  /** Sends the callback ifthenpay sends on a payment, to a URL template with its placeholders. */
  enviarCallback(template: string, requestId: string, antiPhishingKey?: string): Promise<Response>
  close(): Promise<void>
}

export async function startIfthenpayServer(
  keys: { mbWayKey?: string; backofficeKey?: string; antiPhishingKey?: string } = {},
): Promise<IfthenpayServer> {
  const mbWayKey = keys.mbWayKey ?? 'ABC-123456'
  const backofficeKey = keys.backofficeKey ?? '1111-2222-3333-4444'
  const antiPhishingKey = keys.antiPhishingKey ?? 'anti-phishing-segredo'
  const pedidos: PedidoIfthenpay[] = []
  const chamadas: string[] = []
  const state = { falhar: false, semFundos: false, criarSemResposta: false }
  const atrasos = { criar: 0, estado: 0, reembolso: 0, respostaCriar: 0 }
  const semMbway = new Set<string>()
  const cents = (amount: string) => Math.round(Number(amount) * 100)
  const esperar = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())
  const novoPedido = (orderId: string, amount: string, mobileNumber: string, description: string) => {
    const pedido: PedidoIfthenpay = {
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

  const server: Server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const url = new URL(req.url ?? '/', 'http://localhost')
    chamadas.push(`${req.method} ${url.pathname}`)
    const send = (status: number, body: unknown) => {
      res.statusCode = status
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(body))
    }
    if (state.falhar) return send(500, { Message: 'Internal error' })
    const body = raw ? (JSON.parse(raw) as Record<string, string>) : {}

    if (req.method === 'POST' && url.pathname === '/spg/payment/mbway') {
      await esperar(atrasos.criar)
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
      const pedido = pedidos.find((p) => p.requestId === url.searchParams.get('requestId'))
      if (!pedido) return send(200, { Message: 'Not found', Status: '999' })
      return send(200, { CreatedAt: '', Message: '', RequestId: pedido.requestId, Status: pedido.status, UpdateAt: '' })
    }
    if (req.method === 'POST' && url.pathname === '/endpoint/payments/refund') {
      await esperar(atrasos.reembolso)
      if (body.backofficekey !== backofficeKey) return send(200, { Code: '0', Message: 'Invalid backoffice key' })
      const pedido = pedidos.find((p) => p.requestId === body.requestId)
      if (pedido?.status !== '000') return send(200, { Code: '0', Message: 'Not found' })
      if (state.semFundos) return send(200, { Code: '-1', Message: 'Insufficient funds' })
      const amount = body.amount ?? ''
      const jaDevolvido = pedido.refunded.reduce((sum, a) => sum + cents(a), 0)
      // Never more back than was paid: a duplicate refund is refused, as the real service refuses it.
      if (!/^\d+\.\d{2}$/.test(amount) || jaDevolvido + cents(amount) > cents(pedido.amount)) {
        return send(200, { Code: '0', Message: 'Refund amount exceeds the payment' })
      }
      pedido.refunded.push(amount)
      return send(200, { Code: '1', Message: 'Refund accepted' })
    }
    send(404, { Message: 'Not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const find = (requestId: string) => {
    const p = pedidos.find((x) => x.requestId === requestId)
    if (!p) throw new Error(`no request ${requestId}`)
    return p
  }
  return {
    url,
    mbWayKey,
    backofficeKey,
    antiPhishingKey,
    pedidos,
    chamadas,
    pagar: (id) => {
      find(id).status = '000'
    },
    recusar: (id) => {
      find(id).status = '020'
    },
    expirar: (id) => {
      find(id).status = '101'
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
      const p = find(requestId)
      const target = template
        .replace('[ANTI_PHISHING_KEY]', encodeURIComponent(key))
        .replace('[ORDER_ID]', encodeURIComponent(p.orderId))
        .replace('[REQUEST_ID]', encodeURIComponent(p.requestId))
        .replace('[AMOUNT]', encodeURIComponent(p.amount))
      return fetch(target)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
