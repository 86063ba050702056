import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../shared/api.ts'
import { signedInAdmin } from './features/admin/testing.ts'
import { systemClock } from './platform/clock.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from './testing/harness.ts'
import { snapshotRows } from './testing/snapshot.ts'

/** `{ a: { a: … } }`, `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = { a: 1 }
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

const BAD_BODIES: [string, unknown][] = [
  ['null', null],
  ['[]', []],
  ['"x"', 'x'],
  ['42', 42],
  ['{}', {}],
  ['30-level nested object', nested(30)],
]

/** A route path with its parameters filled in with values of the right form (a challenge hash). */
const fillParams = (url: string) =>
  url.replace(/:id\b/g, '1').replace(/:[A-Za-z_]+/g, 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd')

describe.each(testDialects())('every POST route refuses bodies of the wrong shape, on %s', (dialect) => {
  let t: TestApp
  let signedIn: ReturnType<typeof device>
  let storeKey: string
  let staffCookie: string
  let adminCookie: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    storeKey = (await lojasChavesRepo(t.database.db, systemClock).create(862, 'caixa-1')).chave
    const paired = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: storeKey } })
    staffCookie = String(paired.cookies.find((c) => c.name === 'balcao_painel')?.value)
    adminCookie = await signedInAdmin(t)
    signedIn = device(t, '198.51.100.20')
    const { hash } = (
      await signedIn.call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })
    ).json().data
    const confirm = await signedIn.call('POST', `/registo/${hash}`, {
      codigo: await lastSmsCode(t, '+351912345678'),
    })
    expect(confirm.statusCode).toBe(200)
  })
  afterAll(() => t.close())

  it('answers 4xx with the envelope to each bad body, as a guest and signed in, and writes nothing', async () => {
    const posts = t.app.routeTable.filter((r) => r.method === 'POST').map((r) => r.url)
    // The table is Fastify's own: a route added later is covered without touching this test.
    expect(posts).toEqual(
      expect.arrayContaining([
        '/registo',
        '/login',
        '/reset',
        '/alterar-password',
        '/api/logout',
        '/api/loja/v1/compras',
        '/painel/api/compras',
      ]),
    )
    expect(posts.length).toBeGreaterThanOrEqual(14)
    const before = await snapshotRows(t.database.db)
    for (const url of posts) {
      for (const [name, body] of BAD_BODIES) {
        // Each surface with its own credentials: the store with a key (and an Idempotency-Key), the staff API with a
        // paired tablet's cookie, the back-office as a guest and with an admin's session, the customer's as a guest and
        // signed in.
        const callers: [string, Record<string, string>][] = url.startsWith('/api/loja/')
          ? [['signed in', { authorization: `Bearer ${storeKey}`, 'idempotency-key': `k-${url}-${name}` }]]
          : url.startsWith('/painel/')
            ? [['signed in', { cookie: `balcao_painel=${staffCookie}` }]]
            : url.startsWith('/admin/')
              ? [
                  ['guest', {}],
                  ['signed in', { cookie: `balcao_admin=${adminCookie}` }],
                ]
              : [
                  ['guest', {}],
                  ['signed in', { cookie: `balcao_sessao=${signedIn.cookie}` }],
                ]
        for (const [who, credentials] of callers) {
          const res = await t.app.inject({
            method: 'POST',
            url: fillParams(url),
            // The development endpoints answer only this machine (platform/dev-endpoints.ts).
            remoteAddress: url.startsWith('/api/dev/') ? '127.0.0.1' : '198.51.100.21',
            headers: {
              accept: 'application/json',
              'x-api-version': API_VERSION,
              'content-type': 'application/json',
              ...credentials,
            },
            payload: JSON.stringify(body),
          })
          const where = `${url} ← ${name} (${who})`
          // A guest on a signed-in form may be told to sign in first (401); a signed-in person hears what is wrong.
          if (who === 'guest') expect([400, 401], where).toContain(res.statusCode)
          else expect(res.statusCode, where).toBe(400)
          expect(res.json().error, where).toMatchObject({ title: expect.any(String), message: expect.any(String) })
        }
      }
    }
    expect(await snapshotRows(t.database.db)).toBe(before)
  }, 60_000)

  it('declares a response schema on every POST route and every account read: nothing personal leaves by accident', () => {
    const accountRoutes = t.app.routeTable.filter(
      (r) =>
        r.method === 'POST' ||
        ['/api/configuracao', '/api/dev/sms', '/api/dev/pagamentos', '/api/encomendas/:id'].includes(r.url),
    )
    expect(accountRoutes.filter((r) => !r.hasResponseSchema).map((r) => `${r.method} ${r.url}`)).toEqual([])
  })
})
