import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertNovidade } from '../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../testing/harness.ts'
import { COMPRESS_THRESHOLD_BYTES, negotiateCoding } from './cached-reply.ts'

describe('content coding negotiation', () => {
  it('picks what the client prefers, then the server’s order, as @fastify/compress does', () => {
    expect(negotiateCoding(undefined)).toBe('identity')
    expect(negotiateCoding('')).toBe('identity')
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateCoding('gzip, deflate')).toBe('gzip')
    expect(negotiateCoding('br;q=0.5, gzip')).toBe('gzip')
    expect(negotiateCoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(negotiateCoding('*')).toBe('br')
    expect(negotiateCoding('zstd')).toBe('identity')
    expect(negotiateCoding('identity')).toBe('identity')
    expect(negotiateCoding('GZIP;Q=1')).toBe('gzip')
  })
})

describe.each(testDialects())('cached content answers on %s', (dialect) => {
  let t: TestApp
  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'x-api-version': '1.0', ...headers } })

  beforeAll(async () => {
    t = await createTestApp(dialect)
    // Enough news for a list above the compression threshold; one item well below it.
    for (let i = 1; i <= 12; i++) {
      await insertNovidade(t.database.db, { tag: `novidade-${i}`, title: `Novidade ${i}`, subtitle: 'x'.repeat(80) })
    }
  })
  afterAll(() => t.close())

  it('sends the same JSON in every coding the client accepts, with one ETag and Vary', async () => {
    const plain = await read('/api/novidades')
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES)
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }
    for (const [coding, decode] of Object.entries(decoders)) {
      const encoded = await read('/api/novidades', { 'accept-encoding': coding })
      expect(encoded.headers['content-encoding'], coding).toBe(coding)
      expect(encoded.headers.vary, coding).toBe('accept-encoding')
      expect(encoded.headers.etag, coding).toBe(plain.headers.etag)
      expect(decode(encoded.rawPayload).toString('utf8'), coding).toBe(plain.body)
    }
  })

  it('leaves small answers uncompressed, as the rest of the server does', async () => {
    const res = await read('/api/novidades/novidade-1', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toBeUndefined()
    expect(res.json().data.tag).toBe('novidade-1')
  })

  it('answers 304 to the current ETag, and keeps the security headers', async () => {
    const first = await read('/api/novidades', { 'accept-encoding': 'br' })
    const again = await read('/api/novidades', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(first.headers['content-security-policy']).toContain("default-src 'self'")
    expect(first.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/novidades',
      headers: { 'x-api-version': '1.0', 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.body).toBe('')
  })
})
