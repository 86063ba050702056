import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../shared/api.ts'
import { systemClock } from './platform/clock.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from './testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from './testing/harness.ts'
import { snapshotRows } from './testing/snapshot.ts'

/**
 * Hostile requests to every route of every surface, drawn from a printed seed (FUZZ_SEED reproduces a run; FUZZ_REQUESTS
 * sizes it): wrong types, missing and extra fields, control characters and lone surrogates, huge strings, deep nesting,
 * odd path ids, missing or bad headers. Invariants: no answer is a 5xx, every error is the pt-PT envelope, and a write
 * the server refused changed no row (counters of limits and failed logins aside: refusing is what they count).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1200)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Field names the routes read (a body of known names reaches further into a route than random ones). */
const FIELDS = [
  'cliente_id',
  'identificacao',
  'total',
  'saldo_a_usar',
  'itens_a_redimir',
  'referencia',
  'valor',
  'qr',
  'telemovel',
  'pais',
  'codigo_seguranca',
  'codigo',
  'password',
  'confirmacaoPassword',
  'nome',
  'email',
  'dataNascimento',
  'aceitacao',
  'termos',
  'selecao',
  'gerar',
  'value',
  'comentario',
  'rating1',
  'rating2',
  'rating3',
  'loja',
  'chave',
  'estado',
  'motivo',
  'id_loja',
  'id_tipo_entrega',
  'linhas',
  'produto',
  'qtd',
  'hash',
  'last_update',
  'seccoes',
  'subscricao',
  'endpoint',
  'keys',
  'nif1',
]

const STRINGS = [
  '',
  ' ',
  'a',
  '912345678',
  '351',
  '123456',
  'ana@exemplo.pt',
  '1990-01-01',
  '\u0000',
  'abc\u0000def',
  '\u0007bell',
  '\ud800',
  'x\udfffy',
  '\u202eRTL',
  '😀'.repeat(50),
  'é'.repeat(300),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  'x'.repeat(70_000),
  '0x10',
  '1e400',
]
const NUMBERS = [0, -1, 1, 2, 16, 100, 1000, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5, -0, 3_000_000_000]
const IDS = ['1', '2', '16', '0', '-1', '0x10', '+16', '16.0', '016', '1.6e1', '%2016', '99999999999', 'abc', '%00']

describe.each(testDialects())('fuzz: hostile requests to every route, on %s', (dialect) => {
  let t: TestApp
  let storeKey: string
  let staffCookie: string
  let customerCookie: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    const [ana = 0] = await insertContas(db, ['912345678', '913456789'], '135790')
    await insertSaldo(db, ana, 1000, 50, 1)
    storeKey = (await lojasChavesRepo(db, systemClock).create(862, 'caixa-fuzz')).chave
    const paired = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: storeKey } })
    staffCookie = String(paired.cookies.find((c) => c.name === 'balcao_painel')?.value)
    const login = await t.api('POST', '/login', { telemovel: '912345678', pais: '351', password: '135790' })
    customerCookie = String(login.cookies.find((c) => c.name === 'balcao_sessao')?.value)
  })
  afterAll(() => t.close())

  it(`answers ${REQUESTS} hostile requests without a 5xx, with the envelope, and refused writes change nothing`, async () => {
    const random = rng(SEED)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
    const chance = (p: number) => random() < p

    function value(depth: number): unknown {
      const r = random()
      if (r < 0.35) return pick(STRINGS)
      if (r < 0.6) return pick(NUMBERS)
      if (r < 0.68) return chance(0.5)
      if (r < 0.74) return null
      if (depth > 3) return pick(STRINGS)
      if (r < 0.87) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1))
      return object(depth + 1)
    }
    function object(depth: number): Record<string, unknown> {
      const out: Record<string, unknown> = {}
      const n = Math.floor(random() * 6)
      for (let i = 0; i < n; i++) out[chance(0.85) ? pick(FIELDS) : pick(STRINGS).slice(0, 40)] = value(depth)
      return out
    }
    function body(): string | undefined {
      const r = random()
      if (r < 0.05) return undefined
      if (r < 0.1) return '{"a":'
      if (r < 0.13) return `${'['.repeat(5000)}${']'.repeat(5000)}`
      if (r < 0.16) return JSON.stringify(pick(STRINGS))
      if (r < 0.19) return '[]'
      return JSON.stringify(object(0))
    }

    const routes = t.app.routeTable.filter(
      (r) => !r.url.endsWith('/stream') && r.url !== '/api/eventos' && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    )
    expect(routes.length).toBeGreaterThan(30)
    const statuses = new Map<number, number>()
    const failures: string[] = []
    let writesChecked = 0

    for (let i = 0; i < REQUESTS; i++) {
      const route = pick(routes)
      const url = route.url.replace(/:[A-Za-z_]+/g, () => pick(IDS))
      const headers: Record<string, string> = {}
      if (chance(0.9)) headers.accept = 'application/json'
      if (chance(0.85)) headers['x-api-version'] = chance(0.95) ? API_VERSION : '9.9'
      if (chance(0.9)) headers['content-type'] = chance(0.93) ? 'application/json' : pick(['text/plain', 'x/y'])
      if (route.url.startsWith('/api/loja/')) {
        if (chance(0.92)) headers.authorization = `Bearer ${chance(0.95) ? storeKey : 'loja_x'}`
        if (chance(0.9)) headers['idempotency-key'] = chance(0.9) ? `fz-${i}` : pick(['', ' ', 'é', 'x'.repeat(300)])
      } else if (route.url.startsWith('/painel/')) {
        if (chance(0.92)) headers.cookie = `balcao_painel=${staffCookie}`
      } else if (chance(0.6)) {
        headers.cookie = `balcao_sessao=${customerCookie}`
      }
      const write = route.method !== 'GET'
      const payload = write ? body() : undefined
      const before = write ? await snapshotRows(t.database.db, COUNTERS) : ''
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers,
        // Mostly from afar; some from this machine, where the development endpoints answer.
        remoteAddress: chance(0.2) ? '127.0.0.1' : `198.51.100.${1 + (i % 200)}`,
        ...(payload === undefined ? {} : { payload }),
      })
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      const where = `#${i} ${route.method} ${url} ${payload?.slice(0, 200) ?? ''} → ${res.statusCode}`
      if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 300)}`)
      if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
        const error = res.json().error
        if (typeof error?.title !== 'string' || typeof error?.message !== 'string')
          failures.push(`${where} no envelope`)
      }
      if (write && res.statusCode >= 400) {
        writesChecked++
        if ((await snapshotRows(t.database.db, COUNTERS)) !== before) failures.push(`${where} wrote on a refusal`)
      }
    }

    const figures = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')
    console.log(
      `fuzz on ${dialect}: seed ${SEED}, ${REQUESTS} requests over ${routes.length} routes; ${writesChecked} refused writes checked unchanged; statuses ${figures}`,
    )
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([])
  }, 600_000)
})

/** Tables whose rows a refusal may legitimately write: the counters that count refusals. */
const COUNTERS = new Set(['limites', 'tentativas_login'])
