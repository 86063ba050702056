import type { Porcao } from '../../../shared/catalogo.ts'
import { chave, type LinhaLocal, notaDe, porcaoDe } from './carrinho.ts'

/**
 * The cart's lines as the API takes them and as the cart screen tells them apart: apart from carrinho.ts, which every
 * ordering screen loads first, because only the cart and the checkout need them (docs/decisions/0010).
 */

/** A key that tells a cart's lines apart (React's, and the tests'): the same fields as `mesmaEscolha`. */
export const chaveDaLinha = (l: LinhaLocal) =>
  [l.id, chave(l.complementares), chave(l.opcoes), porcaoDe(l), notaDe(l)].join('\u0001')

export interface LinhaApi {
  id: string
  qtd: number
  complementares: string[]
  opcoes: string[]
  porcao: Porcao
  observacoes?: string
}

/**
 * The cart as the API takes it (`LinhaCarrinhoSchema` refuses any other field): ids, quantities, the portion and the
 * note (only when there is one).
 */
export function paraApi(linhas: LinhaLocal[]): LinhaApi[] {
  return linhas.map((l) => {
    const nota = notaDe(l)
    const linha: LinhaApi = {
      id: l.id,
      qtd: l.qtd,
      complementares: l.complementares,
      opcoes: l.opcoes,
      porcao: porcaoDe(l),
    }
    if (nota) linha.observacoes = nota
    return linha
  })
}
