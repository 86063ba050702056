import { describe, expect, it } from 'vitest'
import type { Catalogo } from '../../../shared/catalogo.ts'
import { produtoDeTeste } from '../../../shared/testing.ts'
import type { LinhaLocal } from './carrinho.ts'
import { embalagensDoCarrinho } from './embalagens-carrinho.ts'

const catalogo: Catalogo = {
  categorias: [
    {
      id: '10',
      nome: 'Almoço',
      produtos: [
        produtoDeTeste({ id: 'sopa', nome: 'Sopa do dia', contribuicao_embalagem: 30 }),
        produtoDeTeste({ id: 'quiche', nome: 'Quiche', contribuicao_embalagem: 0 }),
      ],
    },
  ],
}
const linha = (id: string, qtd: number, over: Partial<LinhaLocal> = {}): LinhaLocal => ({
  id,
  qtd,
  complementares: [],
  opcoes: [],
  nome: id,
  unitario: 220,
  ...over,
})

describe('the packaging contribution the cart shows (decision 0037)', () => {
  it('one entry per product packaged so, its units together, in the cart’s order', () => {
    const linhas = [linha('sopa', 2), linha('quiche', 1), linha('sopa', 1, { porcao: 'meia' })]
    expect(embalagensDoCarrinho(linhas, catalogo)).toEqual([{ produto: 'Sopa do dia', qtd: 3, valor: 90 }])
    // Eating in, or before the catalogue is read: none (the cart passes no catalogue), nothing guessed.
    expect(embalagensDoCarrinho(linhas, undefined)).toEqual([])
    // A product gone from the catalogue charges nothing here (the checkout refuses it anyway).
    expect(embalagensDoCarrinho([linha('outro', 1)], catalogo)).toEqual([])
  })
})
