/**
 * Ordering from the table (decision 0045): each table of an eating-in store has a QR code that opens the app on that
 * store's catalogue, eating in, at that table. The code names the store and the table, signed by the store's secret
 * (`${idLoja}-${mesa}-${assinatura}`), so that a table cannot be made up nor a code moved to another store.
 */

/** The most tables a store may number (each prints a QR code). */
export const MESAS_MAX = 300

/** A table code as the app's address carries it: the store's POS id, the table and the signature. */
export const CODIGO_MESA = /^([1-9]\d{0,9})-([1-9]\d{0,2})-([A-Za-z0-9_-]{16})$/

/** A POS id's largest value (a 32-bit integer column on both databases: shared/validacao.ts `INT_MAX`). */
const ID_LOJA_MAX = 2_147_483_647

/** The store and table a code names (its signature not checked here), or null when it is not a table code. */
export function lerCodigoMesa(codigo: string): { idLoja: number; mesa: number; assinatura: string } | null {
  const m = CODIGO_MESA.exec(codigo)
  if (!m) return null
  const idLoja = Number(m[1])
  if (idLoja > ID_LOJA_MAX) return null
  return { idLoja, mesa: Number(m[2]), assinatura: m[3] as string }
}

/** A table a code opened (`GET /api/mesas/{codigo}`): its store (POS id and name) and its number. */
export interface MesaAberta {
  id_loja: number
  loja: string
  mesa: number
}

/** How long a table chosen by its code holds on the device: a meal, not the next visit. */
export const MESA_VALIDADE_MS = 4 * 60 * 60_000

export const mesasTextos = {
  invalido: 'Este código de mesa não é válido. Peça ajuda a um funcionário.',
  inexistente: 'Esta mesa já não existe nesta loja. Peça ajuda a um funcionário.',
  semMesas: 'Esta loja não aceita encomendas da mesa.',
  outraLoja: 'Este código é de uma mesa de outra loja.',
  soNaLoja: 'Uma encomenda da mesa é para comer na loja, sem hora de levantamento.',
} as const
