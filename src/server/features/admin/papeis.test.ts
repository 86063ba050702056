import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAPEIS, type Papel } from '../../../shared/admin.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, signedInAdmin } from './testing.ts'

/**
 * Roles, proved by walking the route table: every back-office route names its roles, and a signed-in
 * staff member of each role gets 403 from each route that does not name theirs — before anything of the route runs —
 * and never 401/403 from one that does. New routes are walked as soon as they exist.
 */

describe.each(testDialects())('the back-office routes and the roles they name, on %s', (dialect) => {
  let t: TestApp
  const sessoes = {} as Record<Papel, string>

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const { id } = await insertRestaurante(t.database.db, { tag: 'papeis', name: 'Papéis' })
    await insertLoja(t.database.db, { tag: 'papeis-loja', restaurante_id: id, id_loja: 901 })
    sessoes.admin = await signedInAdmin(t, 'papeis-admin@exemplo.pt', 'admin')
    sessoes.gestor = await signedInAdmin(t, 'papeis-gestor@exemplo.pt', 'gestor', { restaurantes: [id] })
    sessoes.loja = await signedInAdmin(t, 'papeis-loja@exemplo.pt', 'loja', { idLoja: 901 })
  })
  afterAll(() => t.close())

  const rotas = () =>
    [...new Map(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r])).values()].filter(
      (r) => r.url.startsWith('/admin/api/') && r.method !== 'HEAD' && !r.config.adminAcesso,
    )

  it('every route names its roles, and every role has routes of its own and routes refused', () => {
    const todas = rotas()
    expect(todas.length).toBeGreaterThan(40)
    for (const r of todas) expect(r.config.papeis, `${r.method} ${r.url}`).toEqual(expect.any(Array))
    for (const papel of PAPEIS) {
      expect(todas.some((r) => (r.config.papeis as Papel[]).includes(papel))).toBe(true)
      if (papel !== 'admin') expect(todas.some((r) => !(r.config.papeis as Papel[]).includes(papel))).toBe(true)
    }
  })

  it.each(['gestor', 'loja'] as const)(
    'a %s is refused every route not named for them, and let into the others',
    async (papel) => {
      const { call } = chamadas(t)
      const errados: string[] = []
      for (const { method, url, config } of rotas()) {
        const m = method as 'GET' | 'POST'
        const res = await call(
          sessoes[papel],
          m,
          url.replace('/admin/api', '').replace(/:[a-z_]+/g, '1'),
          m === 'POST' ? {} : undefined,
        )
        const seu = (config.papeis as Papel[]).includes(papel)
        if (!seu && res.statusCode !== 403) errados.push(`${method} ${url}: ${res.statusCode}, esperado 403`)
        // A route of theirs answers (a 404 for the made-up id, a 400 for the empty body…), never 401 or 403.
        if (seu && (res.statusCode === 401 || res.statusCode === 403))
          errados.push(`${method} ${url}: ${res.statusCode}`)
      }
      expect(errados).toEqual([])
    },
  )
})
