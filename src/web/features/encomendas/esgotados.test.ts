import { describe, expect, it } from 'vitest'
import type { Catalogo } from '../../../shared/catalogo.ts'
import { produtoDeTeste } from '../../../shared/testing.ts'
import { esgotadosDoCarrinho } from './esgotados.ts'

const catalogo: Catalogo = {
  categorias: [
    {
      id: '10',
      nome: 'Pastelaria',
      produtos: [
        produtoDeTeste({ id: '1', nome: 'Galão' }),
        produtoDeTeste({ id: '2', nome: 'Castanhas', esgotado: true }),
        produtoDeTeste({ id: '3', nome: 'Água mineral', esgotado: true }),
      ],
    },
  ],
}
const linha = (id: string, nome: string) => ({ id, nome })

describe('the cart before the checkout', () => {
  it("marks each sold-out line and says it once, agreeing with 'artigo' whatever the product's gender and number", () => {
    const um = esgotadosDoCarrinho([linha('1', 'Galão'), linha('2', 'Castanhas')], catalogo)
    expect([...um.indices]).toEqual([1])
    expect(um.aviso).toBe('Artigo esgotado hoje nesta loja: Castanhas. Retire-o do carrinho para encomendar.')

    // A dose and a half portion of one product are two lines: the product is named once.
    const varios = esgotadosDoCarrinho(
      [linha('3', 'Água mineral'), linha('1', 'Galão'), linha('2', 'Castanhas'), linha('3', 'Água mineral')],
      catalogo,
    )
    expect([...varios.indices]).toEqual([0, 2, 3])
    expect(varios.aviso).toBe(
      'Artigos esgotados hoje nesta loja: Água mineral e Castanhas. Retire-os do carrinho para encomendar.',
    )
  })

  it('says nothing when nothing is sold out, or before the catalogue is in', () => {
    expect(esgotadosDoCarrinho([linha('1', 'Galão')], catalogo)).toEqual({ indices: new Set(), aviso: null })
    expect(esgotadosDoCarrinho([linha('2', 'Castanhas')], undefined).aviso).toBeNull()
  })
})
