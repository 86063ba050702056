import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CodigoAlergenio, seguroPara } from '../../shared/alergenios.ts'
import { imageSet, parseSourceName, VARIANT_TYPES, variantHeight } from '../../shared/imagens.ts'
import { manualClock } from '../platform/clock.ts'
import type { DatabaseHandle } from '../platform/db.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { ordering } from './ementas-import.ts'
import { linhasDoHorario } from './horarios.ts'
import { seedDemoContent } from './index.ts'

const SETTINGS = { LOYALTY_CREDIT_PERCENT: 5, MINIMUM_AGE: 16 }

// A machine's first seed encodes every picture (tens of seconds on two busy cores); later ones read the cache.
const COLD_SEED_MS = 240_000

describe.each(testDialects())('the demo seed on %s', (dialect) => {
  let database: DatabaseHandle

  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    await seedDemoContent(database.db, SETTINGS)
  }, COLD_SEED_MS)
  afterAll(() => database.close())

  /** Ordering as the app reads it, at `instant`. */
  const encomendas = (instant: string) => ordering(database.db, manualClock(instant))

  /** Every image URL the content rows point at, the products' of the three stores' catalogues included. */
  async function contentUrls(): Promise<string[]> {
    const db = database.db
    const produtos = []
    for (const idLoja of [862, 848, 861]) {
      const { categorias } = await encomendas('2026-11-23T12:00:00Z').catalogo(idLoja)
      produtos.push(...categorias.flatMap((c) => c.produtos.map((p) => ({ a: p.imagem, b: null }))))
    }
    const rows = [
      ...(await db.selectFrom('novidades').select(['image_list as a', 'image_detail as b']).execute()),
      ...(await db.selectFrom('campanhas').select(['image_list as a', 'image_detail as b']).execute()),
      ...(await db.selectFrom('restaurantes').select(['image_main as a', 'image_logo as b']).execute()),
      ...(await db.selectFrom('lojas').select(['image_list as a', 'image_main as b']).execute()),
      ...(await db.selectFrom('loja_menus').select(['imagem_pequena as a', 'imagem as b']).execute()),
      ...produtos,
    ]
    return rows.flatMap((r) => [r.a, r.b]).filter((u): u is string => u !== null)
  }

  it('imports the POS menus of the three ordering stores; the flagship takes orders at any hour', async () => {
    // 03:00 on a Monday in Lisbon: only 862 is open.
    const lojas = await encomendas('2026-11-23T03:00:00Z').listLojasEncomenda()
    expect(lojas.map((l) => [l.id_loja, l.aberta])).toEqual([
      [848, false],
      [861, false],
      [862, true],
    ])
    const noon = await encomendas('2026-11-23T12:00:00Z').listLojasEncomenda()
    expect(noon.every((l) => l.aberta)).toBe(true)
    for (const idLoja of [862, 848, 861]) {
      const { categorias } = await encomendas('2026-11-23T12:00:00Z').catalogo(idLoja)
      const produtos = categorias.flatMap((c) => c.produtos)
      expect(produtos.length, `store ${idLoja}`).toBeGreaterThanOrEqual(30)
      expect(produtos.some((p) => p.nome === 'Pastel de nata' && p.pvp_com_iva === 130)).toBe(true)
      // Santa Catarina charges its tables 0,20 € more (the POS's pvp2, its setting for eating in); the others do not.
      const mesa = idLoja === 861 ? 20 : 0
      for (const p of produtos) expect(p.pvp_na_loja_com_iva - p.pvp_com_iva, `${idLoja} ${p.nome}`).toBe(mesa)
    }
  })

  it('gives each demo store the whole menu: allergens, traces, unknowns, half portions, suggestions, required choices', async () => {
    for (const idLoja of [862, 848, 861]) {
      const { categorias } = await encomendas('2026-11-23T12:00:00Z').catalogo(idLoja)
      const produtos = categorias.flatMap((c) => c.produtos)
      const ids = new Set(produtos.map((p) => p.id))
      const codigos = (l: readonly { codigo: CodigoAlergenio }[] | null) => l?.map((a) => a.codigo) ?? null
      const seguro = (p: (typeof produtos)[number], evitar: CodigoAlergenio[]) =>
        seguroPara({ contem: codigos(p.alergenios), pode_conter: codigos(p.pode_conter) ?? [] }, evitar)
      const msg = `store ${idLoja}`
      expect(produtos.filter((p) => p.alergenios === null).length, msg).toBeGreaterThanOrEqual(1)
      // ZoneSoft's flags come with a list: the milky coffees declare their milk.
      for (const nome of ['Galão', 'Meia de leite']) {
        expect(codigos(produtos.find((x) => x.nome === nome)?.alergenios ?? null), `${msg}: ${nome}`).toEqual(['leite'])
      }
      // Extras and components have no allergens of their own: the product's declaration covers them. Oat milk (an
      // Annex II gluten cereal) as an extra: the drink may contain gluten.
      const comAveia = produtos.filter((x) => x.complementares.some((c) => c.nome === 'Leite de aveia'))
      expect(comAveia.length, msg).toBeGreaterThanOrEqual(3)
      for (const p of comAveia) {
        const todos = [...(codigos(p.alergenios) ?? []), ...(codigos(p.pode_conter) ?? [])]
        expect(todos, `${msg}: ${p.nome}`).toContain('gluten')
      }
      // A composite declares its components' traces as well as their contents.
      const menuAlmoco = produtos.find((x) => x.nome === 'Menu almoço')
      expect(codigos(menuAlmoco?.pode_conter ?? null), `${msg}: Menu almoço`).toEqual(['frutos_casca_rija', 'mostarda'])
      expect(produtos.filter((p) => p.pode_conter.length > 0).length, msg).toBeGreaterThanOrEqual(5)
      expect(
        produtos.some((p) => p.calorias !== null && p.sal !== null),
        msg,
      ).toBe(true)
      expect(produtos.some((p) => p.vegetariano) && produtos.some((p) => p.picante), msg).toBe(true)
      expect(
        produtos.some((p) => p.destaque),
        msg,
      ).toBe(true)
      expect(
        produtos.some((p) => p.tempo !== null && p.tempo > 15),
        msg,
      ).toBe(true)
      expect(produtos.filter((p) => p.meia_dose).length, msg).toBeGreaterThanOrEqual(3)
      for (const p of produtos) {
        for (const s of p.sugeridos) expect(ids.has(s), `${msg}: ${p.nome} suggests ${s}`).toBe(true)
        expect(p.meia_dose, p.nome).toBe(p.pvp_meia_com_iva !== null)
      }
      expect(produtos.filter((p) => p.sugeridos.length > 0).length, msg).toBeGreaterThanOrEqual(5)
      // A breakfast menu whose drink must be chosen.
      const pequenoAlmoco = produtos.find((p) => p.nome === 'Menu pequeno-almoço')
      expect(pequenoAlmoco?.grupos_opcoes.find((g) => g.nome === 'Bebida')?.min, msg).toBe(1)
      // The e2e's journey: 'Sem glúten' and 'Sem lactose' show a half portion whose allergens are known.
      const semGluten = produtos.filter((p) => seguro(p, ['gluten', 'leite']) && p.meia_dose)
      expect(
        semGluten.map((p) => p.nome),
        msg,
      ).toContain('Sopa do dia')
      expect(
        semGluten.every((p) => p.alergenios !== null && p.alergenios.length > 0),
        msg,
      ).toBe(true)
    }
  })

  it('a store takes and charges orders only within the hours its page publishes', async () => {
    const lojas = await database.db
      .selectFrom('lojas')
      .select(['id_loja', 'opening_hours', 'horario_encomendas'])
      .where('horario_encomendas', 'is not', null)
      .execute()
    for (const l of lojas) {
      expect(l.opening_hours?.split('\n'), `store ${l.id_loja}`).toEqual(
        linhasDoHorario(JSON.parse(l.horario_encomendas ?? 'null')),
      )
    }
    // 03:31 on a Tuesday in Lisbon: Saldanha publishes 10h00 – 21h30 and refuses to price (and so to charge) a cart.
    const { categorias } = await encomendas('2026-11-24T12:00:00Z').catalogo(848)
    const produto = categorias.flatMap((c) => c.produtos).find((p) => p.nome === 'Pastel de nata')
    if (!produto) throw new Error('no Pastel de nata at 848')
    const cart = [
      { id: produto.id, qtd: 1, complementares: [], opcoes: [], porcao: 'dose' as const, observacoes: null },
    ]
    await expect(
      encomendas('2026-11-24T03:31:00Z').calcular({ idLoja: 848, cart, usarPremio: false, tipo: 0 }, 0),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'A loja está fechada de momento. Pode encomendar assim que abrir.',
    })
    // The flagship says it is open around the clock, and is.
    expect(lojas.find((l) => l.id_loja === 862)?.opening_hours).toBe('Segunda a Domingo: 24 horas')
    const { transaction } = await encomendas('2026-11-24T03:31:00Z').calcular(
      { idLoja: 862, cart, usarPremio: false, tipo: 0 },
      0,
    )
    expect(transaction.total_paid).toBe(130)
  })

  it('stores every picture the content shows with the AVIF and WebP variants its URL promises', async () => {
    const urls = await contentUrls()
    expect(urls.length).toBeGreaterThan(50)
    const stored = new Map(
      (await database.db.selectFrom('imagens').select(['nome', 'tipo', 'largura', 'altura', 'origem']).execute()).map(
        (r) => [r.nome, r],
      ),
    )
    for (const url of urls) {
      const source = parseSourceName(url)
      const set = imageSet(url)
      expect(source, url).not.toBeNull()
      if (!source || !set) continue
      const nome = url.slice('/imagens/'.length)
      expect(stored.get(nome)).toEqual({
        nome,
        tipo: 'image/svg+xml',
        largura: source.width,
        altura: source.height,
        origem: null,
      })
      for (const { type, srcset } of set.sources) {
        for (const entry of srcset.split(', ')) {
          const [path = '', descriptor = ''] = entry.split(' ')
          const width = Number.parseInt(descriptor, 10)
          expect(stored.get(path.slice('/imagens/'.length)), path).toEqual({
            nome: path.slice('/imagens/'.length),
            tipo: type,
            largura: width,
            altura: variantHeight(source, width),
            origem: nome,
          })
        }
      }
    }
    // Nothing stored that no URL leads to.
    const reachable = new Set(
      urls.flatMap((url) => [
        url,
        ...(imageSet(url)?.sources.flatMap((s) => s.srcset.split(', ').map((e) => e.split(' ')[0])) ?? []),
      ]),
    )
    expect([...stored.keys()].filter((nome) => !reachable.has(`/imagens/${nome}`))).toEqual([])
  })

  it('encodes real AVIF and WebP bytes, smaller at smaller widths', async () => {
    const [url = ''] = await contentUrls()
    const nome = url.slice('/imagens/'.length)
    const variants = await database.db
      .selectFrom('imagens')
      .select(['tipo', 'largura', 'dados'])
      .where('origem', '=', nome)
      .orderBy('largura')
      .execute()
    const magic = (bytes: Buffer | null) => {
      const b = bytes ?? Buffer.alloc(0)
      return b.subarray(4, 12).toString('latin1') === 'ftypavif'
        ? VARIANT_TYPES.avif
        : `${b.subarray(0, 4).toString('latin1')}${b.subarray(8, 12).toString('latin1')}` === 'RIFFWEBP'
          ? VARIANT_TYPES.webp
          : 'unknown'
    }
    expect(variants.length).toBeGreaterThanOrEqual(4)
    for (const v of variants) expect(magic(v.dados)).toBe(v.tipo)
    for (const type of Object.values(VARIANT_TYPES)) {
      const sizes = variants.filter((v) => v.tipo === type).map((v) => v.dados?.length ?? 0)
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b))
    }
  })

  it('seeds again over its own content, reading the encoded variants back instead of encoding them', async () => {
    // Names and a digest of the bytes: a deep comparison of megabytes of Buffers takes the test runner a minute.
    const files = async () =>
      (await database.db.selectFrom('imagens').select(['nome', 'conteudo', 'dados']).orderBy('nome').execute()).map(
        (r) =>
          `${r.nome} ${createHash('sha256')
            .update(r.conteudo ?? r.dados ?? '')
            .digest('hex')}`,
      )
    const before = await files()
    const started = performance.now()
    await seedDemoContent(database.db, SETTINGS)
    const elapsed = performance.now() - started
    expect(await files()).toEqual(before)
    // Encoding takes tens of seconds; reading and inserting, well under one on either database.
    expect(elapsed).toBeLessThan(5_000)
  })
})
