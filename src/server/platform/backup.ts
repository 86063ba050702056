import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { dialectOf, sqlitePath } from './db.ts'

/**
 * Backups and restores (issue 23, docs/operations.md). Both databases are copied by their own tools, which give a
 * consistent picture while the server keeps writing:
 *
 * - SQLite: `VACUUM INTO`, one read transaction (WAL lets the server write meanwhile), a compact file that is itself a
 *   database. A restore checks the file (integrity, the app's migrations table), writes it beside the target and
 *   renames it over, so a failure halfway leaves the old database; the old WAL files go with it.
 * - PostgreSQL: `pg_dump` (one snapshot) in its custom format; `pg_restore --clean --if-exists` in one transaction, so a
 *   restore that fails changes nothing.
 *
 * A restore replaces the database: the server must be stopped first (its open connections would keep the old file,
 * or hold locks the restore waits for).
 */

const run = promisify(execFile)

export interface BackupOptions {
  /** PostgreSQL: one schema only (tests work in a schema of their own); the whole database otherwise. */
  schema?: string
}

export async function backup(databaseUrl: string, ficheiro: string, options: BackupOptions = {}): Promise<void> {
  mkdirSync(dirname(ficheiro), { recursive: true })
  if (existsSync(ficheiro)) throw new Error(`o ficheiro de destino já existe: ${ficheiro}`)
  if (dialectOf(databaseUrl) === 'postgres') {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(options.schema ? [`--schema=${options.schema}`] : []),
      `--file=${ficheiro}`,
      `--dbname=${databaseUrl}`,
    ])
    return
  }
  const origem = sqlitePath(databaseUrl)
  if (origem === ':memory:' || !existsSync(origem)) throw new Error(`base de dados SQLite não encontrada: ${origem}`)
  const db = new SQLite(origem, { readonly: true, fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('VACUUM INTO ?').run(ficheiro)
  } finally {
    db.close()
  }
}

/** Whether a SQLite file is a sound database of this app (integrity, and the migrations it ran). */
function verificarSqlite(ficheiro: string): void {
  const db = new SQLite(ficheiro, { readonly: true, fileMustExist: true })
  try {
    const integridade = db.pragma('integrity_check', { simple: true })
    if (integridade !== 'ok') throw new Error(`cópia danificada: ${String(integridade)}`)
    const migracoes = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number }
    if (migracoes.n !== 1) throw new Error('o ficheiro não é uma cópia da base de dados do Balcão')
  } finally {
    db.close()
  }
}

export async function restore(databaseUrl: string, ficheiro: string): Promise<void> {
  if (!existsSync(ficheiro)) throw new Error(`cópia não encontrada: ${ficheiro}`)
  if (dialectOf(databaseUrl) === 'postgres') {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      ficheiro,
    ])
    return
  }
  verificarSqlite(ficheiro)
  const destino = sqlitePath(databaseUrl)
  if (destino === ':memory:') throw new Error('não é possível repor numa base de dados em memória')
  mkdirSync(dirname(destino), { recursive: true })
  const temporario = `${destino}.a-repor`
  rmSync(temporario, { force: true })
  // A copy through SQLite itself (not a file copy): the result is complete and synced before it replaces anything.
  const origem = new SQLite(ficheiro, { readonly: true, fileMustExist: true })
  try {
    origem.prepare('VACUUM INTO ?').run(temporario)
  } finally {
    origem.close()
  }
  for (const resto of ['-wal', '-shm']) rmSync(`${destino}${resto}`, { force: true })
  renameSync(temporario, destino)
}
