import { describe, expect, it } from 'vitest'
import { produtoDeTeste } from '../../../shared/testing.ts'
import {
  alternarComplemento,
  alternarOpcao,
  complementoBloqueado,
  extrasIniciais,
  gruposDe,
  gruposEmFalta,
  nomesEscolhidos,
  opcaoBloqueada,
  podeAdicionar,
  precoPorcao,
  precoUnitario,
  regraDoGrupo,
  regraExtras,
  regraOpcoes,
  temEscolhaObrigatoria,
  temMeiaDose,
} from './regras.ts'

const menu = produtoDeTeste({
  id: '1201',
  nome: 'Menu pequeno-almoço',
  pvp_com_iva: 320,
  idCategoria: '13',
  min_complementos: 2,
  max_complementos: 2,
  maxopcoes: 1,
  complementares: [
    { id: 'T', nome: 'Torrada', pvp_com_iva: 0, obrigatorio: true },
    { id: 'S', nome: 'Sumo de laranja natural', pvp_com_iva: 220, obrigatorio: false },
    { id: 'P', nome: 'Pastel de nata', pvp_com_iva: 100, obrigatorio: false },
  ],
  opcoes: [
    { id: 'G', nome: 'Galão', grupo: '11', nome_grupo: 'Bebida' },
    { id: 'B', nome: 'Bica', grupo: '11', nome_grupo: 'Bebida' },
    { id: 'F', nome: 'Pão de forma', grupo: '4', nome_grupo: 'Pão' },
  ],
})

describe('the product screen rules (spec §2 product)', () => {
  it('keeps mandatory extras in and stops at max_complementos', () => {
    let e = extrasIniciais(menu)
    expect(e).toEqual(['T'])
    expect(alternarComplemento(menu, e, 'T')).toEqual(['T'])
    expect(podeAdicionar(menu, e, [], 1)).toBe(false)
    e = alternarComplemento(menu, e, 'S')
    expect(e).toEqual(['T', 'S'])
    expect(complementoBloqueado(menu, e, 'P')).toBe(true)
    expect(alternarComplemento(menu, e, 'P')).toEqual(['T', 'S'])
    expect(podeAdicionar(menu, e, [], 1)).toBe(true)
    expect(podeAdicionar(menu, e, [], 0)).toBe(false)
    expect(podeAdicionar(menu, e, [], 100)).toBe(false)
    expect(precoUnitario(menu, 0, e)).toBe(540)
    e = alternarComplemento(menu, e, 'S')
    expect(complementoBloqueado(menu, e, 'P')).toBe(false)
  })

  it('takes one option per group and at most maxopcoes in all', () => {
    let o = alternarOpcao(menu, [], 'G')
    o = alternarOpcao(menu, o, 'B')
    expect(o).toEqual(['B'])
    expect(opcaoBloqueada(menu, o, 'G')).toBe(false)
    expect(opcaoBloqueada(menu, o, 'F')).toBe(true)
    expect(alternarOpcao(menu, o, 'F')).toEqual(['B'])
    o = alternarOpcao(menu, o, 'B')
    expect(o).toEqual([])
    expect(alternarOpcao({ ...menu, maxopcoes: 0 }, ['B'], 'F')).toEqual(['B', 'F'])
    expect(nomesEscolhidos(menu, ['S', 'T'], ['B'])).toEqual(['Torrada', 'Sumo de laranja natural', 'Bica'])
  })

  it('groups the options and words the rules', () => {
    expect(gruposDe(menu).map((g) => [g.nome, g.opcoes.length])).toEqual([
      ['Bebida', 2],
      ['Pão', 1],
    ])
    expect(regraExtras(menu)).toBe('Escolha 2 extras.')
    expect(regraExtras({ ...menu, min_complementos: 1, max_complementos: 0 })).toBe('Escolha pelo menos 1 extra.')
    expect(regraExtras({ ...menu, min_complementos: 0, max_complementos: 2 })).toBe('Escolha até 2 extras.')
    expect(regraExtras({ ...menu, min_complementos: 1, max_complementos: 3 })).toBe('Escolha entre 1 e 3 extras.')
    expect(regraExtras({ ...menu, min_complementos: 0, max_complementos: 0 })).toBeNull()
    expect(regraOpcoes(menu)).toBe('Escolha até 1 opção no total.')
    expect(regraOpcoes({ ...menu, maxopcoes: 2 })).toBeNull()
  })

  it('holds each group to its min and max: a mandatory drink blocks Adicionar until chosen', () => {
    const pequeno = {
      ...menu,
      min_complementos: 0,
      max_complementos: 0,
      maxopcoes: 0,
      complementares: [],
      grupos_opcoes: [
        { id: '11', nome: 'Bebida', min: 1, max: 1 },
        { id: '4', nome: 'Pão', min: 0, max: 0 },
      ],
      opcoes: [...menu.opcoes, { id: 'M', nome: 'Pão de milho', grupo: '4', nome_grupo: 'Pão' }],
    }
    expect(temEscolhaObrigatoria(pequeno)).toBe(true)
    expect(gruposEmFalta(pequeno, [])).toEqual([{ nome: 'Bebida', faltam: 1 }])
    expect(podeAdicionar(pequeno, [], [], 1)).toBe(false)
    expect(podeAdicionar(pequeno, [], ['F', 'M'], 1)).toBe(false)
    let o = alternarOpcao(pequeno, [], 'G')
    o = alternarOpcao(pequeno, o, 'B')
    expect(o).toEqual(['B'])
    // A group with no maximum takes several.
    o = alternarOpcao(pequeno, alternarOpcao(pequeno, o, 'F'), 'M')
    expect(o).toEqual(['B', 'F', 'M'])
    expect(podeAdicionar(pequeno, [], o, 1)).toBe(true)
    expect(regraDoGrupo(pequeno, gruposDe(pequeno)[0] as never)).toBe('Obrigatório: escolha 1 opção.')
    expect(regraDoGrupo(pequeno, gruposDe(pequeno)[1] as never)).toBeNull()

    const dois = { ...pequeno, grupos_opcoes: [{ id: '4', nome: 'Pão', min: 0, max: 2 }] }
    const tres = {
      ...dois,
      opcoes: [...dois.opcoes, { id: 'C', nome: 'Pão de centeio', grupo: '4', nome_grupo: 'Pão' }],
    }
    o = alternarOpcao(tres, alternarOpcao(tres, [], 'F'), 'M')
    expect(opcaoBloqueada(tres, o, 'C')).toBe(true)
    expect(alternarOpcao(tres, o, 'C')).toEqual(o)
    expect(regraDoGrupo(tres, gruposDe(tres)[1] as never)).toBe('Escolha até 2 opções.')
    expect(temEscolhaObrigatoria(tres)).toBe(false)
    expect(temEscolhaObrigatoria(menu)).toBe(true)
  })

  it('prices a half portion from its own price, extras as for a full dose; refuses one where there is none', () => {
    const prato = { ...menu, pvp_com_iva: 1250, pvp_na_loja_com_iva: 1250, meia_dose: true, pvp_meia_com_iva: 800 }
    expect(temMeiaDose(prato)).toBe(true)
    expect(precoPorcao(prato, 0, 'meia')).toBe(800)
    expect(precoPorcao(prato, 0, 'dose')).toBe(1250)
    expect(precoUnitario(prato, 0, ['T', 'S'], 'meia')).toBe(800 + 220)
    expect(podeAdicionar(prato, ['T', 'S'], [], 1, 'meia')).toBe(true)
    expect(temMeiaDose(menu)).toBe(false)
    expect(precoPorcao(menu, 0, 'meia')).toBe(menu.pvp_com_iva)
    expect(podeAdicionar(menu, ['T', 'S'], [], 1, 'meia')).toBe(false)
  })

  it("prices the full dose in the store's tier for the kind of sale; the half portion and the extras in every tier alike", () => {
    const prato = { ...menu, pvp_com_iva: 1250, pvp_na_loja_com_iva: 1400, meia_dose: true, pvp_meia_com_iva: 800 }
    expect(precoPorcao(prato, 0)).toBe(1250)
    expect(precoPorcao(prato, 1)).toBe(1400)
    expect(precoPorcao(prato, 1, 'meia')).toBe(800)
    expect(precoUnitario(prato, 1, ['T', 'S'])).toBe(1400 + 220)
    expect(precoUnitario(prato, 0, ['T', 'S'])).toBe(1250 + 220)
  })
})
