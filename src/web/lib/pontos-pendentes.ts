import { paths } from '../../shared/routes.ts'

/**
 * A guest who chose 'Guardar os pontos desta compra' goes through the sign-up and the personal data first (only a
 * complete account earns): the order is remembered on this tab meanwhile, so that the data form's end goes back to it
 * and its points are asked for there (decision 0050). Only the order's number, in the tab's session storage.
 */
const CHAVE = 'balcao.guardarPontos'

export function lembrarPontosPendentes(orderId: number): void {
  try {
    sessionStorage.setItem(CHAVE, String(orderId))
  } catch {
    // Private mode without storage: the customer presses the button again on the order.
  }
}

/** The order whose points wait for the account, if any. */
export function pontosPendentes(): number | null {
  try {
    const v = sessionStorage.getItem(CHAVE)
    return v && /^\d{1,10}$/.test(v) ? Number(v) : null
  } catch {
    return null
  }
}

export function esquecerPontosPendentes(): void {
  try {
    sessionStorage.removeItem(CHAVE)
  } catch {
    // Nothing kept.
  }
}

/** Where the personal data form goes when done: back to that order, or to the profile. */
export const depoisDosDados = (): string => {
  const id = pontosPendentes()
  return id === null ? paths.perfil : `${paths.finalizarPasso2}?encomenda=${id}`
}
