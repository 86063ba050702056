import { useEffect } from 'react'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { useEncomendaLocal } from './carrinho.ts'
import { paraApi } from './carrinho-api.ts'

/*
 * Kept apart from the checkout's code: the confirmation and payment screens need only this, and their first load
 * stays within its budget (docs/decisions/0010-first-load-budget.md).
 */

// The cart that became an order (spec §4: cleared once ordering restarts after the confirmation)

const FEITA_KEY = 'balcao.encomenda-feita'

export interface EncomendaFeita {
  orderId: number
  /** The cart's JSON as it was sent (paraApi), to clear only that cart, never one built since. */
  carrinho: string
}

/** Remembers, on this device, which cart became which order. */
export function lembrarEncomendaFeita(feita: EncomendaFeita): void {
  try {
    window.localStorage.setItem(FEITA_KEY, JSON.stringify(feita))
  } catch {
    // Without storage the cart stays: the person empties it.
  }
}

/**
 * The order `orderId` is settled (paid, or cancelled): forgets it, and says whether the cart now on this device is the
 * one that became it (to be cleared when it was paid).
 */
export function encerrarEncomendaFeita(orderId: number, carrinhoAtual: string): boolean {
  try {
    const feita = JSON.parse(window.localStorage.getItem(FEITA_KEY) ?? 'null') as EncomendaFeita | null
    if (feita?.orderId !== orderId) return false
    window.localStorage.removeItem(FEITA_KEY)
    return feita.carrinho === carrinhoAtual
  } catch {
    return false
  }
}

/**
 * Settles the device's cart once its order is: paid → the cart that became it is cleared (the next order starts
 * empty); cancelled before payment → forgotten, the cart kept for another try. Call with the order a screen shows.
 */
export function useEncerrarCarrinho(encomenda: Pick<EncomendaCliente, 'orderId' | 'status' | 'pago'> | undefined) {
  const { linhas, limpar } = useEncomendaLocal()
  const carrinho = JSON.stringify(paraApi(linhas))
  const orderId = encomenda?.orderId
  const pago = encomenda?.pago === true
  const falhou = encomenda?.status === ESTADO.cancelado && !pago
  useEffect(() => {
    if (orderId === undefined || !(pago || falhou)) return
    if (encerrarEncomendaFeita(orderId, carrinho) && pago) limpar()
  }, [orderId, pago, falhou, carrinho, limpar])
}
