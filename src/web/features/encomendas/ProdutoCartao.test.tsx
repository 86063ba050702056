import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { produtoDeTeste } from '../../../shared/testing.ts'
import { ProdutoCartao, ProdutoImagem } from './ProdutoCartao.tsx'

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

describe('ProdutoCartao', () => {
  it('shows the price of the kind of sale the device chose: a store may charge eating in from another tier', () => {
    const prato = produtoDeTeste({ nome: 'Bitoque', pvp_com_iva: 950, pvp_na_loja_com_iva: 1050 })
    const cartao = (tipo: 0 | 1) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <ProdutoCartao produto={prato} tipo={tipo} />
        </MemoryRouter>,
      ).replace(/\u00a0/g, ' ')
    expect(cartao(0)).toContain('9,50 €')
    expect(cartao(0)).not.toContain('10,50 €')
    expect(cartao(1)).toContain('10,50 €')
    expect(cartao(1)).not.toContain('9,50 €')
  })
})
