import { randomBytes, timingSafeEqual } from 'node:crypto'
import { diaEmLisboa, TIME_ZONE } from '../../shared/format.ts'
import { fimDoDiaNoFuso } from '../../shared/fusos.ts'
import { METODOS_PAGAMENTO, type MetodoPagamento } from '../../shared/metodos-pagamento.ts'
import { type Clock, DAY, systemClock } from './clock.ts'
import { sha256 } from './crypto.ts'
import {
  type CallbackLido,
  type EstadoPagamento,
  PAGINA_EXPIRY_SECONDS,
  type PagamentoCriado,
  PagamentoIndisponivel,
  PagamentoRecusado,
  type PaymentProvider,
  type PedidoPagamento,
  type ResultadoReembolso,
} from './pagamentos.ts'

/**
 * ifthenpay: MB WAY, Multibanco (dynamic references), the card, Apple Pay and Google Pay. There is no public sandbox:
 * tests run it against testing/ifthenpay-server.ts, which speaks these calls. Sources: ifthenpay's API pages
 * (ifthenpay.com/docs/en/api/{mbway,multibanco,ccard,pbl,list-of-payments-rest,refund}, /docs/en/guides/callback), its
 * PHP SDK (ifthenpay/ifthenpay-sdk-php: the endpoints in tests/Unit/ConfigTest.php, the payloads in
 * tests/Unit/RequestObj/*, src/Enums/MethodCode.php, src/Service/PayByLinkService.php, WebhookService.php) and the
 * WooCommerce plugin ifthenpay sends merchants to (Naked-Cat-Plugins/Multibanco-ifthenpay-Gateway-for-WooCommerce).
 *
 * Every call goes to one host, https://api.ifthenpay.com (older integrations write https://ifthenpay.com/api/…, the
 * same service), so one `apiUrl` serves them all, in production as against the local server:
 * - MB WAY: `POST /spg/payment/mbway` {mbWayKey, orderId ≤15, amount "12.50", mobileNumber, description ≤100} →
 *   Status "000" and a RequestId; `GET /spg/payment/mbway/status?mbWayKey&requestId` → Status (ESTADOS below).
 * - Multibanco: `POST /multibanco/reference/init` {mbKey, orderId ≤25, amount, description ≤200, clientEmail,
 *   expiryDays: payable until the end of the day that many days ahead, 0 = today} → Status "0", Entity, Reference
 *   (9 digits), RequestId, ExpiryDate "dd-mm-yyyy".
 * - Card: `POST /creditcard/init/{CCARD_KEY}` {orderId ≤15, amount, successUrl, errorUrl, cancelUrl, language} →
 *   Status "0", PaymentUrl, RequestId (another Status and empty fields when refused, "Unauthorized request" for a bad
 *   key). What the page appends to the return (`sk`, `requestId`) is never read: the status call decides.
 * - Apple Pay, Google Pay: no endpoint of their own (MethodCode.php: APPLE and GOOGLE are accounts of the gateway, "Pay
 *   by Link"): `POST /gateway/pinpay/{GATEWAY_KEY}` {id ≤15, amount, description ≤200, accounts "APPLE|APPLE-KEY",
 *   expiredate YYYYMMDD, success_url, error_url, cancel_url, btnCloseUrl, otp "true" (one payment per link), lang}
 *   (the docs' names; the SDK writes successUrl, errorUrl, cancelUrl, language) →
 *   PinCode, RedirectUrl (the page), PinpayUrl; nulls for a bad key. The payment's transaction id is known only once
 *   paid (the callback's [REQUEST_ID]), so such a request's id here is the order id sent (`id`).
 * - The state of a Multibanco, card, Apple Pay or Google Pay request: no per-request call, only the list of payments
 *   made, `POST /v2/payments/read` {boKey, requestId | orderId} → {status: 200, payments: [{requestId, orderId, entity,
 *   subEntity (the method's key), amount, paymentDate, …}]} (what the SDK's isPaid() asks). Listed is paid, not
 *   listed is pending: it cannot say refused or expired, so those stay 'pendente' and the caller gives up after its own
 *   expiry (a reference's `validaAte`, a page's PAGINA_EXPIRY_SECONDS).
 * - Refunds: `POST /endpoint/payments/refund` {backofficekey, requestId, amount} → Code 1 done, -1 insufficient funds
 *   (the account at ifthenpay cannot cover it), 0 or another refused; partial refunds allowed, never beyond what was
 *   paid. For MB WAY, card, Apple Pay and Google Pay only (docs/en/api/refund names no other): a Multibanco payment
 *   answers 'erro' without a call, and the caller leaves it to an operator. The docs now write the path
 *   `/v2/payments/refund`; `/endpoint/payments/refund` is the one the WooCommerce plugin (for every method) and
 *   ifthenpay's Pipedream connector call, and the one this adapter has always used: kept.
 *
 * The callback URLs to register with ifthenpay, one per key (ifthenpay fills the placeholders on each payment), also in
 * MODELOS_CALLBACK; the order id is [ORDER_ID] in the MB WAY and Multibanco sources, [ID] in the card's and gateway's:
 *   MB WAY:     {APP_URL}/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]
 *   Multibanco: {APP_URL}/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&metodo=multibanco&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]
 *   Card:       {APP_URL}/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&metodo=cartao&referencia=[ID]&id=[REQUEST_ID]&valor=[AMOUNT]
 *   Apple Pay:  {APP_URL}/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&metodo=applepay&referencia=[ID]&valor=[AMOUNT]
 *   Google Pay: {APP_URL}/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&metodo=googlepay&referencia=[ID]&valor=[AMOUNT]
 * No `metodo` is MB WAY: its URL was registered before the others existed. A callback comes only on payment and
 * unsigned: the key is checked here, and the payment is believed only when the status call says so
 * (features/encomendas/reconciliacao.ts). ifthenpay also calls the card's and the gateway's URL when a payment is
 * refunded ([STATUS] DEVOLVIDO, left out of ours): it reads as a replay of the payment's, which changes nothing.
 */
export interface IfthenpaySettings {
  /** MB WAY. Each method is offered only when its keys are set (`metodos`); at least one must be. */
  mbWayKey?: string
  /** Multibanco dynamic references ("MB KEY"). */
  mbKey?: string
  /** The card ("CCARD KEY"). */
  ccardKey?: string
  /** The gateway ("GATEWAY KEY", Pay by Link) that shows Apple Pay and Google Pay, with each one's account key. */
  gatewayKey?: string
  applePayKey?: string
  googlePayKey?: string
  antiPhishingKey: string
  /** Refunds, and the state of every request but MB WAY's (the list of payments). */
  backofficeKey: string
  /** https://api.ifthenpay.com in production; a local server in tests. */
  apiUrl: string
  timeoutMs?: number
  /** Today in Lisbon, for a reference's days to expiry and a page's expiry date. */
  clock?: Clock
}

/** The callback URL's query, per method, to append to `{APP_URL}/api/pagamentos/ifthenpay/callback`. */
export const MODELOS_CALLBACK: Record<MetodoPagamento, string> = {
  mbway: '?chave=[ANTI_PHISHING_KEY]&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]',
  multibanco: '?chave=[ANTI_PHISHING_KEY]&metodo=multibanco&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]',
  cartao: '?chave=[ANTI_PHISHING_KEY]&metodo=cartao&referencia=[ID]&id=[REQUEST_ID]&valor=[AMOUNT]',
  applepay: '?chave=[ANTI_PHISHING_KEY]&metodo=applepay&referencia=[ID]&valor=[AMOUNT]',
  googlepay: '?chave=[ANTI_PHISHING_KEY]&metodo=googlepay&referencia=[ID]&valor=[AMOUNT]',
}

/** MB WAY's request states (`Status`): 000 paid; 020 refused by the customer; 101 expired; 122 declined by the bank. */
const ESTADOS: Record<string, EstadoPagamento> = {
  '000': 'pago',
  '020': 'recusado',
  '101': 'expirado',
  '122': 'recusado',
  // Sent to the phone, no answer yet.
  '123': 'pendente',
}

/** The gateway's account code of each wallet (MethodCode.php), as in `accounts` ("APPLE|key"). */
const CONTA_GATEWAY = { applepay: 'APPLE', googlepay: 'GOOGLE' } as const

/** Cents → "12.50", exactly (no floating point on money). */
export function paraEuros(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** "12.50" / "12.5" / "12" → cents; null when it is not an amount. */
export function deEuros(valor: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(valor.trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'))
}

/** ifthenpay's `mobileNumber`: the national number for Portugal, `34#612345678` for another dial code. */
export const numeroMbway = (pais: string, telemovel: string) => (pais === '351' ? telemovel : `${pais}#${telemovel}`)

/** The methods whose keys are set (a status call of all but MB WAY's needs the back-office key too). */
export function metodosIfthenpay(s: IfthenpaySettings): MetodoPagamento[] {
  const tem = (k: string | undefined) => typeof k === 'string' && k.trim() !== ''
  const lista = tem(s.backofficeKey)
  const com: Record<MetodoPagamento, boolean> = {
    mbway: tem(s.mbWayKey),
    multibanco: lista && tem(s.mbKey),
    cartao: lista && tem(s.ccardKey),
    applepay: lista && tem(s.gatewayKey) && tem(s.applePayKey),
    googlepay: lista && tem(s.gatewayKey) && tem(s.googlePayKey),
  }
  return METODOS_PAGAMENTO.filter((m) => com[m])
}

/** The day after `dia` (`YYYY-MM-DD`). */

/** A fetch that failed before the request was sent (refused, unknown host): nothing reached the provider. */
function naoEnviado(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
}

/** A provider's page the customer may be sent to: https, or a local server (the tests' own). */
function paginaSegura(url: string): boolean {
  try {
    const u = new URL(url)
    return (
      u.protocol === 'https:' || (u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost'))
    )
  } catch {
    return false
  }
}

const iguais = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)))
const texto = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')

export function createIfthenpayProvider(settings: IfthenpaySettings): PaymentProvider {
  const base = settings.apiUrl.replace(/\/$/, '')
  const timeout = () => AbortSignal.timeout(settings.timeoutMs ?? 15_000)
  const clock = settings.clock ?? systemClock
  const metodos = metodosIfthenpay(settings)
  if (metodos.length === 0) throw new Error('ifthenpay: no payment method has its keys set')
  const chaveConta = (m: 'applepay' | 'googlepay') => (m === 'applepay' ? settings.applePayKey : settings.googlePayKey)

  async function call(path: string, init: RequestInit): Promise<Record<string, unknown>> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: timeout() })
    } catch (error) {
      throw new PagamentoIndisponivel(`ifthenpay unreachable: ${(error as Error).message}`)
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
    if (!response.ok || !body || typeof body !== 'object') {
      throw new PagamentoIndisponivel(`ifthenpay ${response.status}`)
    }
    return body
  }

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })

  /** The payments listed for a request: only ever read for a match, never taken as paid on their own. */
  async function pagamentos(filtro: { requestId: string } | { orderId: string }) {
    const answer = await call('/v2/payments/read', json({ boKey: settings.backofficeKey, ...filtro }))
    // Anything but its `status` 200 (a wrong key is answered 200 with status 403, a public integration records) says
    // nothing about the request.
    if (Number(answer.status) !== 200 || !Array.isArray(answer.payments)) {
      throw new PagamentoIndisponivel(`ifthenpay payments ${texto(answer.status)} ${texto(answer.message)}`)
    }
    return answer.payments.filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
  }

  /** A wallet's payment of the order `orderId` on its own key (another method's of the same order does not count). */
  async function pagamentoCarteira(orderId: string, metodo: 'applepay' | 'googlepay') {
    const chave = chaveConta(metodo)?.trim().toUpperCase()
    if (!chave) throw new PagamentoIndisponivel(`ifthenpay: ${metodo} has no key`)
    const lista = await pagamentos({ orderId })
    return lista.find((p) => texto(p.orderId) === orderId && texto(p.subEntity).trim().toUpperCase() === chave)
  }

  async function criarMultibanco(pedido: PedidoPagamento): Promise<PagamentoCriado> {
    const hoje = diaEmLisboa(clock.now())
    const ate = pedido.validaAte ?? hoje
    const dias = Math.round((Date.parse(`${ate}T00:00:00.000Z`) - Date.parse(`${hoje}T00:00:00.000Z`)) / DAY)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(ate) || !Number.isInteger(dias) || dias < 0) {
      throw new PagamentoRecusado(`ifthenpay: a reference cannot be valid until ${ate}`)
    }
    const answer = await call(
      '/multibanco/reference/init',
      json({
        mbKey: settings.mbKey,
        orderId: pedido.referencia.slice(0, 25),
        amount: paraEuros(pedido.valor),
        description: pedido.descricao.slice(0, 200),
        expiryDays: dias,
        ...(pedido.email ? { clientEmail: pedido.email.slice(0, 200) } : {}),
      }),
    )
    if (texto(answer.Status) !== '0') {
      throw new PagamentoRecusado(`ifthenpay refused: ${texto(answer.Status)} ${texto(answer.Message)}`)
    }
    const entidade = texto(answer.Entity)
    // Nine digits, zeros and all (written as a number, it loses the leading ones).
    const bruta = texto(answer.Reference).replace(/\s/g, '')
    const referencia = /^\d{1,9}$/.test(bruta) ? bruta.padStart(9, '0') : bruta
    const id = texto(answer.RequestId)
    // Answered "made" with nothing a customer can pay: not a reference to show, asked again later.
    if (!/^\d{5}$/.test(entidade) || !/^\d{9}$/.test(referencia) || id === '') {
      throw new PagamentoIndisponivel('ifthenpay: a reference without entity, reference or request id')
    }
    // Payable until the end of its last day in Lisbon: the day ifthenpay answers (it rounds what it cannot give).
    const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(texto(answer.ExpiryDate))
    const ultimo = m ? `${m[3]}-${m[2]}-${m[1]}` : ate
    const expiraEm = fimDoDiaNoFuso(ultimo, TIME_ZONE).toISOString()
    return { id, multibanco: { entidade, referencia, expiraEm } }
  }

  async function criarPagina(pedido: PedidoPagamento): Promise<PagamentoCriado> {
    const { metodo, regresso } = pedido
    if (!regresso) throw new PagamentoRecusado(`ifthenpay: a ${metodo} page needs its return addresses`)
    if (metodo === 'cartao') {
      const answer = await call(
        `/creditcard/init/${encodeURIComponent(settings.ccardKey ?? '')}`,
        json({
          orderId: pedido.referencia.slice(0, 15),
          amount: paraEuros(pedido.valor),
          successUrl: regresso.sucesso,
          errorUrl: regresso.erro,
          cancelUrl: regresso.cancelado,
          language: 'pt',
        }),
      )
      const id = texto(answer.RequestId)
      const url = texto(answer.PaymentUrl)
      if (texto(answer.Status) !== '0' || id === '' || !paginaSegura(url)) {
        throw new PagamentoRecusado(`ifthenpay refused: ${texto(answer.Status)} ${texto(answer.Message)}`)
      }
      return { id, url }
    }
    const carteira = metodo === 'applepay' ? 'applepay' : 'googlepay'
    // The request's own id (its transaction id exists only once paid): the order's reference and a random suffix, so
    // that a payment of another request for the same reference (another environment on the same account, an id
    // sequence restored from a backup) is never taken for this one.
    const orderId = `${pedido.referencia}-${randomBytes(6).readUIntBE(0, 6).toString(36).slice(0, 4)}`.slice(0, 15)
    // The page dies with the day it is dated to: the day the customer's time on it ends, in Lisbon.
    const expira = diaEmLisboa(clock.now().getTime() + PAGINA_EXPIRY_SECONDS * 1000).replace(/-/g, '')
    const answer = await call(
      `/gateway/pinpay/${encodeURIComponent(settings.gatewayKey ?? '')}`,
      json({
        id: orderId,
        amount: paraEuros(pedido.valor),
        description: pedido.descricao.slice(0, 200),
        accounts: `${CONTA_GATEWAY[carteira]}|${chaveConta(carteira)}`,
        expiredate: expira,
        success_url: regresso.sucesso,
        error_url: regresso.erro,
        cancel_url: regresso.cancelado,
        btnCloseUrl: regresso.cancelado,
        otp: 'true',
        lang: 'pt',
      }),
    )
    const url = texto(answer.RedirectUrl)
    if (!paginaSegura(url)) {
      throw new PagamentoRecusado(`ifthenpay refused the gateway page: ${texto(answer.Message)}`)
    }
    return { id: orderId, url }
  }

  async function enviarReembolso(requestId: string, valor: number): Promise<ResultadoReembolso> {
    let response: Response
    try {
      response = await fetch(`${base}/endpoint/payments/refund`, {
        ...json({ backofficekey: settings.backofficeKey, requestId, amount: paraEuros(valor) }),
        signal: timeout(),
      })
    } catch (error) {
      // No connection at all: the request never left, nothing was refunded. A timeout or a dropped connection: it
      // may have been made.
      return naoEnviado(error) ? 'erro' : 'incerto'
    }
    // A server error may come after the refund was made (a gateway timing out on it); a 4xx refused it as sent.
    if (response.status >= 500) return 'incerto'
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
    if (!response.ok) return 'erro'
    if (!body || typeof body !== 'object') return 'incerto'
    const code = String(body.Code)
    return code === '1' ? 'ok' : code === '-1' ? 'sem-fundos' : 'erro'
  }

  return {
    nome: 'ifthenpay',
    metodos,

    async criar(pedido) {
      if (!metodos.includes(pedido.metodo)) throw new PagamentoRecusado(`ifthenpay: ${pedido.metodo} is not set up`)
      if (pedido.metodo === 'multibanco') return criarMultibanco(pedido)
      if (pedido.metodo !== 'mbway') return criarPagina(pedido)
      const answer = await call(
        '/spg/payment/mbway',
        json({
          mbWayKey: settings.mbWayKey,
          orderId: pedido.referencia.slice(0, 15),
          amount: paraEuros(pedido.valor),
          mobileNumber: numeroMbway(pedido.pais, pedido.telemovel),
          description: pedido.descricao.slice(0, 100),
        }),
      )
      if (answer.Status !== '000' || typeof answer.RequestId !== 'string' || answer.RequestId === '') {
        throw new PagamentoRecusado(`ifthenpay refused: ${String(answer.Status)} ${String(answer.Message ?? '')}`)
      }
      return { id: answer.RequestId }
    },

    async estado(id, metodo) {
      if (metodo === 'multibanco' || metodo === 'cartao') {
        const lista = await pagamentos({ requestId: id })
        return lista.some((p) => texto(p.requestId) === id) ? 'pago' : 'pendente'
      }
      if (metodo === 'applepay' || metodo === 'googlepay') {
        return (await pagamentoCarteira(id, metodo)) ? 'pago' : 'pendente'
      }
      if (!settings.mbWayKey) throw new PagamentoIndisponivel('ifthenpay: MB WAY has no key')
      const query = new URLSearchParams({ mbWayKey: settings.mbWayKey, requestId: id })
      const answer = await call(`/spg/payment/mbway/status?${query}`, {
        headers: { accept: 'application/json' },
      })
      const estado = ESTADOS[String(answer.Status)]
      // Anything else is not an answer we can act on: never guessed as paid; asked again later.
      if (!estado) throw new PagamentoIndisponivel(`ifthenpay status ${String(answer.Status)}`)
      return estado
    },

    reembolsaveis: metodos.filter((m) => m !== 'multibanco'),

    lerCallback(params): CallbackLido | null {
      const { chave, referencia, valor, metodo = 'mbway' } = params
      if (typeof chave !== 'string' || !iguais(chave, settings.antiPhishingKey)) return null
      if (!metodos.includes(metodo as MetodoPagamento)) return null
      if (typeof referencia !== 'string' || referencia === '' || typeof valor !== 'string') return null
      // A wallet's request is named by the order id sent (its transaction id is known only once paid).
      const id = metodo === 'applepay' || metodo === 'googlepay' ? referencia : params.id
      if (typeof id !== 'string' || id === '') return null
      const cents = deEuros(valor)
      if (cents === null || cents <= 0) return null
      // A wallet's id is the order's reference with its request's suffix (criar): the reference is what precedes it.
      const daEncomenda =
        metodo === 'applepay' || metodo === 'googlepay' ? (referencia.split('-')[0] ?? '') : referencia
      return { metodo: metodo as MetodoPagamento, id, referencia: daEncomenda, valor: cents }
    },

    async reembolsar({ id, valor, metodo }) {
      if (!Number.isSafeInteger(valor) || valor <= 0) return 'erro'
      // Not refundable through the API: an operator gives it back another way.
      if (metodo === 'multibanco') return 'erro'
      if (metodo === 'applepay' || metodo === 'googlepay') {
        let pago: Record<string, unknown> | undefined
        try {
          pago = await pagamentoCarteira(id, metodo)
        } catch {
          // Nothing was sent: a definite failure, tried again later.
          return 'erro'
        }
        const requestId = texto(pago?.requestId)
        return requestId === '' ? 'erro' : enviarReembolso(requestId, valor)
      }
      return enviarReembolso(id, valor)
    },
  }
}
