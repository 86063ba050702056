import { describe, expect, it } from 'vitest'
import type { ProdutoCatalogo } from '../../../shared/ementa.ts'
import {
  alternarComplemento,
  alternarOpcao,
  complementoBloqueado,
  extrasIniciais,
  gruposDe,
  nomesEscolhidos,
  opcaoBloqueada,
  podeAdicionar,
  precoUnitario,
  regraExtras,
  regraOpcoes,
} from './regras.ts'

const menu: ProdutoCatalogo = {
  id: '1201',
  nome: 'Menu pequeno-almoço',
  descricao: null,
  pvp_com_iva: 320,
  imagem: null,
  idCategoria: '13',
  min_complementos: 2,
  max_complementos: 2,
  maxopcoes: 1,
  esgotado: false,
  grupos_opcoes: [],
  destaque: false,
  alergenios: null,
  pode_conter: [],
  calorias: null,
  sal: null,
  vegetariano: false,
  picante: false,
  dieta: false,
  pessoas: null,
  tempo: null,
  meia_dose: false,
  pvp_meia_com_iva: null,
  rotulo_dose: 'Dose',
  rotulo_meia: 'Meia dose',
  sugeridos: [],
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
}

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
    expect(precoUnitario(menu, e)).toBe(540)
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
})
