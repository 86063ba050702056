/**
 * The stamp card's arithmetic (decision 0057), pure and in integers: what one purchase or one refund does to a
 * customer's stamps and offers on one card. Every `porOferta`th unit is offered, so `porOferta − 1` stamps make one
 * offer. Each movement keeps
 *   carimbos_actual = carimbos_anterior + carimbos_ganhos − carimbos_convertidos
 *   ofertas_actual  = ofertas_anterior  + ofertas_ganhas  − ofertas_usadas
 * (negative on a refund that takes them back), so a card is always the sum of its movements and never negative.
 */

import { carimbosPorOferta } from '../../../shared/carimbos-textos.ts'
import { roundHalfUp } from './ledger.ts'

export interface SaldoCarimbos {
  carimbos: number
  ofertas: number
}

export interface EfeitoCarimbos {
  carimbos_ganhos: number
  carimbos_convertidos: number
  ofertas_ganhas: number
  ofertas_usadas: number
}

export const SEM_CARIMBOS: SaldoCarimbos = { carimbos: 0, ofertas: 0 }

export function aplicarCarimbos(antes: SaldoCarimbos, e: EfeitoCarimbos): SaldoCarimbos {
  return {
    carimbos: antes.carimbos + e.carimbos_ganhos - e.carimbos_convertidos,
    ofertas: antes.ofertas + e.ofertas_ganhas - e.ofertas_usadas,
  }
}

/**
 * A purchase on one card: `unidades` of its products on the bill, `ofertasAUsar` of them given as offers (those earn no
 * stamp: only what is bought does), the rest stamped when the customer earns (`ganha`), and every full card becomes an
 * offer.
 */
export function carimbosDaCompra(
  antes: SaldoCarimbos,
  pedido: { unidades: number; ofertasAUsar: number; porOferta: number; ganha: boolean },
): { efeito: EfeitoCarimbos } | { recusa: 'ofertas-insuficientes' } {
  if (pedido.ofertasAUsar > antes.ofertas) return { recusa: 'ofertas-insuficientes' }
  const ganhos = pedido.ganha ? Math.max(pedido.unidades - pedido.ofertasAUsar, 0) : 0
  const precisos = carimbosPorOferta(pedido.porOferta)
  const novas = Math.floor((antes.carimbos + ganhos) / precisos)
  return {
    efeito: {
      carimbos_ganhos: ganhos,
      carimbos_convertidos: novas * precisos,
      ofertas_ganhas: novas,
      ofertas_usadas: pedido.ofertasAUsar,
    },
  }
}

/** What a purchase did to a card, and what its refunds before this one already took back. */
export interface CompraCarimbos {
  efeito: EfeitoCarimbos
  porOferta: number
  /** Stamps earlier refunds set out to take back. */
  retirados: number
  /** Offers this purchase made that earlier refunds turned back into stamps. */
  ofertasRevertidas: number
}

/**
 * A refund on one card. The stamps to take back: all that are left when the purchase is refunded whole; the units of
 * the card's products the refund lists (`unidades`), when the POS lists them; otherwise in proportion to the money
 * (`parte`, over the running total, so that several partial refunds add up to what the purchase earned). When stamps
 * run short, offers the purchase made turn back into stamps (as many as needed, those still held); a full refund also
 * gives back the offers it used, so that the card is where it would be had the purchase never happened. Stamps
 * already spent as an offer cannot come back: the card stops at 0 and `perdidos` says how many.
 */
export function carimbosDaDevolucao(
  antes: SaldoCarimbos,
  original: CompraCarimbos,
  pedido: { completa: boolean; unidades: number | null; parte: (x: number) => number },
): { efeito: EfeitoCarimbos; retirados: number; revertidas: number; perdidos: number } {
  const e = original.efeito
  const porRetirar = Math.max(e.carimbos_ganhos - original.retirados, 0)
  const alvo = pedido.completa ? porRetirar : Math.min(pedido.unidades ?? pedido.parte(e.carimbos_ganhos), porRetirar)
  const precisos = carimbosPorOferta(original.porOferta)
  const devolvidas = pedido.completa ? e.ofertas_usadas : 0
  let carimbos = antes.carimbos - alvo
  let ofertas = antes.ofertas + devolvidas
  const porReverter = e.ofertas_ganhas - original.ofertasRevertidas
  // Only as many as the stamps taken back need: a card still holding enough keeps the offer (its stamps were made
  // again by later purchases).
  const precisas = carimbos < 0 ? Math.ceil(-carimbos / precisos) : 0
  const revertidas = Math.max(0, Math.min(precisas, porReverter, ofertas))
  ofertas -= revertidas
  carimbos += revertidas * precisos
  const perdidos = carimbos < 0 ? -carimbos : 0
  return {
    efeito: {
      carimbos_ganhos: -(alvo - perdidos),
      carimbos_convertidos: -revertidas * precisos,
      ofertas_ganhas: -revertidas,
      ofertas_usadas: -devolvidas,
    },
    retirados: alvo,
    revertidas,
    perdidos,
  }
}

/** The share of `x` a refund takes back, as ledger.ts `devolucao` computes it: over the running total refunded. */
export function parteDaDevolucao(valorPago: number, devolvidoAntes: number, valor: number) {
  return (x: number) =>
    valorPago === 0
      ? x
      : roundHalfUp(x * (devolvidoAntes + valor), valorPago) - roundHalfUp(x * devolvidoAntes, valorPago)
}
