import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type DatabaseHandle,
  HEALTH_PROBE_STALE_FACTOR,
  HEALTH_PROBE_TIMEOUT_MS,
  openDatabase,
} from '../../platform/db.ts'
import { createTestAppOn, createTestDatabase, type TestApp, testDialects } from '../../testing/harness.ts'

/** Past the probe's own timeout, a margin for a busy machine: an answer later than this is a wait, not a bound. */
const CAP_MS = HEALTH_PROBE_TIMEOUT_MS + 6_000

/**
 * A link to PostgreSQL that stops carrying bytes while its connections stay open: what a stalled database or a dead
 * network path looks like to a connection already in the pool (no error, no answer, no reset).
 */
async function ligacaoParavel(target: { host: string; port: number }) {
  const pares = new Set<[Socket, Socket]>()
  const server: Server = createServer((cliente) => {
    const servidor = tcpConnect(target.port, target.host)
    const par: [Socket, Socket] = [cliente, servidor]
    pares.add(par)
    const fim = () => {
      cliente.destroy()
      servidor.destroy()
      pares.delete(par)
    }
    cliente.on('error', fim).on('close', fim)
    servidor.on('error', fim).on('close', fim)
    cliente.pipe(servidor)
    servidor.pipe(cliente)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    parar() {
      for (const [cliente, servidor] of pares) {
        cliente.unpipe(servidor)
        servidor.unpipe(cliente)
        cliente.pause()
        servidor.pause()
      }
    },
    retomar() {
      for (const [cliente, servidor] of pares) {
        cliente.pipe(servidor)
        servidor.pipe(cliente)
      }
    },
    async close() {
      for (const [cliente, servidor] of pares) {
        cliente.destroy()
        servidor.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A database that stops answering, and its way back: the app is built on `database`. */
interface Paragem {
  database: DatabaseHandle
  parar(): Promise<void>
  retomar(): void
  close(): Promise<void>
}

/** SQLite: the one connection held by a transaction that does not end (a stuck unit of work). */
async function sqliteRetida(): Promise<Paragem> {
  const database = await createTestDatabase('sqlite')
  let soltar: () => void = () => {}
  let retida: Promise<unknown> = Promise.resolve()
  return {
    database,
    async parar() {
      let dentro: () => void = () => {}
      const aberta = new Promise<void>((resolve) => {
        dentro = resolve
      })
      retida = database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('lojas').select('id').execute()
        dentro()
        await new Promise<void>((resolve) => {
          soltar = resolve
        })
      })
      await aberta
    },
    retomar: () => soltar(),
    async close() {
      soltar()
      await retida
    },
  }
}

/** PostgreSQL: the pool's connection made, then its link stalled. */
async function postgresParado(): Promise<Paragem> {
  const url = process.env.TEST_DATABASE_URL ?? ''
  const proprio = await createTestDatabase('postgres')
  const alvo = new URL(url)
  const ligacao = await ligacaoParavel({ host: alvo.hostname, port: Number(alvo.port || 5432) })
  const viaLigacao = new URL(url)
  viaLigacao.hostname = '127.0.0.1'
  viaLigacao.port = String(ligacao.port)
  const database = openDatabase(viaLigacao.toString(), { schema: proprio.schema })
  return {
    database,
    async parar() {
      ligacao.parar()
    },
    retomar: () => ligacao.retomar(),
    async close() {
      await ligacao.close()
      await proprio.close()
    },
  }
}

describe.each(testDialects())('/api/health when the database does not answer, on %s', (dialect) => {
  let t: TestApp | undefined
  let paragem: Paragem | undefined
  afterEach(async () => {
    paragem?.retomar()
    await t?.close()
    await paragem?.close()
  })

  const saude = async () => {
    const inicio = Date.now()
    const res = await Promise.race([
      t?.app.inject({ method: 'GET', url: '/api/health' }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`/api/health: no answer after ${CAP_MS} ms`)), CAP_MS).unref(),
      ),
    ])
    return { res, ms: Date.now() - inicio }
  }

  it('answers 503 within its timeout, every time asked, and 200 again once the database answers', async () => {
    paragem = dialect === 'sqlite' ? await sqliteRetida() : await postgresParado()
    t = await createTestAppOn(paragem.database)
    expect((await saude()).res?.statusCode).toBe(200)

    await paragem.parar()
    // Asked twice at once and once more after: each within the bound (the probe in flight is shared, not queued again).
    const vezes = [...(await Promise.all([saude(), saude()])), await saude()]
    for (const { res, ms } of vezes) {
      expect(res?.statusCode).toBe(503)
      expect(res?.json()).toEqual({
        error: { title: 'Indisponível', message: 'A base de dados não está acessível.' },
      })
      expect(ms).toBeGreaterThanOrEqual(HEALTH_PROBE_TIMEOUT_MS - 50)
      expect(ms).toBeLessThan(CAP_MS)
    }

    paragem.retomar()
    await expect.poll(async () => (await saude()).res?.statusCode, { timeout: 10_000, interval: 100 }).toBe(200)
  }, 40_000)

  // SQLite has no link to die: its one connection held is the case above.
  it.skipIf(dialect === 'sqlite')(
    'answers 200 again once new connections answer, though the probe on a dead link is still waiting',
    async () => {
      paragem = await postgresParado()
      t = await createTestAppOn(paragem.database)
      expect((await saude()).res?.statusCode).toBe(200)

      // Every connection made so far stalls for good (a link that died with the probe's `select 1` in flight: TCP
      // retransmits for a quarter of an hour); connections made from now on go through and answer.
      await paragem.parar()
      expect((await saude()).res?.statusCode).toBe(503)
      const inicio = Date.now()
      await expect
        .poll(async () => (await saude()).res?.statusCode, {
          timeout: HEALTH_PROBE_TIMEOUT_MS * (HEALTH_PROBE_STALE_FACTOR + 3),
          interval: 200,
        })
        .toBe(200)
      // Not before the stuck probe was stale: the probe in flight is shared until then.
      expect(Date.now() - inicio).toBeGreaterThanOrEqual(HEALTH_PROBE_TIMEOUT_MS * (HEALTH_PROBE_STALE_FACTOR - 1))
    },
    40_000,
  )
})
