// Databases of the benchmarks' own, dropped afterwards: a SQLite file under .tmp, or a PostgreSQL database created
// for the run on the server the settings name (never the tests' database, which another run may be using).
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { type DatabaseHandle, type Dialect, openDatabase } from '../../src/server/platform/db.ts'
import { migrateToLatest } from '../../src/server/platform/migrate.ts'

export interface BenchDatabase {
  dialect: Dialect
  /** What DATABASE_URL names for the app. */
  url: string
  /** e.g. "PostgreSQL 15.20". */
  version: string
  /** Opens a handle of this process's own on it (close it before `drop`). */
  open(): DatabaseHandle
  drop(): Promise<void>
}

export async function createBenchDatabase(dialect: Dialect, postgresUrl: string | undefined): Promise<BenchDatabase> {
  const id = randomBytes(5).toString('hex')
  if (dialect === 'sqlite') {
    mkdirSync('.tmp', { recursive: true })
    const file = resolve(`.tmp/bench-${id}.sqlite`)
    const handle = openDatabase(file)
    await migrateToLatest(handle.db)
    const { rows } = await sql<{ v: string }>`select sqlite_version() as v`.execute(handle.db)
    await handle.close()
    return {
      dialect,
      url: file,
      version: `SQLite ${rows[0]?.v ?? '?'} (better-sqlite3, WAL)`,
      open: () => openDatabase(file),
      async drop() {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
      },
    }
  }
  if (!postgresUrl) throw new Error('no PostgreSQL server (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
  const name = `balcao_bench_${id}`
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  const version = await admin(async (client) => {
    await client.query(`create database ${name}`)
    return (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?'
  })
  const handle = openDatabase(url.href)
  await migrateToLatest(handle.db)
  await handle.close()
  return {
    dialect,
    url: url.href,
    version: `PostgreSQL ${version}`,
    open: () => openDatabase(url.href),
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  }
}
