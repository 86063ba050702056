/**
 * Payments through a provider (STORE-API.md "Payments"): the order's side of ordering asks for a payment, asks its
 * state, hears the provider's callback and refunds. Implementations: `sandbox` (development and tests, its requests
 * kept in the database and answered through `/api/dev/pagamentos`) and `ifthenpay` (pagamentos-ifthenpay.ts).
 *
 * One provider, several methods: MB WAY (a request to the phone), Multibanco (a reference paid at an ATM or in a bank
 * app), and the card, Apple Pay and Google Pay (a page of the provider's the customer is sent to and comes back from).
 * Each request is of one method, and the order keeps which: status calls and refunds go through that method.
 *
 * A callback is never believed on its own: `lerCallback` only says which request it claims to be about (after checking
 * whatever secret the provider sends with it); the caller then asks `estado` and acts on that answer alone.
 */

import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'

/** What the provider says of a request. `pendente`: the customer has not answered on the phone yet. */
export type EstadoPagamento = 'pendente' | 'pago' | 'recusado' | 'expirado'

export interface PedidoPagamento {
  metodo: MetodoPagamento
  /** Our reference for the request, at most 15 characters (ifthenpay's `orderId`): the order's, e.g. `E123`. */
  referencia: string
  /** Cents, > 0. */
  valor: number
  /** MB WAY: the phone that pays, national digits (`912345678`). */
  telemovel: string
  /** Its dial code without `+` (`351`). */
  pais: string
  /** What the customer reads on the phone or the provider's page, at most 100 characters. */
  descricao: string
  /** Multibanco: the customer's e-mail, when given (the provider's record of the reference). */
  email?: string
  /** Multibanco: the reference may be paid until the end of this day (`YYYY-MM-DD`, Lisbon). */
  validaAte?: string
  /**
   * Card, Apple Pay, Google Pay: where the provider's page sends the customer back. What it says there is never
   * believed: the app asks the provider's status call.
   */
  regresso?: { sucesso: string; erro: string; cancelado: string }
}

/** A request made. */
export interface PagamentoCriado {
  /** The provider's request id (its status calls, callbacks and refunds name it). */
  id: string
  /** Card, Apple Pay, Google Pay: the provider's page the customer is sent to. */
  url?: string
  /** Multibanco: what the customer pays at the ATM or in the bank app, until when (ISO instant). */
  multibanco?: { entidade: string; referencia: string; expiraEm: string }
}

export interface CallbackLido {
  metodo: MetodoPagamento
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
  /** The methods this provider is set up to take (ifthenpay: those whose keys are configured). */
  readonly metodos: readonly MetodoPagamento[]
  /**
   * The methods it can refund through its API (absent: all). Another's payment is given back by an operator (a bank
   * transfer): ifthenpay refunds no Multibanco payment.
   */
  readonly reembolsaveis?: readonly MetodoPagamento[]
  /** Makes the request (to the phone, a reference, a page); throws `PagamentoRecusado` when refused. */
  criar(pedido: PedidoPagamento): Promise<PagamentoCriado>
  /**
   * The request's state now, asked of the provider through its method. Throws `PagamentoIndisponivel` when it cannot
   * be asked.
   */
  estado(id: string, metodo: MetodoPagamento): Promise<EstadoPagamento>
  /**
   * A callback's query parameters (or body), with the provider's secret checked in constant time: what it claims, or
   * null when it is not a callback from the provider (no secret, a wrong one, missing fields).
   */
  lerCallback(params: Record<string, unknown>): CallbackLido | null
  /**
   * Gives `valor` cents of a paid request back to the customer. Never throws for the provider's sake: an outcome it
   * cannot tell is `incerto`. Providers refuse refunds beyond what was paid, so a duplicate is refused, not paid twice.
   */
  reembolsar(pedido: { id: string; valor: number; metodo: MetodoPagamento }): Promise<ResultadoReembolso>
}

/** The provider refused the request (an unknown number, MB WAY not active on it, a bad amount). */
export class PagamentoRecusado extends Error {}

/** The provider could not be reached or answered something we cannot read: try again later. */
export class PagamentoIndisponivel extends Error {}

/**
 * A Multibanco reference is payable until the end of the day it is made (Lisbon): a restaurant's order is collected the
 * day it is made, and one paid the next day would reach a kitchen that promised it yesterday. With less than this left
 * of the day, Multibanco is not offered: the reference would be gone before the customer reaches an ATM.
 */
export const MULTIBANCO_MINIMO_MS = 30 * 60 * 1000
/** How long the provider's card, Apple Pay and Google Pay page waits for the customer before the order is given up. */
export const PAGINA_EXPIRY_SECONDS = 30 * 60

/** MB WAY gives the customer this long to answer on the phone (STORE-API.md: `MBWAY_EXPIRY_SECONDS`, 240). */
export const MBWAY_EXPIRY_SECONDS_DEFAULT = 240
