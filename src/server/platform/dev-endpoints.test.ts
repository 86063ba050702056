import { afterEach, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { createTestApp, type TestApp, testDialects } from '../testing/harness.ts'
import { isLoopback } from './dev-endpoints.ts'

describe('loopback addresses', () => {
  it('are 127.0.0.0/8, ::1 and IPv4-mapped 127.x, however written; nothing else', () => {
    for (const a of ['127.0.0.1', '127.9.8.7', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:7f00:1'])
      expect(isLoopback(a), a).toBe(true)
    for (const a of ['128.0.0.1', '10.0.0.1', '::ffff:10.0.0.1', '::2', '::', '0.0.0.0', 'localhost', '', undefined])
      expect(isLoopback(a), String(a)).toBe(false)
  })
})

/**
 * The development endpoints (the SMS outbox with its sign-in codes, the sandbox's MB WAY phone) answer only
 * this machine unless DEV_ENDPOINTS_REMOTE says otherwise: a server started without NODE_ENV=production on a public
 * address lets nobody read codes and take accounts over.
 */
describe.each(testDialects())('the development endpoints on %s', (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const open = async (overrides: Partial<Config> = {}) => {
    t = await createTestApp(dialect, overrides)
    return t
  }
  const call = (
    app: TestApp,
    method: 'GET' | 'POST',
    url: string,
    remoteAddress?: string,
    headers: Record<string, string> = {},
  ) =>
    app.app.inject({
      method,
      url,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: { accept: 'application/json', 'x-api-version': API_VERSION, ...headers },
    })
  const DEV = [
    ['GET', '/api/dev/sms'],
    ['GET', '/api/dev/sms?para=%2B351912345678'],
    ['GET', '/api/dev/email'],
    ['GET', '/api/dev/pagamentos'],
    ['POST', '/api/dev/pagamentos/abc/aprovar'],
    ['POST', '/api/dev/pagamentos/abc/recusar'],
  ] as const

  it('answer another machine as if they did not exist, with or without the version header', async () => {
    const app = await open()
    const absent = await call(app, 'GET', '/api/dev/nada', '203.0.113.10')
    expect(absent.statusCode).toBe(404)
    for (const [method, url] of DEV) {
      for (const address of ['203.0.113.10', '2001:db8::1', '::ffff:192.0.2.1', '10.0.0.5']) {
        const res = await call(app, method, url, address)
        expect([res.statusCode, res.body], `${method} ${url} from ${address}`).toEqual([404, absent.body])
      }
      const noVersion = await app.app.inject({ method, url, remoteAddress: '203.0.113.10' })
      expect([noVersion.statusCode, noVersion.body]).toEqual([404, absent.body])
      // An encoded path reaches the same route, and is held back the same.
      const encoded = await call(app, method, url.replace('/dev/', '/%64ev/'), '203.0.113.10')
      expect(encoded.statusCode).toBe(404)
    }
  })

  it('answer this machine: 127.0.0.0/8, ::1, ::ffff:127.x (app.inject is 127.0.0.1)', async () => {
    const app = await open()
    for (const address of [undefined, '127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect((await call(app, 'GET', '/api/dev/sms', address)).statusCode, String(address)).toBe(200)
      expect((await call(app, 'GET', '/api/dev/pagamentos', address)).statusCode, String(address)).toBe(200)
      // The route itself answers: an unknown payment request.
      const aprovar = await call(app, 'POST', '/api/dev/pagamentos/abc/aprovar', address)
      expect(aprovar.json().error.message).toBe('Pedido de pagamento desconhecido, já respondido ou expirado.')
    }
  })

  it('believe no X-Forwarded-For of a direct client, and refuse a remote client a local proxy forwards', async () => {
    // Without a trusted proxy the header is not read at all.
    let app = await open()
    const forged = { 'x-forwarded-for': '127.0.0.1' }
    expect((await call(app, 'GET', '/api/dev/sms', '203.0.113.10', forged)).statusCode).toBe(404)
    // A proxy on this machine that is not trusted (a staging box's nginx) forwards every client from 127.0.0.1: a
    // forwarded request is not taken for this machine's, whatever it claims.
    const headers: Record<string, string>[] = [
      forged,
      { 'x-real-ip': '198.51.100.4' },
      { forwarded: 'for=198.51.100.4' },
    ]
    for (const header of headers) {
      expect((await call(app, 'GET', '/api/dev/sms', '127.0.0.1', header)).statusCode).toBe(404)
    }
    await app.close()
    // A hop count believes the nearest hop, whoever it is: a remote client claiming to be 127.0.0.1 is still remote.
    app = await open({ TRUST_PROXY: '1' })
    expect((await call(app, 'GET', '/api/dev/sms', '203.0.113.10', forged)).statusCode).toBe(404)
    // A proxy on this machine forwards a remote client: refused; this machine's own request through it: answered.
    const remote = { 'x-forwarded-for': '198.51.100.4' }
    expect((await call(app, 'GET', '/api/dev/sms', '127.0.0.1', remote)).statusCode).toBe(404)
    expect((await call(app, 'GET', '/api/dev/sms', '127.0.0.1', forged)).statusCode).toBe(200)
    await app.close()
    app = await open({ TRUST_PROXY: '127.0.0.1' })
    expect((await call(app, 'GET', '/api/dev/pagamentos', '127.0.0.1', remote)).statusCode).toBe(404)
    expect((await call(app, 'GET', '/api/dev/pagamentos', '127.0.0.1')).statusCode).toBe(200)
  })

  it('answer every machine with DEV_ENDPOINTS_REMOTE=true', async () => {
    const app = await open({ DEV_ENDPOINTS_REMOTE: 'true' })
    expect((await call(app, 'GET', '/api/dev/sms', '203.0.113.10')).statusCode).toBe(200)
    expect((await call(app, 'GET', '/api/dev/pagamentos', '2001:db8::1')).statusCode).toBe(200)
  })
})

describe('DEV_ENDPOINTS_REMOTE', () => {
  it('is false unless set, and refused in production', () => {
    expect(loadConfig({}).DEV_ENDPOINTS_REMOTE).toBe('false')
    expect(loadConfig({ DEV_ENDPOINTS_REMOTE: 'true' }).DEV_ENDPOINTS_REMOTE).toBe('true')
    expect(() => loadConfig({ DEV_ENDPOINTS_REMOTE: 'yes' })).toThrow(/DEV_ENDPOINTS_REMOTE/)
    const production = { NODE_ENV: 'production', DEV_ENDPOINTS_REMOTE: 'true' }
    expect(() => loadConfig(production)).toThrow(ConfigError)
    expect(() => loadConfig(production)).toThrow(/DEV_ENDPOINTS_REMOTE: não em produção/)
  })
})
