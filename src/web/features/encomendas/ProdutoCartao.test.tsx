import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ProdutoCatalogo } from '../../../shared/ementa.ts'
import { ProdutoImagem } from './ProdutoCartao.tsx'

const produto = { id: '4201', nome: 'Água mineral (50 cl)', imagem: null } as unknown as ProdutoCatalogo

describe('ProdutoImagem', () => {
  it('draws a placeholder, inline and hidden from screen readers, for a product without a picture', () => {
    const html = renderToStaticMarkup(<ProdutoImagem produto={produto} className="enc-produto-imagem" />)
    expect(html).toMatch(/^<span class="enc-produto-imagem enc-sem-imagem" aria-hidden="true"><svg /)
    // A drawing, not an empty box; nothing fetched from anywhere.
    expect(html.match(/<(circle|path)\b/g)?.length).toBeGreaterThanOrEqual(3)
    expect(html).not.toMatch(/https?:|<img|url\(/)
  })
})
