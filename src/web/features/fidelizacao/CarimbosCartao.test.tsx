import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { CarimbosCliente } from '../../../shared/carimbos.ts'
import { CarimbosCartao } from './CarimbosCartao.tsx'

const cafes: CarimbosCliente = { cartao_id: 1, nome: 'Cafés', carimbos: 4, por_oferta: 10, ofertas: 0 }

const contar = (html: string, classe: string) => html.match(new RegExp(`class="${classe}"`, 'g'))?.length ?? 0

describe("the customer's stamp cards (decision 0057)", () => {
  it('shows nothing while the back-office has no card', () => {
    expect(renderToStaticMarkup(<CarimbosCartao carimbos={[]} />)).toBe('')
  })

  it('draws a place per stamp that makes the offer, those held filled, the offer last, and says it in words', () => {
    const html = renderToStaticMarkup(<CarimbosCartao carimbos={[cafes]} />)
    expect(html).toMatch(/<h2 id="[^"]+">Cafés<\/h2>/)
    expect(contar(html, 'fid-carimbo fid-carimbo-cheio')).toBe(4)
    expect(contar(html, 'fid-carimbo')).toBe(5)
    expect(contar(html, 'fid-carimbo fid-carimbo-oferta')).toBe(1)
    // The circles are hidden from assistive technology: the sentence says what they show.
    expect(html).toContain('<div class="fid-carimbos-linha" aria-hidden="true">')
    expect(html).toContain('Cafés: 4 de 9 carimbos. O 10.º é oferta.')
    expect(html).not.toContain('para usar na loja')
  })

  it('says the offers held, and marks the offer as won', () => {
    const html = renderToStaticMarkup(
      <CarimbosCartao
        carimbos={[
          { ...cafes, carimbos: 0, ofertas: 1 },
          { cartao_id: 2, nome: 'Pastelaria', carimbos: 1, por_oferta: 3, ofertas: 2 },
        ]}
      />,
    )
    expect(html).toContain('Cafés: 0 de 9 carimbos. O 10.º é oferta.')
    expect(html).toContain('Tem 1 oferta para usar na loja.')
    expect(html).toContain('Pastelaria: 1 de 2 carimbos. O 3.º é oferta.')
    expect(html).toContain('Tem 2 ofertas para usar na loja.')
    expect(contar(html, 'fid-carimbo fid-carimbo-oferta fid-carimbo-ganha')).toBe(2)
    // Each card is a region named by its heading.
    expect(html.match(/<section class="fid-card fid-carimbos" aria-labelledby=/g)).toHaveLength(2)
  })

  it('never draws more stamps than the card holds places for', () => {
    const html = renderToStaticMarkup(<CarimbosCartao carimbos={[{ ...cafes, carimbos: 12, por_oferta: 3 }]} />)
    expect(contar(html, 'fid-carimbo fid-carimbo-cheio')).toBe(2)
    expect(contar(html, 'fid-carimbo')).toBe(0)
  })
})
