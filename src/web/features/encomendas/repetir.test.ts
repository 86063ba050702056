import { describe, expect, it } from 'vitest'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import type { LinhaParaRepetir, ParaRepetir } from '../../../shared/pedido.ts'
import { produtoDeTeste } from '../../../shared/testing.ts'
import { transicoes } from './carrinho.ts'
import { avisoRepetir, motivosRepetir, repetirNoCatalogo } from './repetir.ts'

const galao = produtoDeTeste({
  id: '1002',
  nome: 'Galão',
  pvp_com_iva: 180,
  complementares: [{ id: 'C1', nome: 'Leite de aveia', pvp_com_iva: 20, obrigatorio: false }],
  max_complementos: 1,
  opcoes: [
    { id: 'A1', nome: 'Com açúcar', grupo: '1', nome_grupo: 'Açúcar' },
    { id: 'A2', nome: 'Sem açúcar', grupo: '1', nome_grupo: 'Açúcar' },
  ],
  maxopcoes: 1,
})
const bitoque = produtoDeTeste({
  id: '3002',
  nome: 'Bitoque',
  pvp_com_iva: 950,
  meia_dose: true,
  pvp_meia_com_iva: 600,
})
const nata = produtoDeTeste({ id: '1001', nome: 'Pastel de nata', pvp_com_iva: 130 })

const catalogo = (...produtos: ProdutoCatalogo[]): Catalogo => ({
  categorias: [{ id: '10', nome: 'Tudo', imagem: null, produtos } as unknown as Catalogo['categorias'][number]],
})
const linha = (over: Partial<LinhaParaRepetir>): LinhaParaRepetir => ({
  id: null,
  qtd: 1,
  complementares: [],
  opcoes: [],
  porcao: 'dose',
  observacoes: null,
  produto: '',
  nomes_complementos: [],
  nomes_opcoes: [],
  ...over,
})
const pedido = (...linhas: LinhaParaRepetir[]): ParaRepetir => ({
  orderId: 7,
  id_loja: 862,
  id_tipo_entrega: 0,
  linhas,
})

const GALAO = linha({
  id: '1002',
  qtd: 2,
  complementares: ['C1'],
  opcoes: ['A2'],
  produto: 'Galão',
  nomes_complementos: ['Leite de aveia'],
  nomes_opcoes: ['Sem açúcar'],
  observacoes: 'Bem quente',
})

describe("'Repetir' against the store's current menu", () => {
  it("fills the cart by the menu's codes at today's prices, with the note and the half portion", () => {
    const { linhas, fora } = repetirNoCatalogo(
      catalogo({ ...galao, pvp_com_iva: 200, pvp_na_loja_com_iva: 230 }, bitoque),
      pedido(GALAO, linha({ id: '3002', produto: 'Bitoque', porcao: 'meia' })),
      true,
    )
    expect(fora).toEqual([])
    expect(linhas).toEqual([
      {
        id: '1002',
        qtd: 2,
        complementares: ['C1'],
        opcoes: ['A2'],
        nome: 'Galão',
        // The price changed since: today's, with the extra's.
        unitario: 220,
        unitarioNaLoja: 250,
        detalhes: ['Leite de aveia', 'Sem açúcar'],
        observacoes: 'Bem quente',
      },
      {
        id: '3002',
        qtd: 1,
        complementares: [],
        opcoes: [],
        nome: 'Bitoque',
        unitario: 600,
        unitarioNaLoja: 600,
        detalhes: [],
        porcao: 'meia',
        rotuloPorcao: 'Meia dose',
      },
    ])
  })

  it('names and leaves out what can no longer be ordered: gone, sold out, options changed, no half portion', () => {
    const { linhas, fora } = repetirNoCatalogo(
      catalogo(
        // The option chosen is gone.
        { ...galao, opcoes: [{ id: 'A1', nome: 'Com açúcar', grupo: '1', nome_grupo: 'Açúcar' }] },
        { ...nata, esgotado: true },
        { ...bitoque, meia_dose: false, pvp_meia_com_iva: null },
      ),
      pedido(
        GALAO,
        linha({ id: '1001', qtd: 3, produto: 'Pastel de nata' }),
        linha({ id: '3002', produto: 'Bitoque', porcao: 'meia' }),
        linha({ id: '9999', produto: 'Tosta mista' }),
      ),
      true,
    )
    expect(linhas).toEqual([])
    expect(fora).toEqual([
      { produto: 'Galão', motivo: motivosRepetir.opcoes },
      { produto: 'Pastel de nata', motivo: motivosRepetir.esgotado },
      { produto: 'Bitoque', motivo: motivosRepetir.meiaDose },
      { produto: 'Tosta mista', motivo: motivosRepetir.semProduto },
    ])
    expect(avisoRepetir(fora)).toBe(
      'Não foi possível repetir: Galão (as opções mudaram), Pastel de nata (esgotado hoje), Bitoque (já não há meia dose), Tosta mista (já não está no menu).',
    )
    expect(avisoRepetir([])).toBeNull()
  })

  it("finds an older order's lines by their names, and refuses a choice the product's rules no longer allow", () => {
    const antigo = linha({
      produto: 'Galão',
      qtd: 1,
      nomes_complementos: ['Leite de aveia'],
      nomes_opcoes: ['Com açúcar'],
    })
    expect(repetirNoCatalogo(catalogo(galao), pedido(antigo), true).linhas).toMatchObject([
      { id: '1002', complementares: ['C1'], opcoes: ['A1'] },
    ])
    // An extra now required the order did not have.
    const obrigatorio = {
      ...galao,
      complementares: [...galao.complementares, { id: 'C2', nome: 'Canela', pvp_com_iva: 0, obrigatorio: true }],
      max_complementos: 2,
    }
    expect(repetirNoCatalogo(catalogo(obrigatorio), pedido(antigo), true).fora).toEqual([
      { produto: 'Galão', motivo: motivosRepetir.opcoes },
    ])
  })

  it('leaves out what is sold to adults only for a customer who is not known to be 18, and a name that is not one', () => {
    const cerveja = produtoDeTeste({ id: '4001', nome: 'Cerveja', pvp_com_iva: 250, apenas_maiores: true })
    const linhaCerveja = linha({ id: '4001', produto: 'Cerveja', qtd: 2 })
    expect(repetirNoCatalogo(catalogo(cerveja), pedido(linhaCerveja), false).fora).toEqual([
      { produto: 'Cerveja', motivo: motivosRepetir.maiores },
    ])
    expect(repetirNoCatalogo(catalogo(cerveja), pedido(linhaCerveja), true).linhas).toHaveLength(1)
    // An older order's option named in two groups: not guessed.
    const doisGrupos = {
      ...galao,
      opcoes: [
        { id: 'A2', nome: 'Sem açúcar', grupo: '1', nome_grupo: 'Açúcar' },
        { id: 'X2', nome: 'Sem açúcar', grupo: '2', nome_grupo: 'Adoçante' },
      ],
    }
    const antigo = linha({ produto: 'Galão', nomes_opcoes: ['Sem açúcar'] })
    expect(repetirNoCatalogo(catalogo(doisGrupos), pedido(antigo), true).fora).toEqual([
      { produto: 'Galão', motivo: motivosRepetir.opcoes },
    ])
    // Two products of one name: neither is guessed either.
    expect(
      repetirNoCatalogo(catalogo(galao, { ...galao, id: '1003' }), pedido(linha({ produto: 'Galão' })), true).fora,
    ).toEqual([{ produto: 'Galão', motivo: motivosRepetir.semProduto }])
  })

  it("replaces the cart (never adds to it) at the order's store and kind of sale, the balance choice back to none", () => {
    const antes = {
      id_loja: 848,
      id_tipo_entrega: 0 as const,
      usar_premio: 1 as const,
      linhas: [{ id: '1001', qtd: 1, complementares: [], opcoes: [], nome: 'Pastel de nata', unitario: 130 }],
      mesa: null,
    }
    const { linhas } = repetirNoCatalogo(catalogo(galao), pedido(GALAO), true)
    expect(transicoes.repetir(antes, 862, 1, linhas)).toEqual({
      id_loja: 862,
      id_tipo_entrega: 1,
      usar_premio: 0,
      linhas,
      mesa: null,
    })
  })
})
