/**
 * The loyalty arithmetic (STORE-API.md "Loyalty at the till"), pure and in integer cents: what one purchase or one
 * refund does to a customer's balances. The service writes what these return as one ledger movement.
 *
 * Every movement keeps, for each balance, the value before and after, with
 *   saldo_actual  = saldo_anterior  + saldo_adicionado − saldo_removido
 *   pontos_actual = pontos_anterior + pontos_ganhos    − pontos_convertidos
 *   itens_actual  = itens_anterior  + itens_adicionados − itens_redimidos
 * (pontos_ganhos, pontos_convertidos, itens_adicionados and itens_redimidos are negative on a refund that takes them
 * back), so the balances are always the sum of the movements and never negative.
 */

import { descontoDosPremios } from '../../../shared/desconto-premio.ts'
import type { ProdutoComprado } from '../../../shared/fidelizacao.ts'
import { PONTOS_MAX, SALDO_MAX } from '../../../shared/fidelizacao.ts'
import { type GanhoPromocao, ganhosDasPromocoes, type PromocaoEmVigor } from './ganhos-promocoes.ts'

export interface Regras {
  /** Credit as a percent of what was paid (LOYALTY_CREDIT_PERCENT). */
  creditoPercent: number
  /** Points per whole euro paid (LOYALTY_POINTS_PER_EURO). */
  pontosPorEuro: number
  /** Points that make one reward (LOYALTY_POINTS_THRESHOLD, the spec's `patamar`). */
  patamar: number
}

export interface Saldos {
  saldo: number
  pontos: number
  itens: number
}

export interface Efeito {
  saldo_adicionado: number
  saldo_removido: number
  pontos_ganhos: number
  pontos_convertidos: number
  itens_adicionados: number
  itens_redimidos: number
}

export const ZERO: Saldos = { saldo: 0, pontos: 0, itens: 0 }

/** round(n / d) with halves up, for n ≥ 0 and d > 0, in integers (no floating point on money). */
export function roundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d))
}

/** The credit a payment earns: round half up of `pago × percent / 100` (percent with up to two decimals). */
export function creditoDe(pago: number, percent: number): number {
  return roundHalfUp(pago * Math.round(percent * 100), 10_000)
}

/** Points a payment earns: one block of `pontosPorEuro` per whole euro. */
export const pontosDe = (pago: number, pontosPorEuro: number) => Math.floor(pago / 100) * pontosPorEuro

export function aplicar(antes: Saldos, e: Efeito): Saldos {
  return {
    saldo: antes.saldo + e.saldo_adicionado - e.saldo_removido,
    pontos: antes.pontos + e.pontos_ganhos - e.pontos_convertidos,
    itens: antes.itens + e.itens_adicionados - e.itens_redimidos,
  }
}

export interface PedidoCompra {
  /** The bill with VAT, cents, > 0. */
  total: number
  /** Balance used, 0 … min(saldo, total). */
  saldoAUsar: number
  /** Rewards redeemed, 0 … itens. */
  itensARedimir: number
  /** What one reward takes off the bill, cents: an amount-off reward's value; 0 for a product given (or none). */
  valorPremio?: number
  /**
   * The birthday reward used (decision 0053), what it takes off the bill: its amount, 0 for a product given; null or
   * absent when none is used. It is not counted in `itens`.
   */
  valorAniversario?: number | null
  /** The promotions in force at the purchase's instant, in its store (decision 0052). */
  promocoes?: readonly PromocaoEmVigor[]
  /** The products bought, when the till or the order lists them (the promotions on a product count them). */
  produtos?: readonly ProdutoComprado[]
}

/** A balance or points past their ceiling (SALDO_MAX, PONTOS_MAX). */
export type RecusaTeto = 'saldo-acima-do-maximo' | 'pontos-acima-do-maximo'

/** What would take the balance or the points past their ceiling (only what goes up is checked: a fall is always allowed). */
export function tetoExcedido(antes: Saldos, saldoDepois: number, pontosDepois: number): RecusaTeto | null {
  if (saldoDepois > antes.saldo && saldoDepois > SALDO_MAX) return 'saldo-acima-do-maximo'
  if (pontosDepois > antes.pontos && pontosDepois > PONTOS_MAX) return 'pontos-acima-do-maximo'
  return null
}

export type RecusaCompra = 'saldo-insuficiente' | 'itens-insuficientes' | 'saldo-acima-do-total' | RecusaTeto

/**
 * A purchase: the rewards redeemed and the balance used come off, the credit and points on what was paid go on (nothing
 * when `ganha` is false: a registration not complete earns nothing), with what the promotions in force add (`promocoes`:
 * what each gave), and every `patamar` points become one reward.
 */
export function compra(
  antes: Saldos,
  pedido: PedidoCompra,
  regras: Regras,
  ganha: boolean,
):
  | { efeito: Efeito; valorPago: number; descontoPremio: number; promocoes: GanhoPromocao[] }
  | { recusa: RecusaCompra } {
  if (pedido.itensARedimir > antes.itens) return { recusa: 'itens-insuficientes' }
  // The rewards come off the bill first (never more than the bill), then the balance off what is left.
  const descontoItens = descontoDosPremios(pedido.itensARedimir, pedido.valorPremio ?? 0, pedido.total)
  const valorAniversario = pedido.valorAniversario ?? 0
  const descontoPremio = descontoItens + Math.min(valorAniversario, pedido.total - descontoItens)
  if (pedido.saldoAUsar > pedido.total - descontoPremio) return { recusa: 'saldo-acima-do-total' }
  if (pedido.saldoAUsar > antes.saldo) return { recusa: 'saldo-insuficiente' }
  const valorPago = pedido.total - pedido.saldoAUsar - descontoPremio
  const pontosBase = ganha ? pontosDe(valorPago, regras.pontosPorEuro) : 0
  const creditoBase = ganha ? creditoDe(valorPago, regras.creditoPercent) : 0
  const extra = ganha
    ? ganhosDasPromocoes(
        {
          valorPago,
          pontosBase,
          creditoBase,
          creditoPercent: regras.creditoPercent,
          produtos: pedido.produtos ?? [],
          creditoDe,
        },
        pedido.promocoes ?? [],
      )
    : { pontos: 0, credito: 0, aplicadas: [] }
  const pontosGanhos = pontosBase + extra.pontos
  const credito = creditoBase + extra.credito
  const teto = tetoExcedido(antes, antes.saldo - pedido.saldoAUsar + credito, antes.pontos + pontosGanhos)
  if (teto) return { recusa: teto }
  const itensNovos = regras.patamar > 0 ? Math.floor((antes.pontos + pontosGanhos) / regras.patamar) : 0
  return {
    valorPago,
    descontoPremio,
    promocoes: extra.aplicadas,
    efeito: {
      saldo_adicionado: credito,
      saldo_removido: pedido.saldoAUsar,
      pontos_ganhos: pontosGanhos,
      pontos_convertidos: itensNovos * regras.patamar,
      itens_adicionados: itensNovos,
      itens_redimidos: pedido.itensARedimir,
    },
  }
}

/** What a purchase did, and what the refunds before this one already took back. */
export interface CompraOriginal {
  valorPago: number
  efeito: Efeito
  /** Cents of `valorPago` refunded before. */
  devolvido: number
  /** Rewards this purchase added that earlier refunds turned back into points. */
  itensRevertidos: number
}

/**
 * A refund of `valor` cents of what was paid. Each of the purchase's amounts comes back in proportion, computed on the
 * running total refunded so that the parts of several partial refunds add up to the cent: the credit earned is taken
 * back, the balance used is given back, the points earned are taken back. When points run short, rewards the purchase
 * added turn back into points; a full refund turns all of them back and returns the rewards it redeemed, so that
 * `saldo` and `pontos` are where they would be had the purchase never happened. Credit already spent cannot be taken
 * back: the balance stops at 0 and `naoRecuperado` says how much was lost (and points likewise).
 */
export function devolucao(
  antes: Saldos,
  original: CompraOriginal,
  valor: number,
  regras: Regras,
): { efeito: Efeito; naoRecuperado: { saldo: number; pontos: number }; itensRevertidos: number } {
  const { valorPago, efeito: e } = original
  const depois = original.devolvido + valor
  // A purchase paid wholly with balance (nothing paid) is refunded whole, at once, by a refund of 0.
  const parte = (x: number) =>
    valorPago === 0 ? x : roundHalfUp(x * depois, valorPago) - roundHalfUp(x * original.devolvido, valorPago)
  const completa = depois === valorPago

  const saldoDevolvido = parte(e.saldo_removido)
  const creditoARetirar = parte(e.saldo_adicionado)
  const saldoDisponivel = antes.saldo + saldoDevolvido
  const creditoRetirado = Math.min(creditoARetirar, saldoDisponivel)

  const itensDevolvidos = completa ? e.itens_redimidos : 0
  let pontos = antes.pontos - parte(e.pontos_ganhos)
  let itens = antes.itens + itensDevolvidos
  const porReverter = e.itens_adicionados - original.itensRevertidos
  const precisos = completa ? porReverter : pontos < 0 ? Math.ceil(-pontos / Math.max(regras.patamar, 1)) : 0
  const revertidos = Math.max(0, Math.min(precisos, porReverter, itens))
  itens -= revertidos
  pontos += revertidos * regras.patamar
  const pontosPerdidos = pontos < 0 ? -pontos : 0

  return {
    efeito: {
      saldo_adicionado: saldoDevolvido,
      saldo_removido: creditoRetirado,
      pontos_ganhos: -(parte(e.pontos_ganhos) - pontosPerdidos),
      pontos_convertidos: -revertidos * regras.patamar,
      itens_adicionados: -revertidos,
      itens_redimidos: -itensDevolvidos,
    },
    naoRecuperado: { saldo: creditoARetirar - creditoRetirado, pontos: pontosPerdidos },
    itensRevertidos: revertidos,
  }
}

export type RecusaAjuste = 'saldo-negativo' | 'pontos-negativos' | RecusaTeto

/**
 * A manual adjustment from the back-office: `saldo` cents and `pontos` points, each positive (given) or negative
 * (taken). Points given turn into rewards at every `patamar`, as a purchase's do; nothing may go below 0.
 */
export function ajuste(
  antes: Saldos,
  delta: { saldo: number; pontos: number },
  regras: Regras,
): { efeito: Efeito } | { recusa: RecusaAjuste } {
  if (antes.saldo + delta.saldo < 0) return { recusa: 'saldo-negativo' }
  if (antes.pontos + delta.pontos < 0) return { recusa: 'pontos-negativos' }
  const teto = tetoExcedido(antes, antes.saldo + delta.saldo, antes.pontos + delta.pontos)
  if (teto) return { recusa: teto }
  const itensNovos =
    delta.pontos > 0 && regras.patamar > 0 ? Math.floor((antes.pontos + delta.pontos) / regras.patamar) : 0
  return {
    efeito: {
      saldo_adicionado: Math.max(delta.saldo, 0),
      saldo_removido: Math.max(-delta.saldo, 0),
      pontos_ganhos: delta.pontos,
      pontos_convertidos: itensNovos * regras.patamar,
      itens_adicionados: itensNovos,
      itens_redimidos: 0,
    },
  }
}
