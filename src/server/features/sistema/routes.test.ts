import { type Kysely, Migrator } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSet, variantFileName } from '../../../shared/imagens.ts'
import { migrations } from '../../db/migrations/index.ts'
import type { DB } from '../../db/schema.ts'
import { storeImage } from '../../platform/images.ts'
import {
  createTestApp,
  createUnmigratedTestDatabase,
  type TestApp,
  testDialects,
  whileMigrating,
} from '../../testing/harness.ts'

const CSP = "default-src 'none'; style-src 'unsafe-inline'"
const IMMUTABLE = 'public, max-age=31536000, immutable'

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="#1F4E79"/><circle cx="400" cy="225" r="120" fill="#F2C14E"/></svg>`

describe.each(testDialects())('GET /imagens/:nome on %s', (dialect) => {
  let t: TestApp
  let url: string
  let photo: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    url = await storeImage(t.database.db, 'novidade-teste-lista', svg)
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7A5236' } })
      .jpeg()
      .toBuffer()
    photo = await storeImage(t.database.db, 'foto-teste', jpeg)
    await t.database.db
      .insertInto('imagens')
      .values({ nome: 'antiga.svg', tipo: 'image/svg+xml', conteudo: svg, atualizado_em: '2026-11-22T10:00:00.000Z' })
      .execute()
  })
  afterAll(() => t.close())

  const get = (path: string) => t.app.inject({ method: 'GET', url: path })

  it('serves every variant the naming rule promises, in its format and size, cached for good', async () => {
    const set = imageSet(url)
    expect(set?.sources.map((s) => s.srcset.split(', ').length)).toEqual([3, 3])
    const files = set?.sources.flatMap((s) => s.srcset.split(', ').map((entry) => ({ type: s.type, entry }))) ?? []
    for (const { type, entry } of files) {
      const [path = '', descriptor = ''] = entry.split(' ')
      const res = await get(path)
      expect(res.statusCode, path).toBe(200)
      expect(res.headers['content-type']).toBe(type)
      expect(res.headers['cache-control']).toBe(IMMUTABLE)
      expect(res.headers['content-security-policy']).toBe(CSP)
      const meta = await sharp(res.rawPayload).metadata()
      expect(`${meta.width}w`).toBe(descriptor)
      expect(meta.format).toBe(type === 'image/avif' ? 'heif' : 'webp')
    }
  })

  it('serves the source itself for the <img> fallback, SVG as text and an upload as its bytes', async () => {
    const source = await get(url)
    expect(source.statusCode).toBe(200)
    expect(source.headers['content-type']).toContain('image/svg+xml')
    expect(source.headers['cache-control']).toBe(IMMUTABLE)
    expect(source.headers['content-security-policy']).toBe(CSP)
    expect(source.body).toBe(svg)

    expect(photo).toMatch(/^\/imagens\/foto-teste\.640x480\.[0-9a-f]{10}\.jpg$/)
    const jpeg = await get(photo)
    expect(jpeg.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg')
    const avif = await get(variantFileName(photo, 640, 'avif'))
    expect(avif.headers['content-type']).toBe('image/avif')
  })

  it('keeps a day’s cache for names without a content hash, whose bytes may change', async () => {
    const res = await get('/imagens/antiga.svg')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('answers 404 for a name it does not hold, 400 for one outside the rule', async () => {
    expect((await get(variantFileName(url, 1200, 'avif'))).statusCode).toBe(404)
    expect((await get(url.replace(/[0-9a-f]{10}/, 'ffffffffff'))).statusCode).toBe(404)
    expect((await get('/imagens/outra.svg')).statusCode).toBe(404)
    for (const bad of ['/imagens/..%2Fetc.svg', '/imagens/x.800x450.0123456789.400w.png', '/imagens/X.svg']) {
      expect((await get(bad)).statusCode, bad).toBe(400)
    }
  })

  it('stores the same source once, and deleting it deletes its variants', async () => {
    expect(await storeImage(t.database.db, 'novidade-teste-lista', svg)).toBe(url)
    const name = url.slice('/imagens/'.length)
    const count = async () =>
      (await t.database.db.selectFrom('imagens').select('nome').where('origem', '=', name).execute()).length
    expect(await count()).toBe(6)
    await t.database.db.deleteFrom('imagens').where('nome', '=', name).execute()
    expect(await count()).toBe(0)
    expect((await get(variantFileName(url, 400, 'webp'))).statusCode).toBe(404)
  })
})

describe.each(testDialects())('the image variants migration on %s', (dialect) => {
  it('keeps the images stored before it', async () => {
    const handle = await createUnmigratedTestDatabase(dialect)
    const { schema } = handle
    const db: Kysely<DB> = handle.db
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(schema ? { migrationTableSchema: schema } : {}),
      })
      const before = await whileMigrating(dialect, () => migrator.migrateTo('2026-11-23T0800-fidelizacao'))
      expect(before.error).toBeUndefined()
      const row = { nome: 'logo.svg', tipo: 'image/svg+xml', conteudo: svg, atualizado_em: '2026-11-22T10:00:00.000Z' }
      await db.insertInto('imagens').values(row).execute()
      const after = await whileMigrating(dialect, () => migrator.migrateTo('2026-11-23T0900-imagens-variantes'))
      expect(after.error).toBeUndefined()
      expect(await db.selectFrom('imagens').selectAll().execute()).toEqual([
        { ...row, dados: null, largura: null, altura: null, origem: null },
      ])
      // Binary rows fit now, with no text.
      await db
        .insertInto('imagens')
        .values({
          nome: 'logo.200x200.0123456789.200w.webp',
          tipo: 'image/webp',
          dados: Buffer.from([1, 2, 3]),
          origem: 'logo.svg',
          atualizado_em: row.atualizado_em,
        })
        .execute()
      const stored = await db.selectFrom('imagens').select('dados').where('origem', '=', 'logo.svg').executeTakeFirst()
      expect(Buffer.from(stored?.dados ?? [])).toEqual(Buffer.from([1, 2, 3]))
    } finally {
      await handle.close()
    }
  })
})
