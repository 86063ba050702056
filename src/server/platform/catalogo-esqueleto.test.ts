import { describe, expect, it } from 'vitest'
import { LOJA_FECHADA } from '../../shared/catalogo-ecra.ts'
import type { Catalogo, LojaEncomenda } from '../../shared/ementa.ts'
import { produtoDeTeste } from '../../shared/testing.ts'
import { esqueletoCatalogo } from './catalogo-esqueleto.ts'

const loja: LojaEncomenda = {
  id_loja: 862,
  nome: 'Nata & Grão <Chiado>',
  latitude: 38.71,
  longitude: -9.14,
  aberta: true,
  em_pausa: false,
  aviso: null,
}

const foto = (nome: string) => `/imagens/${nome}.800x600.0123456789.png`

const catalogo: Catalogo = {
  categorias: [
    { id: '9', nome: 'Vazia', produtos: [] },
    {
      id: '10',
      nome: 'Pratos & <petiscos>',
      produtos: [
        produtoDeTeste({ id: '1', nome: 'Bifana', imagem: foto('bifana'), pvp_com_iva: 350 }),
        produtoDeTeste({ id: '2', nome: 'Prego', imagem: foto('prego'), pvp_com_iva: 450, pvp_na_loja_com_iva: 500 }),
        produtoDeTeste({ id: '3', nome: 'Sopa', vegetariano: true, esgotado: true, pvp_com_iva: 200 }),
        produtoDeTeste({ id: '4', nome: 'Polvo', imagem: foto('polvo'), destaque: true, pvp_com_iva: 1450 }),
        produtoDeTeste({ id: '5', nome: 'Quinto', imagem: foto('quinto') }),
      ],
    },
    { id: '11', nome: 'Bebidas', produtos: [produtoDeTeste({ id: '6', nome: 'Água' })] },
  ],
}

/** The tiles' names, in order. */
const nomes = (html: string) => [...html.matchAll(/<span class="enc-produto-nome">(.*?)<\/span>/g)].map((m) => m[1])

describe("the catalogue's top painted from the HTML", () => {
  const html = esqueletoCatalogo(catalogo, loja)

  it('is the first category with products, its first row of four, highlighted first, as the screen lists them', () => {
    expect(html).toMatch(/^<div class="page enc-page app-skeleton-ecra" aria-hidden="true">/)
    expect(html).toContain('<h2>Pratos &#38; &#60;petiscos&#62;</h2>')
    expect(html).not.toContain('Vazia')
    expect(html).not.toContain('Bebidas')
    expect(nomes(html)).toEqual(['Polvo', 'Bifana', 'Prego', 'Sopa'])
  })

  it('names the store (escaped) and the filters, off; a closed store says so, as the screen does', () => {
    expect(html).toContain('<strong class="enc-loja-atual-nome">Nata &#38; Grão &#60;Chiado&#62;</strong>')
    for (const filtro of ['Sem glúten', 'Sem lactose', 'Vegetariano', 'Alergénios']) expect(html).toContain(filtro)
    expect(html).not.toContain('aria-pressed="true"')
    expect(html).not.toContain('enc-aviso')
    expect(esqueletoCatalogo(catalogo, { ...loja, aberta: false })).toContain(
      `<p class="enc-aviso">${LOJA_FECHADA}</p>`,
    )
    const pausa = esqueletoCatalogo(catalogo, {
      ...loja,
      aberta: false,
      em_pausa: true,
      aviso: 'Em pausa até às 15:00',
    })
    expect(pausa).toContain('<p class="enc-aviso">Em pausa até às 15:00</p>')
    // A store the list does not name yet: as the screen's first render, an ellipsis.
    expect(esqueletoCatalogo(catalogo, undefined)).toContain('<strong class="enc-loja-atual-nome">…</strong>')
  })

  it('shows a price only where both kinds of sale pay the same, and what the tile says of the product', () => {
    const tiles = html.split('<li class="enc-produto">').slice(1)
    expect(tiles[0]).toContain('Sugestão da casa')
    expect(tiles[0]).toContain('14,50\u00a0€')
    expect(tiles[1]).toContain('3,50\u00a0€')
    // Take-away 4,50 €, eating in 5,00 €: the device's choice decides, so nothing yet.
    expect(tiles[2]).toContain('<span class="enc-produto-preco">&nbsp;</span>')
    expect(tiles[3]).toContain('Vegetariano')
    expect(tiles[3]).toContain('<span class="enc-esgotado"> Esgotado</span>')
    expect(tiles[3]).toContain('<span class="enc-produto-imagem enc-sem-imagem"></span>')
  })

  it("paints the first tile's picture first, marked for the scripts to wait for; the next eager, the rest lazy", () => {
    const imgs = html.match(/<img [^>]*>/g) ?? []
    expect(imgs).toHaveLength(3)
    expect(imgs[0]).toContain('fetchpriority="high" data-pintura')
    expect(imgs[0]).toContain(`src="${foto('polvo')}"`)
    expect(imgs[1]).not.toMatch(/loading|fetchpriority|data-pintura/)
    expect(imgs[2]).toContain('loading="lazy"')
    expect(html).toContain('sizes="(min-width: 720px) 170px, calc(50vw - 1.5rem)"')
    expect(html).toContain('/imagens/polvo.800x600.0123456789.400w.avif 400w')
  })

  it('holds nothing a person could reach: links without a target, buttons out of the tab order', () => {
    expect(html).not.toContain('href=')
    const buttons = html.match(/<button [^>]*>/g) ?? []
    expect(buttons).toHaveLength(5)
    for (const b of buttons) expect(b).toContain('tabindex="-1"')
  })

  it('paints a picture outside the naming rule as it is, in the box the screen reserves', () => {
    const fora = esqueletoCatalogo(
      {
        categorias: [
          { id: '1', nome: 'Pratos', produtos: [produtoDeTeste({ imagem: 'https://pos.example/bifana.jpg' })] },
        ],
      },
      loja,
    )
    expect(fora).toContain(
      '<img class="enc-produto-imagem" alt="" width="800" height="600" fetchpriority="high" data-pintura src="https://pos.example/bifana.jpg">',
    )
    expect(fora).not.toContain('<picture>')
  })

  it('paints nothing for a catalogue without products', () => {
    expect(esqueletoCatalogo({ categorias: [{ id: '1', nome: 'Vazia', produtos: [] }] }, loja)).toBe('')
  })
})
