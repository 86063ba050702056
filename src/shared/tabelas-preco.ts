import { z } from 'zod'
import { mensagens } from './validacao.ts'

/**
 * A POS's price tiers (spec §3 "Product": `precovenda`, `pvp2`…`pvp10`): which one a store charges for each kind of
 * sale is its own setting, one for take-away and one for eating in, `precovenda` by default
 * (docs/decisions/0026-menu-fields.md, "Price tiers").
 */
export const TABELAS_PRECO = [
  'precovenda',
  'pvp2',
  'pvp3',
  'pvp4',
  'pvp5',
  'pvp6',
  'pvp7',
  'pvp8',
  'pvp9',
  'pvp10',
] as const
export type TabelaPreco = (typeof TABELAS_PRECO)[number]

export const TabelaPrecoSchema = z.enum(TABELAS_PRECO, { error: mensagens.valorInvalido })

/** How the back-office names each tier: the POS's own field name beside it, as the store's manager knows them. */
export const NOMES_TABELAS_PRECO: Record<TabelaPreco, string> = {
  precovenda: 'Preço de venda (precovenda)',
  pvp2: 'Preço 2 (pvp2)',
  pvp3: 'Preço 3 (pvp3)',
  pvp4: 'Preço 4 (pvp4)',
  pvp5: 'Preço 5 (pvp5)',
  pvp6: 'Preço 6 (pvp6)',
  pvp7: 'Preço 7 (pvp7)',
  pvp8: 'Preço 8 (pvp8)',
  pvp9: 'Preço 9 (pvp9)',
  pvp10: 'Preço 10 (pvp10)',
}

/** A store's setting: the tier of each kind of sale (`id_tipo_entrega` 0 take-away, 1 eating in). */
export interface TabelasPrecoLoja {
  take_away: TabelaPreco
  na_loja: TabelaPreco
}

export const TABELAS_PRECO_PADRAO: TabelasPrecoLoja = { take_away: 'precovenda', na_loja: 'precovenda' }

/** A stored value read back: a tier it does not name (a column edited by hand) is the default, never a throw. */
export const lerTabelaPreco = (valor: string | null | undefined): TabelaPreco =>
  (TABELAS_PRECO as readonly string[]).includes(valor ?? '') ? (valor as TabelaPreco) : 'precovenda'

export const tabelaDoTipo = (tabelas: TabelasPrecoLoja, tipo: 0 | 1): TabelaPreco =>
  tipo === 1 ? tabelas.na_loja : tabelas.take_away

/**
 * A product's price in `tabela` (cents): that tier where the menu gives it above 0, else `precovenda`. ZoneSoft sends
 * every tier, 0 where the store never filled it in: a 0 is "no price here", not "free".
 */
export function precoNaTabela(
  produto: { precovenda: number } & Partial<Record<Exclude<TabelaPreco, 'precovenda'>, number | null>>,
  tabela: TabelaPreco,
): number {
  if (tabela === 'precovenda') return produto.precovenda
  const preco = produto[tabela]
  return preco != null && preco > 0 ? preco : produto.precovenda
}
