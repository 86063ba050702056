import { useSyncExternalStore } from 'react'
import { ALERGENIOS, type CodigoAlergenio, seguroPara } from '../../../shared/alergenios.ts'
import type { Categoria, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { ordenados } from '../../../shared/catalogo-ecra.ts'

/**
 * The catalogue's dietary filters (decision 0026): 'Sem glúten', 'Sem lactose', 'Vegetariano' and any of the 14 allergens
 * to avoid, combined (a product shows only when it passes every one), remembered on this device (localStorage
 * `balcao.filtros`). A product whose allergens the menu does not give is never shown as safe (shared `seguroPara`).
 */
export interface Filtros {
  /** Avoids gluten. */
  semGluten: boolean
  /** Avoids milk (lactose is the milk allergen of Annex II). */
  semLactose: boolean
  vegetariano: boolean
  /** Further allergens to avoid (codes of the 14). */
  evitar: CodigoAlergenio[]
}

export const SEM_FILTROS: Filtros = { semGluten: false, semLactose: false, vegetariano: false, evitar: [] }
export const FILTROS_KEY = 'balcao.filtros'

const CODIGOS = new Set<string>(ALERGENIOS.map((a) => a.codigo))

/** Every allergen the filters avoid, once each, in the Annex's order. */
export function evitarDe(f: Filtros): CodigoAlergenio[] {
  const todos = new Set<CodigoAlergenio>(f.evitar)
  if (f.semGluten) todos.add('gluten')
  if (f.semLactose) todos.add('leite')
  return ALERGENIOS.map((a) => a.codigo).filter((c) => todos.has(c))
}

/** How many filters are on (each allergen counted once: 'Sem glúten' and avoiding gluten are one). */
export function quantosFiltros(f: Filtros): number {
  return evitarDe(f).length + (f.vegetariano ? 1 : 0)
}

export const temFiltros = (f: Filtros) => quantosFiltros(f) > 0

/** Whether a product passes every filter that is on. */
export function passa(p: ProdutoCatalogo, f: Filtros): boolean {
  if (f.vegetariano && !p.vegetariano) return false
  const evitar = evitarDe(f)
  if (evitar.length === 0) return true
  return seguroPara(
    { contem: p.alergenios?.map((a) => a.codigo) ?? null, pode_conter: p.pode_conter.map((a) => a.codigo) },
    evitar,
  )
}

/** The categories with the products that pass, highlighted first; categories left empty by the filters go. */
export function filtrarCategorias(categorias: readonly Categoria[], f: Filtros): Categoria[] {
  const algum = temFiltros(f)
  return categorias.flatMap((c) => {
    const produtos = ordenados(algum ? c.produtos.filter((p) => passa(p, f)) : c.produtos)
    return algum && produtos.length === 0 ? [] : [{ ...c, produtos }]
  })
}

/** What the device kept, if it still reads as filters (anything else: none). */
export function lerFiltros(texto: string | null): Filtros {
  try {
    const v = JSON.parse(texto ?? 'null') as Record<string, unknown> | null
    if (!v || typeof v !== 'object') return SEM_FILTROS
    const evitar = Array.isArray(v.evitar)
      ? ALERGENIOS.map((a) => a.codigo).filter((c) => (v.evitar as unknown[]).includes(c))
      : []
    return {
      semGluten: v.semGluten === true,
      semLactose: v.semLactose === true,
      vegetariano: v.vegetariano === true,
      evitar,
    }
  } catch {
    return SEM_FILTROS
  }
}

/** Turns an allergen to avoid on or off. */
export function alternarEvitar(f: Filtros, codigo: CodigoAlergenio): Filtros {
  if (!CODIGOS.has(codigo)) return f
  const evitar = f.evitar.includes(codigo) ? f.evitar.filter((c) => c !== codigo) : [...f.evitar, codigo]
  return { ...f, evitar: ALERGENIOS.map((a) => a.codigo).filter((c) => evitar.includes(c)) }
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Read on first use (see carrinho.ts), shared by every screen that filters, kept in step between tabs. */
let atual: Filtros | null = null
const ouvintes = new Set<() => void>()

function estado(): Filtros {
  if (atual) return atual
  try {
    atual = lerFiltros(storage()?.getItem(FILTROS_KEY) ?? null)
  } catch {
    atual = SEM_FILTROS
  }
  return atual
}

function avisar() {
  for (const o of ouvintes) o()
}

function onStorage(event: StorageEvent) {
  if (event.key !== FILTROS_KEY && event.key !== null) return
  atual = null
  avisar()
}

function subscrever(ouvinte: () => void) {
  if (ouvintes.size === 0) window.addEventListener('storage', onStorage)
  ouvintes.add(ouvinte)
  return () => {
    ouvintes.delete(ouvinte)
    if (ouvintes.size === 0) window.removeEventListener('storage', onStorage)
  }
}

export function definirFiltros(novo: Filtros): void {
  atual = novo
  try {
    if (temFiltros(novo)) storage()?.setItem(FILTROS_KEY, JSON.stringify(novo))
    else storage()?.removeItem(FILTROS_KEY)
  } catch {
    // Storage refused (private mode): the filters hold for this visit.
  }
  avisar()
}

/** The filters on this device, and a way to change them. */
export function useFiltros(): [Filtros, (novo: Filtros) => void] {
  return [useSyncExternalStore(subscrever, estado, () => SEM_FILTROS), definirFiltros]
}
