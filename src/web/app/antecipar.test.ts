import { describe, expect, it } from 'vitest'
import { STORAGE_KEY } from '../features/encomendas/carrinho.ts'
import { anteciparCatalogo, ENCOMENDA_STORAGE_KEY } from './antecipar.ts'

describe('the catalogue asked for as the app starts', () => {
  const guardado = JSON.stringify({ id_loja: 862, id_tipo_entrega: 0, usar_premio: 0, linhas: [] })

  it('reads the store where the ordering screens keep it', () => {
    expect(ENCOMENDA_STORAGE_KEY).toBe(STORAGE_KEY)
  })

  it('on the catalogue, a category and a product, with a store chosen; nowhere else, nor without one', () => {
    for (const path of ['/catalogo', '/catalogo/', '/catalogo/51', '/catalogo/51/5002']) {
      expect(anteciparCatalogo(path, guardado)).toBe('/api/catalogo/862')
    }
    for (const path of ['/', '/carrinho', '/catalogos', '/restaurantes/x/catalogo']) {
      expect(anteciparCatalogo(path, guardado)).toBeNull()
    }
    expect(anteciparCatalogo('/catalogo', null)).toBeNull()
    expect(anteciparCatalogo('/catalogo', '{"id_loja":"862"}')).toBeNull()
    expect(anteciparCatalogo('/catalogo', '{nope')).toBeNull()
  })
})
