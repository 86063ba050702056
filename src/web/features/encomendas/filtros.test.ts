import { describe, expect, it } from 'vitest'
import type { Categoria, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { ordenados } from '../../../shared/catalogo-ecra.ts'
import { produtoDeTeste } from '../../../shared/testing.ts'
import {
  alternarEvitar,
  evitarDe,
  filtrarCategorias,
  lerFiltros,
  passa,
  quantosFiltros,
  SEM_FILTROS,
} from './filtros.ts'

const base = produtoDeTeste({ nome: 'Prato', alergenios: [] })
const p = (over: Partial<ProdutoCatalogo>): ProdutoCatalogo => ({ ...base, ...over })
const gluten = { codigo: 'gluten' as const, nome: 'Glúten' }
const leite = { codigo: 'leite' as const, nome: 'Leite' }

const bitoque = p({ id: 'bitoque', alergenios: [gluten, leite] })
const salada = p({ id: 'salada', alergenios: [], vegetariano: true })
const sopa = p({ id: 'sopa', alergenios: [], pode_conter: [gluten], vegetariano: true })
const desconhecido = p({ id: 'desconhecido', alergenios: null, vegetariano: true })
const arroz = p({ id: 'arroz', alergenios: [leite], destaque: true })

describe('the catalogue filters (decision 0026)', () => {
  it('never shows a product whose allergens are unknown as safe, and treats traces as a no', () => {
    const semGluten = { ...SEM_FILTROS, semGluten: true }
    expect([bitoque, salada, sopa, desconhecido, arroz].filter((x) => passa(x, semGluten)).map((x) => x.id)).toEqual([
      'salada',
      'arroz',
    ])
    // Vegetarian alone does not ask about allergens: an unknown one that is vegetarian shows.
    expect(passa(desconhecido, { ...SEM_FILTROS, vegetariano: true })).toBe(true)
    expect(passa(desconhecido, SEM_FILTROS)).toBe(true)
  })

  it('combines the filters: sem glúten, sem lactose, vegetariano and allergens to avoid', () => {
    const todos = { semGluten: true, semLactose: true, vegetariano: true, evitar: [] }
    expect([bitoque, salada, sopa, desconhecido, arroz].filter((x) => passa(x, todos)).map((x) => x.id)).toEqual([
      'salada',
    ])
    const semLeite = { ...SEM_FILTROS, semLactose: true }
    expect(passa(arroz, semLeite)).toBe(false)
    expect(passa(sopa, semLeite)).toBe(true)
    expect(passa(sopa, alternarEvitar(SEM_FILTROS, 'gluten'))).toBe(false)
    expect(evitarDe({ ...SEM_FILTROS, semGluten: true, evitar: ['sesamo', 'gluten'] })).toEqual(['gluten', 'sesamo'])
    expect(quantosFiltros({ semGluten: true, semLactose: false, vegetariano: true, evitar: ['gluten', 'ovos'] })).toBe(
      3,
    )
  })

  it('lists highlighted products first and drops the categories the filters empty', () => {
    expect(ordenados([bitoque, salada, arroz]).map((x) => x.id)).toEqual(['arroz', 'bitoque', 'salada'])
    const categorias: Categoria[] = [
      { id: 'a', nome: 'Pratos', produtos: [bitoque, arroz, salada] },
      { id: 'b', nome: 'Sopas', produtos: [sopa] },
    ]
    expect(filtrarCategorias(categorias, SEM_FILTROS).map((c) => [c.id, c.produtos.map((x) => x.id)])).toEqual([
      ['a', ['arroz', 'bitoque', 'salada']],
      ['b', ['sopa']],
    ])
    const semGluten = { ...SEM_FILTROS, semGluten: true }
    expect(filtrarCategorias(categorias, semGluten).map((c) => [c.id, c.produtos.map((x) => x.id)])).toEqual([
      ['a', ['arroz', 'salada']],
    ])
  })

  it('reads back what the device kept, forgiving anything else', () => {
    const f = { semGluten: true, semLactose: false, vegetariano: true, evitar: ['ovos', 'gluten'] }
    expect(lerFiltros(JSON.stringify(f))).toEqual({ ...f, evitar: ['gluten', 'ovos'] })
    expect(lerFiltros('{"evitar":["veneno",3],"semGluten":"sim"}')).toEqual(SEM_FILTROS)
    expect(lerFiltros('not json')).toEqual(SEM_FILTROS)
    expect(lerFiltros(null)).toEqual(SEM_FILTROS)
  })
})
