/**
 * The call-cost note shown beside every phone number a customer may call (DL 59/2021, art. 3.º: the number with its
 * price, «de forma igualmente clara e visível»). The price of a call to a geographic or mobile number depends on the
 * caller's tariff, so the law's own words stand in for it (art. 3.º, n.º 3): 'Chamada para a rede fixa nacional',
 * 'Chamada para a rede móvel nacional'. The kind of line is read from the Portuguese numbering plan, one rule for
 * every screen. See docs/decisions/0039-informacao-ao-consumidor.md.
 */

import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/** What the numbering plan says about the line. */
export type TipoLinha = 'fixa' | 'movel' | 'gratuita' | 'internacional' | 'tarifa-especial' | 'desconhecida'

export const NOTAS_CUSTO_CHAMADA = {
  fixa: 'Chamada para a rede fixa nacional',
  movel: 'Chamada para a rede móvel nacional',
  // A single price, and zero: the note states it.
  gratuita: 'Chamada gratuita',
  // Outside the national plan the law's wording does not reach; the caller's international tariff applies.
  internacional: 'Chamada para a rede internacional',
} as const satisfies Partial<Record<TipoLinha, string>>

const PORTUGAL = '351'

/** What a phone number is written with: digits, spaces, `+` and the usual separators (no words around it). */
const ESCRITA = /^[\d\s.\-()/+]+$/

/**
 * The kind of line of a number shown to customers, by the numbering plans libphonenumber-js carries (its full
 * metadata, which knows each plan's kinds of line): in Portugal (ANACOM's PNN), fixed (2, geographic) and nomadic
 * (30, priced as the fixed network), mobile (91, 92, 93, 96), free (800); 707, 708, 76x, 808, 809 and the 6 services
 * have a price set by the line, not by the caller's tariff (no note can be written from the number). A national
 * number may be written with or without +351, 00351 or 351. Another country's valid number is international; a number
 * valid in no plan (a mistyped `+213000862`) is unknown.
 */
export function tipoLinha(numero: string): TipoLinha {
  const texto = numero.trim()
  if (!ESCRITA.test(texto)) return 'desconhecida'
  const n = parsePhoneNumberFromString(texto.startsWith('00') ? `+${texto.slice(2)}` : texto, 'PT')
  if (!n?.isValid()) return 'desconhecida'
  if (n.countryCallingCode !== PORTUGAL) return 'internacional'
  switch (n.getType()) {
    case 'FIXED_LINE':
    case 'VOIP':
      return 'fixa'
    case 'MOBILE':
      return 'movel'
    case 'TOLL_FREE':
      return 'gratuita'
    case undefined:
      return 'desconhecida'
    default:
      return 'tarifa-especial'
  }
}

/** Whether a number is written as another country's (`+` or `00` and a code other than 351), valid or not. */
export function indicativoEstrangeiro(numero: string): boolean {
  const compacto = numero.replace(/[\s.\-()/]/g, '').replace(/^00/, '+')
  return compacto.startsWith('+') && !compacto.startsWith(`+${PORTUGAL}`)
}

/** The note beside the number, or null when its price cannot be told from the number (the back-office refuses it). */
export function notaCustoChamada(numero: string): string | null {
  const tipo = tipoLinha(numero)
  return tipo in NOTAS_CUSTO_CHAMADA ? NOTAS_CUSTO_CHAMADA[tipo as keyof typeof NOTAS_CUSTO_CHAMADA] : null
}
