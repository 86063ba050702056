import type { ProdutoCatalogo } from '../../../shared/catalogo.ts'

/** The kind of sale the device chose (spec §4 `id_tipo_entrega`): 0 take-away, 1 eating in. */
export type TipoEntrega = 0 | 1

/**
 * The full dose's price, cents, for the kind of sale chosen: a store may charge take-away and eating in from different
 * price tiers of its POS (shared/tabelas-preco.ts); the server prices the order the same way.
 */
export const precoDose = (p: Pick<ProdutoCatalogo, 'pvp_com_iva' | 'pvp_na_loja_com_iva'>, tipo: TipoEntrega) =>
  tipo === 1 ? p.pvp_na_loja_com_iva : p.pvp_com_iva
