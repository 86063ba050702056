import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import {
  aadCodigoSeguranca,
  aadTotpEquipa,
  CHAVE_DADOS_SEGREDO,
  chaveAbre,
  chaveDeDadosErrada,
  seladoAbre,
  type ValorSelado,
} from './chave-dados.ts'
import type { DataKeyring } from './crypto.ts'
import { dialectOf, sqlitePath } from './db.ts'

/**
 * Backups and restores (docs/operations.md). Both databases are copied by their own tools, which give a
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

const executar = promisify(execFile)

/**
 * PostgreSQL's connection for its tools: the URL without its password, which goes in PGPASSWORD. A command line is
 * readable by every user of the machine (`ps`) and is repeated in the error of a failed command; the environment is not.
 */
export function ligacaoPg(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } }
}

/**
 * A message with the database's password taken out (as written and URL-encoded) and any URL's credentials hidden: what
 * a failed backup or restore says goes to a terminal, a log, a ticket.
 */
export function semPassword(mensagem: string, databaseUrl: string): string {
  let out = mensagem
  let password = ''
  try {
    password = new URL(databaseUrl).password
  } catch {
    // Not a URL (a SQLite path): no password in it.
  }
  for (const p of new Set([password, decodeURIComponent(password)])) {
    if (p) out = out.split(p).join('…')
  }
  return out.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*):[^@/\s]*@/g, '$1:…@')
}

/** Runs one of PostgreSQL's tools on the database, its password in the environment and out of every error. */
async function ferramentaPg(comando: string, args: (dbname: string) => string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = ligacaoPg(databaseUrl)
  try {
    await executar(comando, args(dbname), { env })
  } catch (error) {
    const e = error as Error & { stderr?: string }
    const detalhe = [e.message, e.stderr].filter(Boolean).join('\n')
    throw new Error(semPassword(`${comando} falhou: ${detalhe}`, databaseUrl))
  }
}

export interface BackupOptions {
  /** PostgreSQL: one schema only (tests work in a schema of their own); the whole database otherwise. */
  schema?: string
}

export async function backup(databaseUrl: string, ficheiro: string, options: BackupOptions = {}): Promise<void> {
  mkdirSync(dirname(ficheiro), { recursive: true })
  if (existsSync(ficheiro)) throw new Error(`o ficheiro de destino já existe: ${ficheiro}`)
  if (dialectOf(databaseUrl) === 'postgres') {
    await ferramentaPg(
      'pg_dump',
      (dbname) => [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        ...(options.schema ? [`--schema=${options.schema}`] : []),
        `--file=${ficheiro}`,
        `--dbname=${dbname}`,
      ],
      databaseUrl,
    )
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

/**
 * The data key's check value a copy carries (chave-dados.ts), or null when it has none (a copy of a database no server
 * started on yet). PostgreSQL's is read from the dump's `segredos` data, as `pg_restore` prints it without a database.
 */
export async function verificacaoDaCopia(databaseUrl: string, ficheiro: string): Promise<string | null> {
  if (!existsSync(ficheiro)) throw new Error(`cópia não encontrada: ${ficheiro}`)
  if (dialectOf(databaseUrl) === 'postgres') {
    const { stdout } = await executar('pg_restore', ['--data-only', '--table=segredos', '--file=-', ficheiro], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: Error & { stderr?: string }) => {
      throw new Error(`pg_restore não leu a cópia ${ficheiro}: ${error.stderr || error.message}`)
    })
    // COPY's text rows: the columns (nome, valor, criado_em) separated by tabs.
    const linha = stdout.split('\n').find((l) => l.startsWith(`${CHAVE_DADOS_SEGREDO}\t`))
    return linha?.split('\t')[1] ?? null
  }
  verificarSqlite(ficheiro)
  const db = new SQLite(ficheiro, { readonly: true, fileMustExist: true })
  try {
    const tabela = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'segredos'").get()
    if (!tabela) return null
    const row = db.prepare('select valor from segredos where nome = ?').get(CHAVE_DADOS_SEGREDO) as
      | { valor: string }
      | undefined
    return row?.valor ?? null
  } finally {
    db.close()
  }
}

/** The sealed columns a copy without a check value is checked by, in this order (as the start does). */
const SELADOS = [
  { tabela: 'admin_utilizadores', coluna: 'totp_segredo', aad: aadTotpEquipa },
  { tabela: 'utilizadores', coluna: 'codigo_seguranca_cifrado', aad: aadCodigoSeguranca },
] as const

/** The rows of one table in `pg_restore`'s COPY text, each as its columns by name (`\\N` is null). */
function linhasCopy(texto: string, tabela: string): Record<string, string | null>[] {
  const linhas = texto.split('\n')
  const inicio = linhas.findIndex((l) => new RegExp(`^COPY (?:"?[\\w]+"?\\.)?"?${tabela}"? \\(`).test(l))
  if (inicio < 0) return []
  const colunas = (/\(([^)]*)\)/.exec(linhas[inicio] as string)?.[1] ?? '')
    .split(',')
    .map((c) => c.trim().replace(/"/g, ''))
  const out: Record<string, string | null>[] = []
  for (const linha of linhas.slice(inicio + 1)) {
    if (linha === '\\.') break
    const valores = linha.split('\t')
    out.push(Object.fromEntries(colunas.map((c, i) => [c, valores[i] === '\\N' ? null : (valores[i] ?? null)])))
  }
  return out
}

/**
 * One value a copy holds sealed by a feature (a staff TOTP secret, else a security code), or null if none: what a copy
 * without a check value is checked by, as the start checks such a database (chave-dados.ts).
 */
export async function valorSeladoDaCopia(databaseUrl: string, ficheiro: string): Promise<ValorSelado | null> {
  if (!existsSync(ficheiro)) throw new Error(`cópia não encontrada: ${ficheiro}`)
  if (dialectOf(databaseUrl) === 'postgres') {
    const { stdout } = await executar(
      'pg_restore',
      ['--data-only', ...SELADOS.map((s) => `--table=${s.tabela}`), '--file=-', ficheiro],
      { maxBuffer: 256 * 1024 * 1024 },
    ).catch((error: Error & { stderr?: string }) => {
      throw new Error(`pg_restore não leu a cópia ${ficheiro}: ${error.stderr || error.message}`)
    })
    for (const { tabela, coluna, aad } of SELADOS) {
      const linha = linhasCopy(stdout, tabela)
        .filter((l) => l[coluna])
        .sort((a, b) => Number(a.id) - Number(b.id))[0]
      if (linha) return { valor: linha[coluna] as string, aad: aad(Number(linha.id)) }
    }
    return null
  }
  const db = new SQLite(ficheiro, { readonly: true, fileMustExist: true })
  try {
    for (const { tabela, coluna, aad } of SELADOS) {
      const existe = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(tabela)
      if (!existe) continue
      const row = db
        .prepare(`select id, ${coluna} as valor from ${tabela} where ${coluna} is not null order by id limit 1`)
        .get() as { id: number; valor: string } | undefined
      if (row) return { valor: row.valor, aad: aad(row.id) }
    }
    return null
  } finally {
    db.close()
  }
}

/**
 * Refuses (ConfigError naming DATA_ENCRYPTION_KEY) a copy whose sealed data the keyring does not open: by its check
 * value, or, in a copy made before the check existed, by a value a feature sealed. Answers false when the copy holds
 * nothing sealed at all (nothing to check; the server seals its check value at its first start).
 */
export async function verificarChaveDaCopia(
  databaseUrl: string,
  ficheiro: string,
  cifra: DataKeyring,
): Promise<boolean> {
  const verificacao = await verificacaoDaCopia(databaseUrl, ficheiro)
  if (verificacao !== null) {
    if (!chaveAbre(cifra, verificacao)) throw chaveDeDadosErrada(`da cópia ${ficheiro}`)
    return true
  }
  const selado = await valorSeladoDaCopia(databaseUrl, ficheiro)
  if (selado === null) return false
  if (!seladoAbre(cifra, selado)) throw chaveDeDadosErrada(`da cópia ${ficheiro}`)
  return true
}

export interface RestoreOptions {
  /**
   * The data key the restored database will be opened with: a copy whose sealed data it cannot open is refused before
   * anything is replaced (the server would refuse to start on it).
   */
  cifra?: DataKeyring
}

export async function restore(databaseUrl: string, ficheiro: string, options: RestoreOptions = {}): Promise<void> {
  if (!existsSync(ficheiro)) throw new Error(`cópia não encontrada: ${ficheiro}`)
  if (dialectOf(databaseUrl) === 'sqlite') verificarSqlite(ficheiro)
  if (options.cifra) await verificarChaveDaCopia(databaseUrl, ficheiro, options.cifra)
  if (dialectOf(databaseUrl) === 'postgres') {
    await ferramentaPg(
      'pg_restore',
      (dbname) => [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        ficheiro,
      ],
      databaseUrl,
    )
    return
  }
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
