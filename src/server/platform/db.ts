import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DialectAdapter,
  type DrainOuterGeneric,
  type Driver,
  Kysely,
  type Dialect as KyselyDialect,
  type KyselyPlugin,
  PostgresAdapter,
  PostgresDialect,
  type QueryCompiler,
  type RawBuilder,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely'
import pg from 'pg'
import type { DB } from '../db/schema.ts'
import { marcarErroDaBaseDeDados, marcarPoolEsgotado } from './errors.ts'

/** The pool, or a transaction: repositories are functions of either (ARCHITECTURE.md, "Units of work"). */
export type Database = Kysely<DB>
/**
 * A transaction under way: what an operation that must be part of its caller's unit of work takes, so that calling it
 * on the pool does not compile.
 */
export type DatabaseTransaction = Transaction<DB>
export type Dialect = 'sqlite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  dialect: Dialect
  /** PostgreSQL schema the handle works in, when not the default. */
  schema?: string
  /** PostgreSQL: the connection string (the event bus opens its own listening connection with it). */
  url?: string
  /** PostgreSQL: the pool, for its figures at /metrics. */
  pool?: pg.Pool
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** PostgreSQL only: run every query in this schema (tests give each suite its own). */
  schema?: string
  /**
   * PostgreSQL only: hears a connection of the pool that died while idle (PostgreSQL restarted, the network cut). The
   * pool drops it and opens another when next needed; the server logs it at warn (main.ts), so a flapping link shows.
   */
  onIdleError?: (error: Error) => void
}

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite'
}

/** `sqlite:./data/x.sqlite`, `file:…`, a bare path, or `:memory:` on SQLite; `postgres://…` on PostgreSQL. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^(sqlite|file):(\/\/)?/, '')
  return path === ':memory:' ? path : resolve(path)
}

/**
 * SQLite with every transaction begun IMMEDIATE: the write lock is taken at the start, not at the first write, so two
 * processes sharing the file cannot both read a balance and then both spend it (the second waits, busy_timeout, and
 * reads what the first wrote). Within one process Kysely already runs one transaction at a time on its one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
}

/**
 * The transaction the current async flow (a request, a job's step) is inside, while its callback runs
 * (docs/decisions/0029). A query on the pool from that flow would wait for a connection the flow itself holds (SQLite's
 * one connection: for ever) or run outside the transaction on another (PostgreSQL: neither atomic nor isolated); the
 * driver refuses it at once instead. Other flows, concurrent requests and jobs, run in their own context and are never
 * affected.
 */
interface TransacaoAberta {
  aberta: boolean
}
const transacaoDoFluxo = new AsyncLocalStorage<TransacaoAberta>()

/** A query on the pool, or a second transaction, from a flow that holds a transaction: a bug at its call site. */
export class PoolInsideTransactionError extends Error {
  constructor() {
    super(
      'A query on the pool while this request (async flow) holds a transaction: pass the transaction (trx) to it ' +
        "instead. On SQLite it would wait for the flow's own connection for ever; on PostgreSQL it would run outside " +
        'the transaction. See docs/decisions/0029.',
    )
    this.name = 'PoolInsideTransactionError'
  }
}

/** Whether the current async flow is inside a transaction's callback (the guard's own test reads it). */
export function insideTransaction(): boolean {
  return transacaoDoFluxo.getStore()?.aberta === true
}

/**
 * Runs `work` as a flow of its own, outside any transaction of its caller's. For the test harness: a request a test
 * sends while its own transaction holds a lock is another client's request, as it is over a socket, not part of that
 * transaction (in-process injection would otherwise carry the test's context into it).
 */
export function outsideTransaction<T>(work: () => T): T {
  return transacaoDoFluxo.run({ aberta: false }, work)
}

/** Every connection taken from the pool passes here: refused to a flow that holds a transaction. */
class GuardedDriver implements Driver {
  constructor(readonly inner: Driver) {}
  init() {
    return this.inner.init()
  }
  acquireConnection() {
    if (insideTransaction()) return Promise.reject(new PoolInsideTransactionError())
    return this.inner.acquireConnection()
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings)
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection)
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection)
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection)
  }
  destroy() {
    return this.inner.destroy()
  }
}

class GuardedDialect implements KyselyDialect {
  constructor(readonly inner: KyselyDialect) {}
  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver())
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler()
  }
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter()
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db)
  }
}

/** A transaction builder whose callback runs marked as inside the transaction, until it settles. */
function guardedBuilder<D>(builder: TransactionBuilder<D>): TransactionBuilder<D> {
  const execute = builder.execute.bind(builder)
  const setAccessMode = builder.setAccessMode.bind(builder)
  const setIsolationLevel = builder.setIsolationLevel.bind(builder)
  return Object.assign(builder, {
    execute: <T>(callback: (trx: Transaction<D>) => Promise<T>): Promise<T> =>
      execute(async (trx) => {
        const marca: TransacaoAberta = { aberta: true }
        try {
          return await transacaoDoFluxo.run(marca, () => callback(trx))
        } finally {
          // Work the callback started and left running (a promise it did not await) may use the pool once it is over.
          marca.aberta = false
        }
      }),
    setAccessMode: (mode: Parameters<typeof setAccessMode>[0]) => guardedBuilder(setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<typeof setIsolationLevel>[0]) => guardedBuilder(setIsolationLevel(level)),
  })
}

/**
 * The same instance, guarded: Kysely's derived instances (`withPlugin`, `withSchema`, …) are built as plain `Kysely`
 * objects over the same driver, so their transactions would not mark their flow. Giving them this class's prototype
 * keeps every method of theirs (Kysely's own fields live on the instance) and puts back the marking `transaction()`.
 */
function guarded<K extends object>(instance: K): K {
  return Object.setPrototypeOf(instance, GuardedKysely.prototype) as K
}

/** The pool: its transactions mark their flow, and its driver refuses that flow a second connection. */
class GuardedKysely extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return guardedBuilder(super.transaction())
  }
  override withPlugin(plugin: KyselyPlugin): Kysely<DB> {
    return guarded(super.withPlugin(plugin))
  }
  override withoutPlugins(): Kysely<DB> {
    return guarded(super.withoutPlugins())
  }
  override withSchema(schema: string): Kysely<DB> {
    return guarded(super.withSchema(schema))
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature for the tables added.
  override withTables<T extends Record<string, Record<string, any>>>(): Kysely<DrainOuterGeneric<DB & T>> {
    return guarded(super.withTables<T>())
  }
}

function guardedKysely(dialect: KyselyDialect): Database {
  return new GuardedKysely({ dialect: new GuardedDialect(dialect) })
}

/** Statements kept prepared, by their SQL text (the app has a few hundred distinct ones). */
const STATEMENT_CACHE_SIZE = 500

/**
 * better-sqlite3 with its statements prepared once: Kysely's driver asks for a new prepared statement on every query,
 * and preparing was about a sixth of the server's CPU under load (bench:loyalty). The oldest statement is dropped
 * past the cache's size. Safe because Kysely runs one query at a time on SQLite's one connection.
 */
function withStatementCache(database: SQLite.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText)
      if (!statement) {
        statement = database.prepare(sqlText)
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string)
        statements.set(sqlText, statement)
      }
      return statement
    },
  }
}

/**
 * How long a query waits for a PostgreSQL connection before the request fails (docs/decisions/0028). pg-pool has one
 * wait for both cases: connecting (the database out of reach) and waiting for a free connection (the pool full); a
 * separate, longer wait for the second is not configurable. A full pool past 5 s is a 503 too (retry-safe under
 * Idempotency-Keys), logged as 'pool exhausted' rather than 'database unavailable' (platform/errors.ts).
 */
export const CONNECT_TIMEOUT_MS = 5_000
/** Connections in the pool of one process. */
export const POOL_MAX = 10
/** The first TCP keepalive probe after this much silence (the OS default, without it, is two hours). */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: POOL_MAX,
      // With the database out of reach, a request waits this long for a connection and then fails with a 503
      // (platform/errors.ts isDatabaseUnavailable), rather than hanging; the pool connects again by itself afterwards.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection the network dropped without a word is found by TCP rather than kept in the pool for ever: the
      // first probe after 10 s of silence (without the delay, the OS default of two hours).
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
    // A connection that dies (PostgreSQL restarted, the network cut) emits 'error', which unheard would end the process:
    // idle, the pool drops it and emits it here (told to onIdleError); in use, its query fails (a 503) and the pool
    // drops it on release. The next query opens a new connection.
    pool.on('error', (error) => options.onIdleError?.(error))
    // Connections made and not yet dropped (pg-pool's totalCount also counts those still connecting).
    let ligadas = 0
    pool.on('remove', () => {
      ligadas--
    })
    pool.on('connect', (client) => {
      ligadas++
      client.on('error', () => {})
      // What a query raises is marked as the database's where it is raised: a socket error elsewhere (the SMS or the
      // payment provider's client) is no outage of the database (platform/errors.ts isDatabaseUnavailable).
      const query = client.query.bind(client) as (...args: unknown[]) => unknown
      ;(client as { query: unknown }).query = (...args: unknown[]) => {
        const r = query(...args)
        return r instanceof Promise ? r.catch((error: unknown) => Promise.reject(marcarErroDaBaseDeDados(error))) : r
      }
    })
    const connect = async () => {
      try {
        return await pool.connect()
      } catch (error) {
        // pg-pool says 'timeout exceeded when trying to connect' whether it could not connect or every connection was
        // busy for the whole wait: the pool full of connections made tells the two apart.
        if (ligadas >= POOL_MAX) marcarPoolEsgotado(error)
        throw marcarErroDaBaseDeDados(error)
      }
    }
    const kyselyPool = { connect, end: () => pool.end() }
    const db = guardedKysely(new PostgresDialect({ pool: kyselyPool }))
    return { db, dialect: 'postgres', schema: options.schema, url, pool, close: () => db.destroy() }
  }
  const path = sqlitePath(url)
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const database = new SQLite(path)
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  const db = guardedKysely(new ImmediateSqliteDialect({ database: withStatementCache(database) }))
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/**
 * How long `/api/health` waits for the database before it answers 503: within a load balancer's check (a few seconds),
 * and shorter than PostgreSQL's connect wait, so that a held SQLite connection or a stalled PostgreSQL link is told
 * rather than waited on for ever.
 */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000

/**
 * A probe in flight this many times the timeout is taken for stuck rather than slow: on PostgreSQL, its connection's
 * link may have died without a word with the `select 1` in flight, which TCP keepalive does not cover (unacknowledged
 * data is retransmitted instead, for a quarter of an hour) while new connections answer.
 */
export const HEALTH_PROBE_STALE_FACTOR = 3
/**
 * Probes left stuck that a new one may be started past: each may hold a PostgreSQL connection until TCP gives up on
 * it, so a link that keeps failing takes at most this many of the pool's, and health then waits on the newest.
 */
export const HEALTH_PROBES_STUCK_MAX = 3

interface Sondas {
  /** The newest probe, and when it started. */
  atual?: { resposta: Promise<boolean>; inicio: number }
  /** Probes started and not settled, the newest included. */
  pendentes: number
}
/** The probe in flight per database: one at a time, however often health is asked, until it is stale. */
const sondas = new WeakMap<Database, Sondas>()

/**
 * Whether the database answers `select 1` within `timeoutMs`. A database that does not answer is not asked again on
 * every check: later checks wait on the probe already in flight (each new one would queue behind SQLite's one held
 * connection, or take another PostgreSQL connection and stall on it too), until that probe is
 * `HEALTH_PROBE_STALE_FACTOR` times the timeout old: then a new one is started, on a connection of its own, so a probe
 * stuck on a dead link does not keep health at 503 once the database answers again.
 */
export async function isReachable(db: Database, timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<boolean> {
  let estado = sondas.get(db)
  if (!estado) {
    estado = { pendentes: 0 }
    sondas.set(db, estado)
  }
  const agora = Date.now()
  const atual = estado.atual
  const parada = atual !== undefined && agora - atual.inicio >= timeoutMs * HEALTH_PROBE_STALE_FACTOR
  let sonda: Promise<boolean>
  if (atual && !(parada && estado.pendentes < HEALTH_PROBES_STUCK_MAX)) {
    sonda = atual.resposta
  } else {
    const registo = estado
    const nova = {
      resposta: sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
      inicio: agora,
    }
    registo.atual = nova
    registo.pendentes++
    void nova.resposta.finally(() => {
      registo.pendentes--
      if (registo.atual === nova) registo.atual = undefined
    })
    sonda = nova.resposta
  }
  let timer: NodeJS.Timeout | undefined
  const limite = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([sonda, limite])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The classes of advisory transaction lock (PostgreSQL), each its own number so that two never share one: a customer's
 * ledger, an idempotency key, a store's pick-up slots, a promotion's edit.
 */
export const LOCK_CLASSES = {
  ledger: 4201,
  idempotency: 4202,
  pickupSlots: 4203,
  promocao: 4204,
  carimbos: 4205,
} as const

/**
 * Makes every other transaction taking the same lock (`cls`, `key`) wait until this one ends. PostgreSQL: an advisory
 * transaction lock; SQLite: nothing to do, every transaction began IMMEDIATE and holds the file's write lock.
 */
export async function lockInTransaction(
  trx: Database,
  cls: keyof typeof LOCK_CLASSES,
  key: number | RawBuilder<number>,
): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${LOCK_CLASSES[cls]}, ${key})`.execute(trx)
  }
}

/** A unique constraint refused the row (SQLite and PostgreSQL spell it differently). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  )
}
