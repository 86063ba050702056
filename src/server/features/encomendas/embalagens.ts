import type { Embalagem } from '../../../shared/embalagens.ts'
import { pagaContribuicao } from '../../../shared/embalagens.ts'
import type { ProdutoEmenta } from '../../../shared/ementa.ts'
import type { LinhaCalculada } from '../../../shared/encomenda.ts'
import type { PedidoEmbalagem } from '../../../shared/pedido.ts'
import type { MarcaProduto } from './catalogo-repository.ts'

/** A product's take-away packaging: the POS's `embalagem`, else the back-office's mark, else not said (null). */
export const embalagemDe = (p: ProdutoEmenta, marca: MarcaProduto | undefined): Embalagem | null =>
  p.embalagem ?? marca?.embalagem ?? null

/** The contribution one unit of the product pays on a take-away order (cents with VAT): 0 for its packaging, or none. */
export const contribuicaoPorUnidade = (p: ProdutoEmenta, marca: MarcaProduto | undefined, valor: number): number =>
  pagaContribuicao(embalagemDe(p, marca)) ? valor : 0

/**
 * The single-use packaging contribution of a priced cart (Lei 76/2019, Portaria 331-E/2021): on a take-away order only
 * (`tipo` 0; eating in is served on the store's own dishes), unless the customer brings their own container; one
 * package per unit of each product packaged in plastic, aluminium or multimaterial, `valor` cents each. One entry per
 * product, in the cart's order (two lines of one product, a dose and a half one, are one entry).
 */
export function contribuicoesEmbalagem(
  linhas: LinhaCalculada[],
  produtoDe: (id: string) => { produto: ProdutoEmenta; marca: MarcaProduto | undefined } | undefined,
  { tipo, recipienteProprio, valor }: { tipo: 0 | 1; recipienteProprio: boolean; valor: number },
): PedidoEmbalagem[] {
  if (tipo !== 0 || recipienteProprio || valor <= 0) return []
  const porProduto = new Map<string, PedidoEmbalagem>()
  for (const l of linhas) {
    const item = produtoDe(l.id)
    if (!item || contribuicaoPorUnidade(item.produto, item.marca, valor) === 0) continue
    const antes = porProduto.get(l.id)
    const qtd = (antes?.qtd ?? 0) + l.qtd
    porProduto.set(l.id, { produto: l.nome, qtd, valor: qtd * valor })
  }
  return [...porProduto.values()]
}
