import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { API_VERSION } from '../../shared/api.ts'
import { type AppDeps, buildApp } from '../app.ts'
import { type Config, configWith } from '../config.ts'
import { HASH_COST_MIN } from '../platform/crypto.ts'
import { type DatabaseHandle, type Dialect, openDatabase, outsideTransaction } from '../platform/db.ts'
import { migrateToLatest } from '../platform/migrate.ts'

/**
 * Real databases for integration tests: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
 * Each call gets a database of its own: an in-memory SQLite file, or a fresh PostgreSQL schema dropped on close.
 */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
}

export async function createTestDatabase(dialect: Dialect): Promise<DatabaseHandle> {
  // On PostgreSQL, the run's migrated schema replayed (testing/pg-modelo.ts) when the global setup made one.
  const modelo = dialect === 'postgres' ? pgModelo() : undefined
  if (modelo !== undefined) return createUnmigratedTestDatabase(dialect, modelo)
  const handle = await createUnmigratedTestDatabase(dialect)
  try {
    await whileMigrating(dialect, () => migrateToLatest(handle.db, handle.schema))
    return handle
  } catch (error) {
    if (dialect !== 'postgres') throw error
    // Once in many CI runs a fresh schema's migration failed on PostgreSQL as if a migration had already run in it
    // (a column it drops already gone), a failure of the test's setup, not of a test: said loudly, with the schema's
    // state, and tried once more on another fresh schema. A migration that fails twice fails the test.
    const estado = await sql<{ s: string }>`select current_schema() as s`.execute(handle.db).then(
      (r) => r.rows[0]?.s,
      () => undefined,
    )
    console.warn(`test schema ${handle.schema} (current ${estado}) failed to migrate; trying a fresh one`, error)
    await handle.close()
    const outra = await createUnmigratedTestDatabase(dialect)
    await whileMigrating(dialect, () => migrateToLatest(outra.db, outra.schema))
    return outra
  }
}

/**
 * Kysely's migrator lists tables through `has_schema_privilege` over every schema of the database, which throws
 * "schema … does not exist" when another test file drops its schema at that moment. Test migrations therefore hold
 * this advisory lock shared, and schema drops exclusive: across the test processes, no drop runs during a migration.
 */
const SCHEMA_LOCK = 72_011_524

async function withSchemaLock<T>(mode: 'shared' | 'exclusive', work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [
      SCHEMA_LOCK,
    ])
    return await work(client)
  } finally {
    // Ending the session releases the lock.
    await client.end()
  }
}

/** Runs a migration of a test database (a migration's own test runs some itself): see SCHEMA_LOCK. */
export function whileMigrating<T>(dialect: Dialect, migrate: () => Promise<T>): Promise<T> {
  return dialect === 'postgres' ? withSchemaLock('shared', migrate) : migrate()
}

/** What stands for the schema's name in the dump of testing/pg-modelo.ts: replaced by each test database's own. */
export const PG_MODELO_ESQUEMA = '__balcao_esquema_de_teste__'
/** The file holding that dump, for the test processes (set by the global setup). */
export const PG_MODELO_ENV = 'BALCAO_TEST_PG_MODELO'

/** The dump of the run's migrated schema (testing/pg-modelo.ts), read once per test process; undefined without one. */
let modeloLido: string | undefined
function pgModelo(): string | undefined {
  const ficheiro = process.env[PG_MODELO_ENV]
  if (!ficheiro || ficheiro === 'off') return undefined
  modeloLido ??= readFileSync(ficheiro, 'utf8')
  return modeloLido
}

/**
 * A database of its own with no migration run yet (a migration's own test starts from an earlier schema); on
 * PostgreSQL, `dump` (pg_dump's SQL with PG_MODELO_ESQUEMA for the schema's name) fills the new schema in one
 * transaction. Replaying a dump does not scan other schemas, so it needs no schema lock.
 */
export async function createUnmigratedTestDatabase(
  dialect: Dialect,
  dump?: string,
): Promise<DatabaseHandle & { schema?: string }> {
  if (dialect === 'sqlite') return openDatabase(':memory:')
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(dump === undefined ? `create schema ${schema}` : dump.split(PG_MODELO_ESQUEMA).join(schema))
  } finally {
    await admin.end()
  }
  const handle = openDatabase(url, { schema })
  return {
    ...handle,
    schema,
    async close() {
      await handle.close()
      await withSchemaLock('exclusive', (cleanup) => cleanup.query(`drop schema ${schema} cascade`))
    },
  }
}

/**
 * The data key of every test app (DATA_ENCRYPTION_KEY: 32 bytes in base64), fixed so that a test's second process, or
 * a test reading the sealed columns, opens what the app sealed; never a file beside the data.
 */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64')

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  /** A request as the web client sends it (JSON, API version header). */
  api(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  return createTestAppOn(await createTestDatabase(dialect), overrides, deps)
}

/** The test app on a database of the caller's (a migration's test migrates one itself); closing it closes both. */
export async function createTestAppOn(
  database: DatabaseHandle,
  overrides: Partial<Config> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  // Hashing at its cheapest unless a test is about hashing (it passes HASH_COST): scrypt is most of an account test's time.
  const config = configWith({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'dist/none',
    HASH_COST: HASH_COST_MIN,
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    // A board's absence pauses a store only in the tests about it: elsewhere a test's clock moves hours past a board
    // it opened, and its orders are about something else.
    PAUSA_SEM_PAINEL_MIN: 0,
    ...overrides,
  })
  // The tests' kitchen printers listen on 127.0.0.1 (features/impressoras/testing.ts), which production refuses as a
  // printer's address: the tests' apps take it, unless a test of that refusal says `impressoraLoopback: false`.
  const app = await buildApp(config, database, { impressoraLoopback: true, ...deps })
  // Each injected request is its own flow, as one over a socket is, even when sent from inside a test's transaction.
  // light-my-request's answer is a lazy thenable that dispatches when awaited: resolving it here, inside the fresh
  // context, dispatches it there (awaited by the caller, it would run in the caller's flow).
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown
  ;(app as { inject: unknown }).inject = (...args: unknown[]) =>
    outsideTransaction(() => Promise.resolve(inject(...args)))
  await app.ready()
  return {
    app,
    database,
    api(method, url, body) {
      const options: InjectOptions = {
        method,
        url,
        headers: { accept: 'application/json', 'x-api-version': API_VERSION },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      }
      return app.inject(options)
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/**
 * A device talking to the app: keeps the session cookie it is given, like a browser, and sends requests from one IP.
 */
export function device(t: TestApp, ip = '203.0.113.10') {
  let cookie: string | undefined
  /** A guest's token (the balcao_convidado cookie), kept beside the session as a browser keeps it. */
  let convidado: string | undefined
  return {
    get cookie() {
      return cookie
    },
    get convidado() {
      return convidado
    },
    async call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await t.app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: {
          accept: 'application/json',
          'x-api-version': API_VERSION,
          ...(cookie || convidado
            ? {
                cookie: [cookie && `balcao_sessao=${cookie}`, convidado && `balcao_convidado=${convidado}`]
                  .filter(Boolean)
                  .join('; '),
              }
            : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      })
      const set = res.cookies.find((c) => c.name === 'balcao_sessao')
      if (set) cookie = set.value
      const guest = res.cookies.find((c) => c.name === 'balcao_convidado')
      if (guest) convidado = guest.value
      return res
    },
  }
}

/** The newest SMS the outbox holds for a number, and the code in it. */
export async function lastSmsCode(t: TestApp, e164: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('sms_outbox')
    .select('texto')
    .where('para', '=', e164)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  const code = row?.texto.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no SMS code for ${e164}`)
  return code
}

/** A log line as the app writes it (pino's JSON), parsed. */
export type LinhaDeLog = { level: number; msg: string; [k: string]: unknown }

/** A stream for the app's logger (`logStream`) that keeps each line, parsed, in `linhas`. */
export function capturarLogs(linhas: LinhaDeLog[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) linhas.push(JSON.parse(line))
      done()
    },
  })
}
