/** Where the ordering screens keep the store chosen (features/encomendas/carrinho.ts `STORAGE_KEY`, antecipar.test.ts). */
export const ENCOMENDA_STORAGE_KEY = 'balcao.encomenda'

/**
 * On a first load of the catalogue, a category or a product, the chosen store's catalogue is asked for now, beside the
 * screen's chunk (lib/leitura-antecipada.ts): those screens show nothing of their own before it.
 */
export function anteciparCatalogo(pathname: string, guardado: string | null): string | null {
  if (!/^\/catalogo(\/|$)/.test(pathname)) return null
  try {
    const id = (JSON.parse(guardado ?? 'null') as { id_loja?: unknown } | null)?.id_loja
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? `/api/catalogo/${id}` : null
  } catch {
    return null
  }
}

/**
 * On a first load of the catalogue or a product, the screen's body (CatalogoLista, Produto: parts of their own,
 * lib/lazy-part.ts) is asked for now too, beside the screen's chunk, rather than once that chunk has run: the same
 * bytes, one round trip less before the first product shows (the part's own `import()` then finds it loaded).
 */
export function anteciparParte(pathname: string): Promise<unknown> | null {
  if (/^\/catalogo\/?$/.test(pathname)) return import('../features/encomendas/CatalogoLista.tsx')
  if (/^\/catalogo\/[^/]+\/[^/]+\/?$/.test(pathname)) return import('../features/encomendas/Produto.tsx')
  return null
}
