import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../shared/api.ts'
import { systemClock } from './platform/clock.ts'
import type { DoorName, RouteEntry } from './platform/server.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { insertLoja, insertRestaurante } from './testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from './testing/harness.ts'

/**
 * The server's doors (ARCHITECTURE.md "Surfaces"): each route belongs to the door it was registered under, and only
 * that door's identity opens it. Walked over the whole route table, so a route added later is covered the day it is
 * added: for every route, a request carrying another door's identity gets exactly the answer a request with no
 * identity gets, and a store or counter route answers such a request 401 before anything else runs.
 */

type Door = DoorName

/** Where a route was registered: the door marks its routes (platform/server.ts `markDoor`). */
function doorOf(route: RouteEntry): Door {
  if (!route.door) throw new Error(`${route.method} ${route.url} was registered outside every door`)
  return route.door
}

/** The counter's pairing (with a store key) and its unpairing (which must work once the session is gone) are open. */
const OPEN_COUNTER = new Set(['/painel/api/entrar', '/painel/api/sair'])
/** The back-office's sign-in, sign-out and invitation acceptance are open too (features/admin/routes.ts). */
const OPEN_ADMIN = new Set(['/admin/api/entrar', '/admin/api/sair', '/admin/api/convite/aceitar'])

const concrete = (url: string) => url.replace(/:([a-z_]+)/gi, '1').replace(/\*$/, 'x')

describe.each(testDialects())('the doors, on %s', (dialect) => {
  let t: TestApp
  const identities: Record<Exclude<Door, 'providers'>, Record<string, string>> = {
    customer: {},
    store: {},
    counter: {},
    admin: {},
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    const { chave } = await lojasChavesRepo(t.database.db, systemClock).create(862, 'portas')

    const customer = device(t)
    const { hash } = (
      await customer.call('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })
    ).json().data
    await customer.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, '+351912345678') })
    identities.customer = { cookie: `balcao_sessao=${customer.cookie}` }
    identities.store = { authorization: `Bearer ${chave}` }
    const paired = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave } })
    const painel = paired.cookies.find((c) => c.name === 'balcao_painel')?.value
    identities.counter = { cookie: `balcao_painel=${painel}` }
    const { password } = await t.app.admin.equipa.criarAdmin('portas@exemplo.pt')
    const staff = await t.app.inject({
      method: 'POST',
      url: '/admin/api/entrar',
      payload: { email: 'portas@exemplo.pt', password },
    })
    identities.admin = { cookie: `balcao_admin=${staff.cookies.find((c) => c.name === 'balcao_admin')?.value}` }

    // Each identity opens its own door (otherwise the comparisons below would prove nothing).
    const own = (url: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', 'x-api-version': API_VERSION, ...headers },
      })
    expect((await own('/api/loja/v1/encomendas', identities.store)).statusCode).toBe(200)
    expect((await own('/painel/api/sessao', identities.counter)).statusCode).toBe(200)
    expect((await own('/admin/api/sessao', identities.admin)).statusCode).toBe(200)
    const privado = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-private-data',
      headers: { accept: 'application/json', 'x-api-version': API_VERSION, ...identities.customer },
      payload: { value: true },
    })
    expect(privado.json().data.user.loggedIn).toBe(true)
  })
  afterAll(() => t.close())

  const routes = () =>
    [...new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r])).values()].filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.door !== undefined && !r.url.startsWith('/api/dev/'),
    )

  async function call(method: string, url: string, headers: Record<string, string>) {
    const options: InjectOptions = {
      method: method as InjectOptions['method'],
      url: concrete(url),
      remoteAddress: '198.51.100.7',
      headers: { accept: 'application/json', 'x-api-version': API_VERSION, ...headers },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    }
    const res = await t.app.inject(options)
    return { status: res.statusCode, title: res.statusCode >= 400 ? res.json().error?.title : undefined }
  }

  it('every route belongs to one door, and every door has routes', () => {
    const doors = new Set(routes().map(doorOf))
    expect([...doors].sort()).toEqual(['admin', 'counter', 'customer', 'providers', 'store'])
    expect(routes().length).toBeGreaterThan(50)
  })

  it("another door's identity opens nothing: the answer is the one given with no identity at all", async () => {
    const differences: string[] = []
    for (const route of routes()) {
      const { method, url } = route
      const door = doorOf(route)
      // The event streams stay open: their door is checked by the streams' own tests.
      if (method === 'GET' && /eventos|\/stream$|encomendas\/eventos/.test(url)) continue
      const none = await call(method, url, {})
      for (const [other, headers] of Object.entries(identities)) {
        if (other === door) continue
        const foreign = await call(method, url, headers)
        if (foreign.status !== none.status || foreign.title !== none.title) {
          differences.push(
            `${method} ${url} (${door}) with the ${other}'s identity: ${foreign.status}, none: ${none.status}`,
          )
        }
      }
    }
    expect(differences).toEqual([])
  })

  it('a store, counter or admin route refuses a request without its identity before anything else', async () => {
    const opened: string[] = []
    for (const route of routes()) {
      const { method, url } = route
      const door = doorOf(route)
      if ((door !== 'store' && door !== 'counter' && door !== 'admin') || OPEN_COUNTER.has(url) || OPEN_ADMIN.has(url))
        continue
      for (const [other, headers] of Object.entries(identities)) {
        if (other === door) continue
        const { status } = await call(method, url, headers)
        if (status !== 401) opened.push(`${method} ${url} with the ${other}'s identity: ${status}`)
      }
    }
    expect(opened).toEqual([])
  })
})
