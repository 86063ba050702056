/**
 * The call-cost note shown beside every phone number a customer may call (DL 59/2021, art. 3.º: the number with its
 * price, «de forma igualmente clara e visível»). The price of a call to a geographic or mobile number depends on the
 * caller's tariff, so the law's own words stand in for it (art. 3.º, n.º 3): 'Chamada para a rede fixa nacional',
 * 'Chamada para a rede móvel nacional'. The kind of line is read from the Portuguese numbering plan (the number's
 * first digits), one rule for every screen. See docs/decisions/0039-informacao-ao-consumidor.md.
 */

/** What the number's first digits say about the line. */
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

/** The digits of a number as written (`+351 213 000 862`, `00351 213…`, `213-000-862`), with `+` for a country code. */
function normalizar(numero: string): string | null {
  const limpo = numero.trim().replace(/[\s.\-()/]/g, '')
  const semZeros = limpo.startsWith('00') ? `+${limpo.slice(2)}` : limpo
  return /^\+?\d+$/.test(semZeros) ? semZeros : null
}

/** A national number's nine digits (with or without +351), or null for another country's number or none. */
function nacional(numero: string): string | null {
  const n = normalizar(numero)
  if (n === null) return null
  if (n.startsWith('+')) return n.startsWith(`+${PORTUGAL}`) ? n.slice(1 + PORTUGAL.length) : null
  return n
}

/**
 * The kind of line of a number shown to customers, by the Portuguese numbering plan (ANACOM's PNN): 2 geographic and
 * 30 nomadic (both priced as the fixed network), 91/92/93/96 mobile, 800 free; 707, 708, 76x, 808, 809 and the 6
 * services have a price set by the line, not by the caller's tariff (no note can be written from the number).
 */
export function tipoLinha(numero: string): TipoLinha {
  const n = normalizar(numero)
  if (n === null) return 'desconhecida'
  if (n.startsWith('+') && !n.startsWith(`+${PORTUGAL}`))
    return /^\+[1-9]\d{6,14}$/.test(n) ? 'internacional' : 'desconhecida'
  const digitos = nacional(numero)
  if (digitos === null || !/^\d{9}$/.test(digitos)) return 'desconhecida'
  if (/^(2\d|30)/.test(digitos)) return 'fixa'
  if (/^9[1236]/.test(digitos)) return 'movel'
  if (digitos.startsWith('800')) return 'gratuita'
  if (/^(707|708|76[0-2]|808|809|6)/.test(digitos)) return 'tarifa-especial'
  return 'desconhecida'
}

/** The note beside the number, or null when its price cannot be told from the number (the back-office refuses it). */
export function notaCustoChamada(numero: string): string | null {
  const tipo = tipoLinha(numero)
  return tipo in NOTAS_CUSTO_CHAMADA ? NOTAS_CUSTO_CHAMADA[tipo as keyof typeof NOTAS_CUSTO_CHAMADA] : null
}
