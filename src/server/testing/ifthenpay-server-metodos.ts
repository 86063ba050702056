import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { diaEmLisboa } from '../../shared/format.ts'
import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'
import { type Clock, DAY } from '../platform/clock.ts'
import type { PedidoIfthenpay } from './ifthenpay-server.ts'

/**
 * The local ifthenpay's calls for the methods past MB WAY, as the real service answers them (sources in
 * platform/pagamentos-ifthenpay.ts): a Multibanco reference, the card's page, the gateway's page (Apple Pay, Google
 * Pay), the list of payments (the only state those methods have), and the page itself, which the test (or a browser
 * following the URL) completes as the customer would.
 */
export interface Chaves {
  mbWayKey: string
  mbKey: string
  ccardKey: string
  gatewayKey: string
  applePayKey: string
  googlePayKey: string
  backofficeKey: string
}

export interface ContextoMetodos {
  chaves: Chaves
  /** The Multibanco entity of the references made. */
  entidade: string
  pedidos: PedidoIfthenpay[]
  clock: Clock
  /** The server's address (known once it listens). */
  base(): string
  /** Called once a create has made its request: waits, then says whether its answer is lost (a 502). */
  criado(): Promise<boolean>
}

type Send = (status: number, body: unknown, headers?: Record<string, string>) => void

/** Each method's code in ifthenpay's lists and callbacks (`entity`, `[PAYMENT_METHOD]`), and its key (`subEntity`). */
const CODIGO: Record<MetodoPagamento, string> = {
  mbway: 'MBWAY',
  multibanco: 'MB',
  cartao: 'CCARD',
  applepay: 'APPLE',
  googlepay: 'GOOGLE',
}
const chaveDe = (c: Chaves, m: MetodoPagamento) =>
  ({
    mbway: c.mbWayKey,
    multibanco: c.mbKey,
    cartao: c.ccardKey,
    applepay: c.applePayKey,
    googlepay: c.googlePayKey,
  })[m]

const MONTANTE = /^\d{1,7}\.\d{2}$/
const eUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v) && v.length <= 2000

/** ifthenpay's date and time, `dd-mm-yyyy HH:MM:SS`, in Lisbon. */
export function dataIfthenpay(d: Date): string {
  const [y, m, dia] = diaEmLisboa(d).split('-')
  const hora = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Lisbon',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(d)
  return `${dia}-${m}-${y} ${hora}`
}

/** A template's ifthenpay placeholders filled for a request (its callback), each URL-encoded. */
export function preencherCallback(template: string, p: PedidoIfthenpay, chave: string, c: Chaves, agora: Date) {
  const valores: Record<string, string> = {
    ANTI_PHISHING_KEY: chave,
    ORDER_ID: p.orderId,
    ID: p.orderId,
    REQUEST_ID: p.requestId,
    AMOUNT: p.amount,
    ENTITY: p.entity ?? CODIGO[p.metodo],
    REFERENCE: p.reference ?? p.orderId,
    PAYMENT_METHOD: CODIGO[p.metodo],
    PAYMENT_METHOD_KEY: chaveDe(c, p.metodo),
    PAYMENT_DATETIME: p.pagoEm ?? dataIfthenpay(agora),
    STATUS: 'PAGO',
    FEE: '0.10',
  }
  return template.replace(/\[([A-Z_]+)\]/g, (all, nome: string) =>
    nome in valores ? encodeURIComponent(valores[nome] ?? '') : all,
  )
}

/** A paid request as `POST /v2/payments/read` lists it. */
function comoPagamento(p: PedidoIfthenpay, c: Chaves) {
  const amount = Number(p.amount)
  return {
    amount,
    entity: p.metodo === 'multibanco' ? 'MB' : CODIGO[p.metodo],
    fee: 0.1,
    netAmount: Math.round((amount - 0.1) * 100) / 100,
    orderId: p.orderId,
    paymentDate: p.pagoEm ?? '',
    procDate: (p.pagoEm ?? '').replace(/^(\d{2})-(\d{2})-(\d{4}).*$/, '$3$2$1'),
    reference: p.reference ?? p.orderId,
    requestId: p.requestId,
    subEntity: chaveDe(c, p.metodo),
    terminal: p.metodo === 'multibanco' ? '5-0000000000-CAIXA GERAL DE DEPOSITOS' : '12-VISA-PRT',
  }
}

export function rotasMetodos(ctx: ContextoMetodos) {
  const { chaves, pedidos } = ctx
  const novo = (campos: Omit<PedidoIfthenpay, 'requestId' | 'status' | 'refunded'>) => {
    const p: PedidoIfthenpay = {
      ...campos,
      requestId: randomUUID().replace(/-/g, '').slice(0, 20),
      status: '123',
      refunded: [],
    }
    pedidos.push(p)
    return p
  }
  const pagina = () => `${ctx.base()}/pagina/${randomBytes(12).toString('hex')}`

  /** The customer on the page: paid, failed or gave up; where the page sends them back. */
  function concluirPagina(p: PedidoIfthenpay, resultado: 'pago' | 'erro' | 'cancelado'): string {
    if (resultado === 'cancelado') return p.cancelUrl ?? ''
    if (resultado === 'erro') {
      p.status = '020'
      return p.errorUrl ?? ''
    }
    p.status = '000'
    p.pagoEm = dataIfthenpay(ctx.clock.now())
    const sucesso = p.successUrl ?? ''
    if (p.metodo !== 'cartao') return sucesso.replaceAll('[TRANSACTIONID]', p.requestId)
    // The card's page appends what it says of the payment (the SDK's validateReturn example); never to be believed.
    const url = new URL(sucesso)
    url.searchParams.set('id', p.orderId)
    url.searchParams.set('amount', p.amount)
    url.searchParams.set('requestId', p.requestId)
    url.searchParams.set('sk', randomBytes(32).toString('hex'))
    return url.toString()
  }

  async function multibanco(body: Record<string, unknown>, send: Send) {
    if (body.mbKey !== chaves.mbKey) return send(200, { Message: 'Invalid MB key', Status: '-1' })
    const { orderId, amount, description, clientEmail, expiryDays } = body
    let dias: number | null = null
    if (expiryDays !== undefined && expiryDays !== null && expiryDays !== '') {
      dias = Number(expiryDays)
      if (!Number.isInteger(dias)) return send(200, { Message: 'Invalid expiryDays', Status: '-1' })
      // Outside 0–31 the closest duration is given (the docs' words).
      dias = Math.min(31, Math.max(0, dias))
    }
    if (
      typeof orderId !== 'string' ||
      orderId === '' ||
      orderId.length > 25 ||
      typeof amount !== 'string' ||
      !MONTANTE.test(amount) ||
      Number(amount) <= 0 ||
      (description !== undefined && (typeof description !== 'string' || description.length > 200)) ||
      (clientEmail !== undefined && (typeof clientEmail !== 'string' || clientEmail.length > 200))
    ) {
      return send(200, { Message: 'Invalid request', Status: '-1' })
    }
    const ultimo =
      dias === null ? null : new Date(Date.parse(`${diaEmLisboa(ctx.clock.now())}T12:00:00.000Z`) + dias * DAY)
    const p = novo({
      metodo: 'multibanco',
      orderId,
      amount,
      mobileNumber: '',
      description: typeof description === 'string' ? description : '',
      ...(typeof clientEmail === 'string' ? { email: clientEmail } : {}),
      entity: ctx.entidade,
      reference: String(randomInt(0, 1_000_000_000)).padStart(9, '0'),
      expiryDays: dias,
      expiryDate: ultimo ? ultimo.toISOString().slice(0, 10).split('-').reverse().join('-') : '',
    })
    if (await ctx.criado()) return send(502, { Message: 'Bad gateway' })
    send(200, {
      Amount: p.amount,
      Entity: p.entity,
      ExpiryDate: p.expiryDate,
      Message: 'Success',
      OrderId: p.orderId,
      Reference: p.reference,
      RequestId: p.requestId,
      Status: '0',
    })
  }

  async function cartao(chave: string, body: Record<string, unknown>, send: Send) {
    // The SDK's answer to an unknown key.
    const recusa = (Message: string) => send(200, { Message, PaymentUrl: '', RequestId: '', Status: '-1' })
    if (chave !== chaves.ccardKey) return recusa('Unauthorized request')
    const { orderId, amount, successUrl, errorUrl, cancelUrl, language } = body
    if (
      typeof orderId !== 'string' ||
      orderId === '' ||
      orderId.length > 15 ||
      typeof amount !== 'string' ||
      !MONTANTE.test(amount) ||
      Number(amount) <= 0 ||
      !eUrl(successUrl) ||
      !eUrl(errorUrl) ||
      !eUrl(cancelUrl)
    ) {
      return recusa('Invalid request')
    }
    const p = novo({
      metodo: 'cartao',
      orderId,
      amount,
      mobileNumber: '',
      description: '',
      pagina: pagina(),
      successUrl: successUrl as string,
      errorUrl: errorUrl as string,
      cancelUrl: cancelUrl as string,
      language: typeof language === 'string' ? language : 'en',
    })
    if (await ctx.criado()) return send(502, { Message: 'Bad gateway' })
    send(200, { Message: 'Success', PaymentUrl: p.pagina, RequestId: p.requestId, Status: '0' })
  }

  async function gateway(chave: string, body: Record<string, unknown>, send: Send) {
    const nulos = () => send(200, { PinCode: null, PinpayUrl: null, RedirectUrl: null })
    if (chave !== chaves.gatewayKey) return nulos()
    const { id, amount, description, accounts, expiredate, otp } = body
    const contas = typeof accounts === 'string' ? accounts.split(';').map((a) => a.split('|')) : []
    const metodos = contas.map(([codigo, conta]) => {
      const m = (Object.keys(CODIGO) as MetodoPagamento[]).find((k) => CODIGO[k] === codigo)
      return m && conta === chaveDe(chaves, m) ? m : null
    })
    const [metodo] = metodos
    if (
      !metodo ||
      metodos.includes(null) ||
      typeof id !== 'string' ||
      id === '' ||
      id.length > 15 ||
      typeof amount !== 'string' ||
      !MONTANTE.test(amount) ||
      Number(amount) <= 0 ||
      (description !== undefined && (typeof description !== 'string' || description.length > 200)) ||
      (expiredate !== undefined && !/^\d{8}$/.test(String(expiredate))) ||
      (otp !== undefined && otp !== 'true' && otp !== 'false') ||
      [body.success_url, body.error_url, body.cancel_url, body.btnCloseUrl].some((u) => u !== undefined && !eUrl(u))
    ) {
      return nulos()
    }
    const p = novo({
      metodo,
      orderId: id,
      amount,
      mobileNumber: '',
      description: typeof description === 'string' ? description : '',
      pagina: pagina(),
      successUrl: body.success_url as string | undefined,
      errorUrl: body.error_url as string | undefined,
      cancelUrl: body.cancel_url as string | undefined,
      language: typeof body.lang === 'string' ? body.lang : 'pt',
      accounts: accounts as string,
      expiredate: expiredate === undefined ? '' : String(expiredate),
      otp: otp === undefined ? 'false' : String(otp),
      pinCode: String(randomInt(1_000_000_000, 10_000_000_000)),
    })
    if (await ctx.criado()) return send(502, { Message: 'Bad gateway' })
    send(200, { PinCode: p.pinCode, PinpayUrl: `${ctx.base()}/pinpay/${p.pinCode}`, RedirectUrl: p.pagina })
  }

  function lista(body: Record<string, unknown>, send: Send) {
    // A wrong key is answered 200 with its own status (as a public integration observed it).
    if (body.boKey !== chaves.backofficeKey) return send(200, { message: 'Invalid boKey', status: 403, payments: [] })
    const filtros = (['requestId', 'orderId', 'reference', 'entity', 'subEntity'] as const).filter(
      (k) => typeof body[k] === 'string' && body[k] !== '',
    )
    const payments = pedidos
      .filter((p) => p.status === '000')
      .map((p) => comoPagamento(p, chaves))
      .filter((row) => filtros.every((k) => row[k] === body[k]))
    send(200, { message: 'OK', status: 200, payments })
  }

  return {
    concluirPagina,
    /** Handles the call if it is one of these methods'; false otherwise. */
    async tratar(method: string, url: URL, body: Record<string, unknown>, send: Send): Promise<boolean> {
      const path = url.pathname
      const chave = (prefixo: string) => decodeURIComponent(path.slice(prefixo.length))
      if (method === 'POST' && path === '/multibanco/reference/init') await multibanco(body, send)
      else if (method === 'POST' && path.startsWith('/creditcard/init/'))
        await cartao(chave('/creditcard/init/'), body, send)
      else if (method === 'POST' && path.startsWith('/gateway/pinpay/'))
        await gateway(chave('/gateway/pinpay/'), body, send)
      else if (method === 'POST' && path === '/v2/payments/read') lista(body, send)
      else if (method === 'GET' && path.startsWith('/pagina/')) {
        const p = pedidos.find((x) => x.pagina === `${ctx.base()}${path}`)
        // A one-time page once answered, or expired, takes no payment.
        if (p?.status !== '123') send(410, { Message: 'This payment link is no longer available' })
        else {
          const r = url.searchParams.get('resultado')
          send(302, null, { location: concluirPagina(p, r === 'erro' || r === 'cancelado' ? r : 'pago') })
        }
      } else return false
      return true
    },
  }
}
