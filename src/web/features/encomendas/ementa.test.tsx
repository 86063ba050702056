import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ALERGENIOS, ALERGENIOS_DESCONHECIDOS } from '../../../shared/alergenios.ts'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/ementa.ts'
import { AlergenioIcone } from './AlergenioIcone.tsx'
import { faltaEscolher } from './Produto.tsx'
import { marcasDe, ProdutoAlergenios, SEM_ALERGENIOS, SEM_ALERGENIOS_COM_VESTIGIOS } from './ProdutoInfo.tsx'
import { Sugeridos, sugeridosDe } from './Sugeridos.tsx'

const base: ProdutoCatalogo = {
  id: '1',
  nome: 'Bacalhau à Brás',
  descricao: null,
  pvp_com_iva: 1250,
  imagem: null,
  complementares: [],
  opcoes: [],
  idCategoria: '10',
  min_complementos: 0,
  max_complementos: 0,
  maxopcoes: 0,
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
}
const p = (over: Partial<ProdutoCatalogo>): ProdutoCatalogo => ({ ...base, ...over })
const texto = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('the product page’s allergens (issue 22)', () => {
  it('says, in words, that the menu does not give them: never an empty section', () => {
    const html = renderToStaticMarkup(<ProdutoAlergenios produto={base} />)
    expect(texto(html)).toBe(`Alergénios ${ALERGENIOS_DESCONHECIDOS}`)
    expect(html).not.toContain(SEM_ALERGENIOS)
  })

  it('says when it has none of the 14, and lists traces apart', () => {
    expect(texto(renderToStaticMarkup(<ProdutoAlergenios produto={p({ alergenios: [] })} />))).toBe(
      `Alergénios ${SEM_ALERGENIOS}`,
    )
    const html = renderToStaticMarkup(
      <ProdutoAlergenios
        produto={p({
          alergenios: [
            { codigo: 'peixes', nome: 'Peixes' },
            { codigo: 'ovos', nome: 'Ovos' },
          ],
          pode_conter: [{ codigo: 'leite', nome: 'Leite' }],
          calorias: 610,
          sal: 2.4,
        })}
      />,
    )
    expect(texto(html)).toBe('Alergénios Contém Peixes Ovos Pode conter Leite Energia 610 kcal Sal 2,4 g')
    // Each name beside its pictogram, which screen readers skip.
    expect(html.match(/<li class="ementa-alergenio"><svg[^>]*aria-hidden="true"/g)).toHaveLength(3)
  })

  it('never says "none of the 14" right above traces it then lists', () => {
    const html = renderToStaticMarkup(
      <ProdutoAlergenios produto={p({ alergenios: [], pode_conter: [{ codigo: 'gluten', nome: 'Glúten' }] })} />,
    )
    expect(texto(html)).toBe(`Alergénios ${SEM_ALERGENIOS_COM_VESTIGIOS} Pode conter Glúten`)
    expect(html).not.toContain(SEM_ALERGENIOS)
  })

  it('draws a pictogram for each of the 14, inline', () => {
    for (const a of ALERGENIOS) {
      const html = renderToStaticMarkup(<AlergenioIcone codigo={a.codigo} />)
      expect(html).toMatch(/<path d="M[^"]{10,}"/)
      expect(html).not.toMatch(/https?:|url\(/)
    }
  })

  it('names the dietary marks and what is left to choose', () => {
    expect(marcasDe(p({ vegetariano: true, picante: true, dieta: true, pessoas: 2 }))).toEqual([
      'Vegetariano',
      'Picante',
      'Dieta',
      'Para 2 pessoas',
    ])
    expect(faltaEscolher(0, [{ nome: 'Bebida', faltam: 1 }])).toEqual(['Falta escolher: Bebida.'])
    expect(faltaEscolher(2, [{ nome: 'Pão', faltam: 2 }])).toEqual([
      'Faltam escolher 2 extras.',
      'Faltam escolher 2 opções de Pão.',
    ])
  })
})

describe('Acompanha bem com', () => {
  const vinho = p({ id: 'V', nome: 'Vinho verde (copo)', pvp_com_iva: 350, idCategoria: '20' })
  const menu = p({
    id: 'M',
    nome: 'Menu do dia',
    idCategoria: '20',
    opcoes: [{ id: 'a', nome: 'Água', grupo: 'g', nome_grupo: 'Bebida' }],
    grupos_opcoes: [{ id: 'g', nome: 'Bebida', min: 1, max: 1 }],
  })
  const prato = p({ sugeridos: ['V', 'X', 'M', '1'] })
  const catalogo: Catalogo = {
    categorias: [
      { id: '10', nome: 'Pratos', produtos: [prato] },
      { id: '20', nome: 'Bebidas', produtos: [vinho, menu] },
    ],
  }

  it('finds the suggestions in the same catalogue, leaving out unknown ones and itself', () => {
    expect(sugeridosDe(prato, catalogo).map((s) => s.id)).toEqual(['V', 'M'])
  })

  it('adds with one tap, but opens the page of one with a mandatory choice', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <Sugeridos produto={prato} catalogo={catalogo} />
      </MemoryRouter>,
    )
    expect(texto(html)).toContain('Acompanha bem com Vinho verde (copo) 3,50 € Adicionar Vinho verde (copo)')
    expect(html).toMatch(/<a[^>]*href="\/catalogo\/20\/M"[^>]*>Escolher<span class="visually-hidden"> Menu do dia/)
    expect(renderToStaticMarkup(<Sugeridos produto={base} catalogo={catalogo} />)).toBe('')
  })
})
