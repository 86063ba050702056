import { formatMoney, pontosLabel } from './format.ts'

/**
 * The words of an expiry of credit and points (decision 0058), shared by the notices the server writes and the card
 * and movements the app shows. Free of zod: the card is in every screen's first load.
 */

export interface MontantesExpiracao {
  /** Cents. */
  saldo: number
  pontos: number
}

/** '1,20 € de saldo e 30 pontos' (only what there is). */
export function montantesNaFrase(m: MontantesExpiracao): string {
  return [m.saldo > 0 ? `${formatMoney(m.saldo)} de saldo` : '', m.pontos > 0 ? pontosLabel(m.pontos) : '']
    .filter(Boolean)
    .join(' e ')
}

/** What an expiry took, as a title: 'Saldo e pontos expirados', 'Saldo expirado' or 'Pontos expirados'. */
export const tituloExpirados = (m: MontantesExpiracao) =>
  m.saldo > 0 && m.pontos > 0 ? 'Saldo e pontos expirados' : m.saldo > 0 ? 'Saldo expirado' : 'Pontos expirados'
