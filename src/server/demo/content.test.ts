import { readFileSync } from 'node:fs'
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

describe('the demo FAQ', () => {
  const texts = content.faq.flatMap((c) => c.perguntas.map((p) => `${p.title} ${p.title_detail} ${p.text}`)).join('\n')
  const screen = (file: string) => readFileSync(new URL(`../../web/features/conta/${file}`, import.meta.url), 'utf8')

  it('uses the words of the screens: Criar conta, password, the Conta page', () => {
    expect(texts).not.toMatch(/palavra-passe/i)
    expect(texts).not.toMatch(/\bRegisto\b|\bPerfil\b/)
    expect(texts).toContain('<strong>Criar conta</strong>')
    expect(screen('SignupPage.tsx')).toContain('title="Criar conta"')
    expect(texts).toContain('<strong>Esqueceu-se da password?</strong>')
    expect(screen('LoginPage.tsx')).toContain('Esqueceu-se da password?')
    // Every 'Conta › X' the FAQ names is a link on the Conta page.
    const perfil = screen('PerfilPage.tsx')
    const caminhos = [...texts.matchAll(/Conta › ([^,:<.]+?)(?=[,:<.]| indique| escolha| pode)/g)].map((m) => m[1])
    expect(caminhos.length).toBeGreaterThanOrEqual(4)
    for (const link of caminhos) expect(perfil, link).toContain(`>${link}</`)
  })
})
