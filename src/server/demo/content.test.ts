import { describe, expect, it } from 'vitest'
import { parseSourceName } from '../../shared/imagens.ts'
import { contentHash, svgSize } from '../platform/images.ts'
import { buildDemoContent, wrapWords } from './content.ts'

const content = buildDemoContent({ LOYALTY_CREDIT_PERCENT: 5, MINIMUM_AGE: 16 })
const drawing = new Map(content.imagens.map((i) => [`/imagens/${i.nome}`, i.conteudo]))
const lojas = content.restaurantes.flatMap((r) => r.lojas)

/** What a person reads in a picture: its text elements, in order. */
const visibleText = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' | ')

describe('demo store pictures', () => {
  it.each(['image_list', 'image_main'] as const)('each store has its own %s, told apart by what it shows', (kind) => {
    const svgs = lojas.map((l) => drawing.get(String(l[kind])) ?? '')
    expect(svgs.every((svg) => svg.startsWith('<svg'))).toBe(true)
    expect(new Set(svgs).size).toBe(lojas.length)
    // Not only other bytes: the sign names the store and the plate its street.
    expect(new Set(svgs.map(visibleText)).size).toBe(lojas.length)
  })

  it('the three Nata & Grão stores show their own name and street', () => {
    const nata = new Map(lojas.map((l) => [l.id_loja, visibleText(drawing.get(String(l.image_list)) ?? '')]))
    expect(nata.get(862)).toContain('CHIADO')
    expect(nata.get(862)).toContain('RUA GARRETT')
    expect(nata.get(848)).toContain('SALDANHA')
    expect(nata.get(848)).toContain('REPÚBLICA')
    expect(nata.get(861)).toContain('SANTA CATARINA')
  })

  it('names every picture by the naming rule: its design size and a hash of its drawing', () => {
    for (const { nome, conteudo } of content.imagens) {
      const source = parseSourceName(nome)
      expect(source, nome).toMatchObject({ ...svgSize(conteudo), hash: contentHash(conteudo), extension: 'svg' })
    }
    expect(new Set(content.imagens.map((i) => parseSourceName(i.nome)?.base)).size).toBe(content.imagens.length)
  })

  it('wraps a street name on its plate by words', () => {
    expect(wrapWords('Rua de Santa Catarina', 13)).toEqual(['Rua de Santa', 'Catarina'])
    expect(wrapWords('Rua Garrett', 13)).toEqual(['Rua Garrett'])
    expect(wrapWords('Transmontanas', 5)).toEqual(['Transmontanas'])
  })
})
