import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { ConfigError, configWith, listenHost, loadConfig, trustProxyOf } from './config.ts'
import {
  createTestApp,
  createTestDatabase,
  TEST_DATA_ENCRYPTION_KEY,
  type TestApp,
  testDialects,
} from './testing/harness.ts'

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-web-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Balcão</title></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Balcão"}')
  return dir
}

describe.each(testDialects())('HTTP platform on %s', (dialect) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEB_DIST: fakeWebBuild() })
    await t.database.db
      .insertInto('imagens')
      .values({
        nome: 'logo.svg',
        tipo: 'image/svg+xml',
        conteudo: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        atualizado_em: '2026-11-22T10:00:00.000Z',
      })
      .execute()
  })
  afterAll(() => t.close())

  it('refuses API calls without the version header, or with another version', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/novidades' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.title).toBe('Versão não suportada')
    const other = await t.app.inject({ method: 'GET', url: '/api/novidades', headers: { 'x-api-version': '2.0' } })
    expect(other.statusCode).toBe(400)
    expect((await t.api('GET', '/api/novidades')).statusCode).toBe(200)
  })

  it('reports health without the version header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: { status: 'ok', database: dialect } })
  })

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.api('GET', '/api/nada')
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toEqual({ title: 'Não encontrado', message: 'O recurso pedido não existe.' })
  })

  it('sends security headers with a strict CSP that allows only the map frame origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain('frame-src https://www.openstreetmap.org')
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
  })

  it("serves the app HTML, never stored (it carries the visitor's data), on every page path; 404 elsewhere", async () => {
    for (const url of ['/', '/novidades', '/restaurantes/x/y/mapa', '/termos/', '/perguntas-frequentes/a/b']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.body).toContain('<div id="root">')
    }
    const staff = await t.app.inject({ method: 'GET', url: '/painel/entrar' })
    expect(staff.headers['cache-control']).toBe('no-cache')
    expect(staff.body).not.toContain('dados-privados')
    const unknown = await t.app.inject({ method: 'GET', url: '/nao/existe/mesmo' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<div id="root">')
  })

  it("answers the visitor's private data inside a page's HTML; without the server render, no reads", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/novidades' })
    const json = (id: string) => {
      const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(res.body)
      return match ? JSON.parse(match[1] as string) : undefined
    }
    expect(json('dados-privados')).toMatchObject({ user: { loggedIn: false, sawOnboarding: false } })
    // This build has no server render (dist/ssr): the browser renders the screen and asks for its reads itself
    // (the render and its reads: platform/web.test.ts, e2e/renderizacao-servidor.spec.ts).
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).not.toContain('leituras-da-pagina')
    // A visitor past the onboarding is known as such from the page itself: the guards need no round trip.
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/grava-saw-onboarding',
      headers: { accept: 'application/json', 'x-api-version': '1.0' },
      payload: { value: true },
    })
    const cookie = String(seen.headers['set-cookie']).split(';')[0] as string
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } })
    expect(again.body).toMatch(/id="dados-privados">[^<]*"sawOnboarding":true/)
  })

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-encoding']).toBe('gzip')
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(manifest.headers['cache-control']).toBe('no-cache')
  })

  it('serves stored images with their type and a locked-down CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/imagens/logo.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect((await t.app.inject({ method: 'GET', url: '/imagens/outra.svg' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/imagens/..%2Fetc.svg' })).statusCode).toBe(400)
  })
})

describe.each(testDialects())('limits and failures on %s', (dialect) => {
  it('caps the body size with a pt-PT error', async () => {
    const database = await createTestDatabase(dialect)
    const app = await buildApp(configWith({ LOG_LEVEL: 'silent', WEB_DIST: 'dist/none', BODY_LIMIT: 1024 }), database)
    app.post('/api/eco', async (request) => ({ data: request.body }))
    try {
      const small = await app.inject({
        method: 'POST',
        url: '/api/eco',
        headers: { 'x-api-version': '1.0' },
        payload: { a: 1 },
      })
      expect(small.statusCode).toBe(200)
      const big = await app.inject({
        method: 'POST',
        url: '/api/eco',
        headers: { 'x-api-version': '1.0' },
        payload: { a: 'x'.repeat(5000) },
      })
      expect(big.statusCode).toBe(413)
      expect(big.json().error.message).toBe('O pedido é demasiado grande.')
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('reports 503 when the database is unreachable', async () => {
    const database = await createTestDatabase(dialect)
    const app = await buildApp(configWith({ LOG_LEVEL: 'silent', WEB_DIST: 'dist/none' }), database)
    await database.close()
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json().error.title).toBe('Indisponível')
    await app.close()
  })
})

const IFTHENPAY = {
  PAYMENT_PROVIDER: 'ifthenpay',
  IFTHENPAY_MBWAY_KEY: 'ABC-123456',
  IFTHENPAY_ANTI_PHISHING_KEY: 'anti-phishing',
  IFTHENPAY_BACKOFFICE_KEY: '0000-0000-0000-0000',
  // Production also needs the data key (crypto.test.ts tests that).
  DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
  // And an e-mail provider (email.test.ts tests that).
  EMAIL_PROVIDER: 'outbox',
  // And the app's public address (app-url.test.ts tests that).
  APP_URL: 'https://app.exemplo.pt',
}

describe('configuration', () => {
  it('needs real SMS and payment providers and an explicit proxy setting in production, and never trusts every proxy', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1', ...IFTHENPAY })).toThrow(/SMS_PROVIDER/)
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', ...IFTHENPAY })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
    // The sandbox takes no money: production refuses it, and ifthenpay needs its three keys.
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', TRUST_PROXY: '1' })).toThrow(
      /PAYMENT_PROVIDER/,
    )
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', TRUST_PROXY: '1', PAYMENT_PROVIDER: 'ifthenpay' }),
    ).toThrow(/IFTHENPAY_MBWAY_KEY/)
    expect(
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', TRUST_PROXY: 'false', ...IFTHENPAY }).SMS_PROVIDER,
    ).toBe('outbox')
    expect(trustProxyOf(loadConfig({}))).toBe(false)
    expect(trustProxyOf(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }))).toEqual(['10.0.0.0/8', '127.0.0.1'])
  })

  it('listens on this machine only, outside production', () => {
    expect(listenHost(loadConfig({}))).toBe('127.0.0.1')
    expect(
      listenHost(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', TRUST_PROXY: '1', ...IFTHENPAY })),
    ).toBe('0.0.0.0')
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }))).toBe('0.0.0.0')
  })

  it('uses the defaults when nothing is set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'sqlite:./data/balcao.sqlite',
      LOYALTY_CREDIT_PERCENT: 5,
      MINIMUM_AGE: 16,
    })
  })

  it('stops with every bad variable named', () => {
    try {
      loadConfig({ PORT: 'abc', LOYALTY_CREDIT_PERCENT: '200', NODE_ENV: 'staging' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const { problems } = error as ConfigError
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOYALTY_CREDIT_PERCENT', 'NODE_ENV', 'PORT'])
    }
  })
})
