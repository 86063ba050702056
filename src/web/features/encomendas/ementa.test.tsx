import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ALERGENIOS, ALERGENIOS_DESCONHECIDOS } from '../../../shared/alergenios.ts'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { produtoDeTeste } from '../../../shared/testing.ts'
import { AlergenioIcone } from './AlergenioIcone.tsx'
import { FiltrosEmenta } from './FiltrosEmenta.tsx'
import { SEM_FILTROS } from './filtros.ts'
import { faltaEscolher } from './Produto.tsx'
import {
  marcasDe,
  ProdutoAlergenios,
  resumoAlergenios,
  SEM_ALERGENIOS,
  SEM_ALERGENIOS_COM_VESTIGIOS,
} from './ProdutoInfo.tsx'
import { avisoFiltros, Sugeridos, sugeridosDe } from './Sugeridos.tsx'

const base = produtoDeTeste({ nome: 'Bacalhau à Brás', pvp_com_iva: 1250 })
const p = (over: Partial<ProdutoCatalogo>): ProdutoCatalogo => ({ ...base, ...over })
const texto = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('the product page’s allergens (decision 0026)', () => {
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
    expect(texto(html)).toContain(
      `Acompanha bem com Vinho verde (copo) 3,50 € ${ALERGENIOS_DESCONHECIDOS} Adicionar Vinho verde (copo)`,
    )
    expect(html).toMatch(/<a[^>]*href="\/catalogo\/20\/M"[^>]*>Escolher<span class="visually-hidden"> Menu do dia/)
    expect(renderToStaticMarkup(<Sugeridos produto={base} catalogo={catalogo} />)).toBe('')
  })
  const nata = p({
    id: 'N',
    nome: 'Pastel de nata',
    pvp_com_iva: 130,
    idCategoria: '20',
    alergenios: [
      { codigo: 'gluten', nome: 'Glúten' },
      { codigo: 'ovos', nome: 'Ovos' },
      { codigo: 'leite', nome: 'Leite' },
    ],
  })
  const agua = p({ id: 'A', nome: 'Água', pvp_com_iva: 100, idCategoria: '20', alergenios: [], vegetariano: true })
  const bolo = p({
    id: 'B',
    nome: 'Bolo de arroz',
    idCategoria: '20',
    esgotado: true,
    alergenios: [{ codigo: 'ovos', nome: 'Ovos' }],
    pode_conter: [{ codigo: 'gluten', nome: 'Glúten' }],
  })
  const bica = p({ id: 'C', nome: 'Bica', idCategoria: '20', sugeridos: ['N', 'A', 'B', 'V'] })
  const cafe: Catalogo = { categorias: [{ id: '20', nome: 'Cafetaria', produtos: [bica, nata, agua, bolo, vinho] }] }
  const semGluten = { ...SEM_FILTROS, semGluten: true }
  const sugestoes = (filtros = SEM_FILTROS) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <Sugeridos produto={bica} catalogo={cafe} filtros={filtros} />
      </MemoryRouter>,
    )

  it('shows each suggestion’s allergens, in the product page’s words, and links its name to its page', () => {
    expect(resumoAlergenios(nata)).toEqual(['Contém: Glúten, Ovos, Leite'])
    expect(resumoAlergenios(bolo)).toEqual(['Contém: Ovos', 'Pode conter: Glúten'])
    expect(resumoAlergenios(vinho)).toEqual([ALERGENIOS_DESCONHECIDOS])
    expect(resumoAlergenios(agua)).toEqual(['Sem alergénios a declarar'])
    const t = texto(sugestoes())
    expect(t).toContain('Pastel de nata 1,30 € Contém: Glúten, Ovos, Leite Adicionar Pastel de nata')
    expect(t).toContain(`Vinho verde (copo) 3,50 € ${ALERGENIOS_DESCONHECIDOS} Adicionar Vinho verde (copo)`)
    expect(sugestoes()).toMatch(/<a[^>]*href="\/catalogo\/20\/N"[^>]*>Pastel de nata<\/a>/)
  })

  it('with a filter on, warns of a suggestion that does not pass and offers its page instead of one tap', () => {
    expect(avisoFiltros(nata, SEM_FILTROS)).toBeNull()
    expect(avisoFiltros(agua, semGluten)).toBeNull()
    expect(avisoFiltros(nata, semGluten)).toBe('Não corresponde aos seus filtros: contém glúten.')
    expect(avisoFiltros(bolo, { ...semGluten, vegetariano: true })).toBe(
      'Não corresponde aos seus filtros: não é vegetariano; pode conter glúten.',
    )
    expect(avisoFiltros(vinho, { ...SEM_FILTROS, evitar: ['peixes'] })).toBe(
      'Não corresponde aos seus filtros: sem informação sobre alergénios.',
    )
    const html = sugestoes(semGluten)
    const t = texto(html)
    expect(t).toContain(
      'Pastel de nata 1,30 € Contém: Glúten, Ovos, Leite Não corresponde aos seus filtros: contém glúten. Escolher Pastel de nata',
    )
    expect(t).toContain('Água 1,00 € Sem alergénios a declarar Adicionar Água')
    expect(t).not.toContain('Adicionar Pastel de nata')
    expect(t).not.toContain('Adicionar Vinho')
    expect(html).toMatch(/<a[^>]*href="\/catalogo\/20\/N"[^>]*>Escolher<span class="visually-hidden"> Pastel de nata/)
  })

  it('a sold-out suggestion: its allergens and any warning still shown, and no way to add it', () => {
    const t = texto(sugestoes(semGluten))
    expect(t).toContain(
      'Bolo de arroz 12,50 € Contém: Ovos Pode conter: Glúten Não corresponde aos seus filtros: pode conter glúten. Esgotado',
    )
    expect(t).not.toMatch(/(Adicionar|Escolher) Bolo de arroz/)
    expect(texto(sugestoes())).toContain('Bolo de arroz 12,50 € Contém: Ovos Pode conter: Glúten Esgotado')
  })
})

describe('the filters’ live region', () => {
  it('holds only the count, never the “Limpar filtros” button', () => {
    const html = renderToStaticMarkup(
      <FiltrosEmenta filtros={{ ...SEM_FILTROS, semGluten: true }} definir={() => {}} mostrados={3} />,
    )
    const vivas = [...html.matchAll(/<(\w+)[^>]*aria-live="polite"[^>]*>(.*?)<\/\1>/g)].map((m) => m[2])
    expect(vivas).toEqual(['1 filtro ativo · 3 produtos'])
    expect(texto(html)).toContain('1 filtro ativo · 3 produtos Limpar filtros')
  })
})
