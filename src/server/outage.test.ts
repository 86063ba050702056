import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../shared/api.ts'
import { systemClock } from './platform/clock.ts'
import { type DatabaseHandle, openDatabase, POOL_MAX } from './platform/db.ts'
import { isDatabaseUnavailable, isPoolExhausted } from './platform/errors.ts'
import { lojasChavesRepo } from './platform/store-keys.ts'
import { insertLoja, insertRestaurante } from './testing/fixtures.ts'
import { createTestDatabase } from './testing/harness.ts'
import { portaAnunciada } from './testing/porta-anunciada.ts'
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts'

/**
 * PostgreSQL going away under a running server (docs/decisions/0028): the server process reaches the database through
 * a TCP proxy the test cuts. While it is cut, health says 503 and every request that needs the database fails at once
 * with the pt-PT envelope (no hang, no 500); once it is back, the same process serves again without a restart.
 * SQLite is a file inside the process: it cannot go away apart from the process, which the chaos suite kills.
 */

/** A generous cap, not a timing assertion: a request that has not answered by then is hanging. */
const CAP_MS = 15_000

const pgUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!pgUrl)('PostgreSQL going away under a running server', () => {
  let database: DatabaseHandle
  let proxy: TcpProxy
  let filho: ChildProcess
  let base: string
  let chave: string

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    const { id } = await insertRestaurante(database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
    chave = (await lojasChavesRepo(database.db, systemClock).create(862, 'pos-862')).chave
    const target = new URL(pgUrl ?? '')
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(pgUrl ?? '')
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/chaos-process.ts'], {
      env: { ...process.env, CHAOS_DATABASE_URL: viaProxy.toString(), CHAOS_SCHEMA: database.schema },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const porta = await portaAnunciada(filho, 'server process')
    base = `http://127.0.0.1:${porta}`
  }, 60_000)

  afterAll(async () => {
    if (filho && filho.exitCode === null && filho.signalCode === null) {
      const saiu = new Promise((resolve) => filho.once('exit', resolve))
      filho.kill('SIGKILL')
      await saiu
    }
    await proxy?.close()
    await database?.close()
  })

  const pedir = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(CAP_MS) })
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, unknown>,
    }
  }
  const saude = () => pedir('/api/health', {})
  const doCliente = () => pedir('/api/lojas-encomenda', { accept: 'application/json', 'x-api-version': API_VERSION })
  const daLoja = () => pedir('/api/loja/v1/encomendas', { authorization: `Bearer ${chave}` })
  /** A form's POST (the sign-in), as the app sends it. */
  const entrar = async () => {
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-api-version': API_VERSION, 'content-type': 'application/json' },
      body: JSON.stringify({ telemovel: '912345678', pais: '351', password: '135790' }),
      signal: AbortSignal.timeout(CAP_MS),
    })
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Record<string, unknown>,
    }
  }

  it('answers 503 with the envelope while the database is away, and serves again by itself when it returns', async () => {
    expect((await saude()).status).toBe(200)
    expect((await doCliente()).status).toBe(200)
    expect((await daLoja()).status).toBe(200)

    // Refused twice (recovery is not a one-off), then silent: a connection that never answers fails at the pool's
    // connect timeout (5 s), well inside the cap.
    for (const modo of ['recusar', 'recusar', 'silencio'] as const) {
      await proxy.cut(modo)
      const health = await saude()
      expect(health.status).toBe(503)
      expect(health.body).toEqual({ error: { title: 'Indisponível', message: 'A base de dados não está acessível.' } })
      for (const res of [await doCliente(), await daLoja(), await entrar()]) {
        expect(res.status, JSON.stringify(res.body)).toBe(503)
        expect(res.type).toContain('application/json')
        expect(res.retryAfter).toBe('5')
        expect(res.body).toEqual({
          error: {
            title: 'Serviço indisponível',
            message: 'O serviço está temporariamente indisponível. Tente novamente dentro de instantes.',
          },
        })
      }
      // The process lives on through the outage.
      expect(filho.exitCode).toBeNull()

      await proxy.restore()
      await expect.poll(async () => (await saude()).status, { timeout: 30_000, interval: 200 }).toBe(200)
      expect((await doCliente()).status).toBe(200)
      expect((await daLoja()).status).toBe(200)
      // No such account: the ordinary refusal, from the database.
      expect((await entrar()).status).toBe(401)
    }
  }, 180_000)
})

describe.skipIf(!pgUrl)('the pool of one process', () => {
  it('tells of an idle connection lost, and of a full pool apart from an outage', async () => {
    const database = await createTestDatabase('postgres')
    const proxy = await startTcpProxy(portOf(pgUrl ?? ''))
    const viaProxy = new URL(pgUrl ?? '')
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxy.port)
    const perdidas: Error[] = []
    const pool = openDatabase(viaProxy.toString(), { schema: database.schema, onIdleError: (e) => perdidas.push(e) })
    try {
      // A connection made and left idle in the pool; the link cut under it: heard, not swallowed.
      await pool.db.selectFrom('lojas').select('id').execute()
      await proxy.cut('recusar')
      await expect.poll(() => perdidas.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0)
      // Out of reach: unavailable, not a full pool.
      const fora = await pool.db
        .selectFrom('lojas')
        .select('id')
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        )
      expect(isDatabaseUnavailable(fora), String(fora)).toBe(true)
      expect(isPoolExhausted(fora)).toBe(false)
      await proxy.restore()

      // Every connection taken and held: the next query's wait ends as a full pool, still a 503.
      const presas = await Promise.all(Array.from({ length: POOL_MAX }, () => pool.pool?.connect()))
      const cheia = await pool.db
        .selectFrom('lojas')
        .select('id')
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        )
      for (const c of presas) c?.release()
      expect(isDatabaseUnavailable(cheia), String(cheia)).toBe(true)
      expect(isPoolExhausted(cheia)).toBe(true)
    } finally {
      await pool.close()
      await proxy.close()
      await database.close()
    }
  }, 60_000)
})

function portOf(url: string) {
  const u = new URL(url)
  return { host: u.hostname, port: Number(u.port || 5432) }
}
