import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../testing/harness.ts'
import { OPENAPI_DOCS_PATH, OPENAPI_JSON_PATH } from './index.ts'

/** Counts the compressions the app makes (@fastify/compress streams; the cached reply's one-shot calls are counted). */
const brotli = vi.hoisted(() => ({ calls: 0 }))
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>()
  return {
    ...zlib,
    brotliCompressSync: (...args: Parameters<typeof zlib.brotliCompressSync>) => {
      brotli.calls++
      return zlib.brotliCompressSync(...args)
    },
  }
})

/**
 * The document (about 200 kB) and its page are made, hashed and compressed once per process (platform/cached-reply.ts),
 * not once per request.
 */
describe('serving the document and its reference', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it.each([OPENAPI_JSON_PATH, OPENAPI_DOCS_PATH])(
    '%s: compressed once, the same bytes and ETag every time',
    async (url) => {
      const before = brotli.calls
      const answers = []
      for (let i = 0; i < 3; i++) {
        answers.push(await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } }))
      }
      expect(brotli.calls - before).toBe(1)
      for (const res of answers) {
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-encoding']).toBe('br')
        expect(res.headers.vary).toContain('accept-encoding')
        expect(res.headers.etag).toBe(answers[0]?.headers.etag)
        expect(res.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true)
      }
      const plain = await t.app.inject({ method: 'GET', url })
      expect(brotliDecompressSync(answers[0]?.rawPayload as Buffer).toString()).toBe(plain.body)
      expect(plain.headers.etag).toBe(answers[0]?.headers.etag)
      const revalidated = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(plain.headers.etag) },
      })
      expect(revalidated.statusCode).toBe(304)
    },
  )
})
