/**
 * MB WAY payments through a provider (STORE-API.md "Payments"): the order's side of ordering asks for a payment, asks
 * its state, hears the provider's callback and refunds. Implementations: `sandbox` (development and tests, its requests
 * kept in the database and answered through `/api/dev/pagamentos`) and `ifthenpay` (pagamentos-ifthenpay.ts).
 *
 * A callback is never believed on its own: `lerCallback` only says which request it claims to be about (after checking
 * whatever secret the provider sends with it); the caller then asks `estado` and acts on that answer alone.
 */

/** What the provider says of a request. `pendente`: the customer has not answered on the phone yet. */
export type EstadoPagamento = 'pendente' | 'pago' | 'recusado' | 'expirado'

export interface PedidoPagamento {
  /** Our reference for the request, at most 15 characters (ifthenpay's `orderId`): the order's, e.g. `E123`. */
  referencia: string
  /** Cents, > 0. */
  valor: number
  /** The phone that pays, national digits (`912345678`). */
  telemovel: string
  /** Its dial code without `+` (`351`). */
  pais: string
  /** What the customer reads on the phone, at most 100 characters. */
  descricao: string
}

export interface CallbackLido {
  /** The provider's request id the callback claims was paid. */
  id: string
  referencia: string
  /** Cents, as the callback states it. */
  valor: number
}

/**
 * A refund's outcome. `sem-fundos` and `erro` are definite refusals (the provider answered that it did not refund:
 * trying again later cannot refund twice); `incerto` is no answer we can read (a timeout, a dropped connection, a 5xx
 * after the request left): the refund may or may not have been made, and must not be sent again blindly.
 */
export type ResultadoReembolso = 'ok' | 'sem-fundos' | 'erro' | 'incerto'

export interface PaymentProvider {
  readonly nome: 'sandbox' | 'ifthenpay'
  /** Sends the request to the customer's phone; the provider's request id. Throws `PagamentoRecusado` when refused. */
  criar(pedido: PedidoPagamento): Promise<{ id: string }>
  /** The request's state now, asked of the provider. Throws `PagamentoIndisponivel` when it cannot be asked. */
  estado(id: string): Promise<EstadoPagamento>
  /**
   * A callback's query parameters (or body), with the provider's secret checked in constant time: what it claims, or
   * null when it is not a callback from the provider (no secret, a wrong one, missing fields).
   */
  lerCallback(params: Record<string, unknown>): CallbackLido | null
  /**
   * Gives `valor` cents of a paid request back to the customer. Never throws for the provider's sake: an outcome it
   * cannot tell is `incerto`. Providers refuse refunds beyond what was paid, so a duplicate is refused, not paid twice.
   */
  reembolsar(pedido: { id: string; valor: number }): Promise<ResultadoReembolso>
}

/** The provider refused the request (an unknown number, MB WAY not active on it, a bad amount). */
export class PagamentoRecusado extends Error {}

/** The provider could not be reached or answered something we cannot read: try again later. */
export class PagamentoIndisponivel extends Error {}

/** MB WAY gives the customer this long to answer on the phone (STORE-API.md: `MBWAY_EXPIRY_SECONDS`, 240). */
export const MBWAY_EXPIRY_SECONDS_DEFAULT = 240
