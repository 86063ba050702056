import type { Catalogo } from '../../../shared/catalogo.ts'
import type { PedidoEmbalagem } from '../../../shared/pedido.ts'
import type { LinhaLocal } from './carrinho.ts'

/**
 * The single-use packaging contribution the cart will pay, for display (the server prices it at the checkout, as it
 * prices everything): one entry per product whose catalogue entry charges one (`contribuicao_embalagem`), its units
 * together, in the cart's order, as the server's calculation answers it. `catalogo`: the store's, of a take-away order
 * only (eating in pays none); undefined, none.
 */
export function embalagensDoCarrinho(linhas: readonly LinhaLocal[], catalogo: Catalogo | undefined): PedidoEmbalagem[] {
  const produtos = catalogo?.categorias.flatMap((c) => c.produtos) ?? []
  const embalagens: PedidoEmbalagem[] = []
  for (const id of new Set(linhas.map((l) => l.id))) {
    const p = produtos.find((x) => x.id === id && x.contribuicao_embalagem > 0)
    const qtd = linhas.reduce((n, l) => n + (l.id === id ? l.qtd : 0), 0)
    if (p) embalagens.push({ produto: p.nome, qtd, valor: qtd * p.contribuicao_embalagem })
  }
  return embalagens
}
