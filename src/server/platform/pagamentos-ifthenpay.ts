import { timingSafeEqual } from 'node:crypto'
import { sha256 } from './crypto.ts'
import {
  type CallbackLido,
  type EstadoPagamento,
  PagamentoIndisponivel,
  PagamentoRecusado,
  type PaymentProvider,
} from './pagamentos.ts'

/**
 * MB WAY through ifthenpay (notes/payments-and-pos.md): `POST /spg/payment/mbway` sends the request to the phone,
 * `GET /spg/payment/mbway/status` says what became of it, `POST /endpoint/payments/refund` gives money back. There is
 * no public sandbox: tests run it against testing/ifthenpay-server.ts, which speaks these calls.
 *
 * The callback URL to register with ifthenpay (its placeholders filled by ifthenpay on each payment):
 *   {APP_URL}/api/pagamentos/ifthenpay/callback?chave=[ANTI_PHISHING_KEY]&referencia=[ORDER_ID]&id=[REQUEST_ID]&valor=[AMOUNT]
 * It comes only on success and unsigned: the key is checked here, and the payment is believed only when the status
 * call says so (features/encomendas/reconciliacao.ts).
 */
export interface IfthenpaySettings {
  mbWayKey: string
  antiPhishingKey: string
  backofficeKey: string
  /** https://api.ifthenpay.com in production; a local server in tests. */
  apiUrl: string
  timeoutMs?: number
}

/** ifthenpay's request states (`Status`): 000 paid; 020 refused by the customer; 101 expired; 122 declined by the bank. */
const ESTADOS: Record<string, EstadoPagamento> = {
  '000': 'pago',
  '020': 'recusado',
  '101': 'expirado',
  '122': 'recusado',
  // Sent to the phone, no answer yet.
  '123': 'pendente',
}

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

/** A fetch that failed before the request was sent (refused, unknown host): nothing reached the provider. */
function naoEnviado(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
}

const iguais = (a: string, b: string) => timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)))

export function createIfthenpayProvider(settings: IfthenpaySettings): PaymentProvider {
  const base = settings.apiUrl.replace(/\/$/, '')
  const timeout = () => AbortSignal.timeout(settings.timeoutMs ?? 15_000)

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

  return {
    nome: 'ifthenpay',

    async criar(pedido) {
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

    async estado(id) {
      const query = new URLSearchParams({ mbWayKey: settings.mbWayKey, requestId: id })
      const answer = await call(`/spg/payment/mbway/status?${query}`, {
        headers: { accept: 'application/json' },
      })
      const estado = ESTADOS[String(answer.Status)]
      // Anything else is not an answer we can act on: never guessed as paid; asked again later.
      if (!estado) throw new PagamentoIndisponivel(`ifthenpay status ${String(answer.Status)}`)
      return estado
    },

    lerCallback(params): CallbackLido | null {
      const { chave, id, referencia, valor } = params
      if (typeof chave !== 'string' || !iguais(chave, settings.antiPhishingKey)) return null
      if (typeof id !== 'string' || id === '' || typeof referencia !== 'string' || typeof valor !== 'string') {
        return null
      }
      const cents = deEuros(valor)
      if (cents === null || cents <= 0) return null
      return { id, referencia, valor: cents }
    },

    async reembolsar({ id, valor }) {
      let response: Response
      try {
        response = await fetch(`${base}/endpoint/payments/refund`, {
          ...json({ backofficekey: settings.backofficeKey, requestId: id, amount: paraEuros(valor) }),
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
    },
  }
}
