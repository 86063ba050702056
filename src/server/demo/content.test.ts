import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseSourceName } from '../../shared/imagens.ts'
import { contentHash, svgSize } from '../platform/images.ts'
import { buildDemoContent, wrapWords } from './content.ts'
import { estaAberta, todosOsDias } from './ementas-import.ts'
import { DEMO_HORARIOS, linhasDoHorario } from './horarios.ts'

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

describe('demo store hours', () => {
  it('a store that takes orders publishes exactly the hours it takes them at', () => {
    const queEncomendam = lojas.filter((l) => DEMO_HORARIOS[l.id_loja])
    expect(queEncomendam.map((l) => l.id_loja).sort()).toEqual([848, 861, 862])
    for (const l of queEncomendam) {
      const horario = DEMO_HORARIOS[l.id_loja]
      if (!horario) throw new Error('no hours')
      expect(l.opening_hours?.split('\n'), `store ${l.id_loja}`).toEqual(linhasDoHorario(horario))
    }
  })

  it('the store open around the clock says so; the others do not take orders at 03:31', () => {
    const pagina = (id: number) => lojas.find((l) => l.id_loja === id)?.opening_hours
    expect(pagina(862)).toBe('Segunda a Domingo: 24 horas')
    expect(estaAberta(DEMO_HORARIOS[862] ?? null, new Date('2026-11-24T03:31:00Z'))).toBe(true)
    for (const id of [848, 861]) {
      expect(pagina(id)).toBe('Segunda a Domingo: 10h00 – 21h30')
      expect(estaAberta(DEMO_HORARIOS[id] ?? null, new Date('2026-11-24T03:31:00Z'))).toBe(false)
    }
  })

  it('writes hours as the store pages do, days with the same hours on one line', () => {
    expect(linhasDoHorario(todosOsDias('10:00', '21:30'))).toEqual(['Segunda a Domingo: 10h00 – 21h30'])
    expect(
      linhasDoHorario([
        [
          ['08:00', '13:00'],
          ['15:00', '19:00'],
        ],
        [
          ['08:00', '13:00'],
          ['15:00', '19:00'],
        ],
        [
          ['08:00', '13:00'],
          ['15:00', '19:00'],
        ],
        [
          ['08:00', '13:00'],
          ['15:00', '19:00'],
        ],
        [['08:00', '24:00']],
        [['00:00', '24:00']],
        [],
      ]),
    ).toEqual([
      'Segunda a Quinta: 08h00 – 13h00 e 15h00 – 19h00',
      'Sexta: 08h00 – 24h00',
      'Sábado: 24 horas',
      'Domingo: encerrado',
    ])
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
