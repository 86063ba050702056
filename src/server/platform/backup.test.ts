import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import {
  insertCampanha,
  insertContas,
  insertLoja,
  insertNovidade,
  insertRestaurante,
  insertSaldo,
} from '../testing/fixtures.ts'
import { createTestDatabase, whileMigrating } from '../testing/harness.ts'
import { backup, restore } from './backup.ts'
import { type Database, openDatabase } from './db.ts'
import { migrateToLatest } from './migrate.ts'

/**
 * Backups and restores: a round trip gives back every table, row for row, bytes included, on SQLite and on
 * PostgreSQL; a backup taken while the server writes is a consistent picture (never half a transaction); a restore
 * refuses what is not a sound copy and leaves the database as it was.
 */

const pasta = mkdtempSync(join(tmpdir(), 'balcao-backup-'))
afterAll(() => rmSync(pasta, { recursive: true, force: true }))

async function povoar(db: Database) {
  const { id } = await insertRestaurante(db, { tag: 'nata', name: 'Nata & Grão' })
  await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
  const [cliente] = await insertContas(db, ['912345678', '913333333'], '123456')
  await insertSaldo(db, cliente as number, 1234, 56)
  await insertNovidade(db, { tag: 'abertura', title: 'Abertura', text: 'Acentuação: ç, ã, é — “aspas”' })
  await insertCampanha(db, { tag: 'natal' })
  await db
    .insertInto('imagens')
    .values({
      nome: 'teste.webp',
      tipo: 'image/webp',
      conteudo: null,
      dados: randomBytes(4096),
      largura: 10,
      altura: 10,
      origem: null,
      atualizado_em: new Date().toISOString(),
    })
    .execute()
}

/** Every table of the app, each as its rows in a stable order (bytes as hex), for comparing two databases. */
async function fotografia(db: Database, dialect: 'sqlite' | 'postgres', schema?: string) {
  const tabelas =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{
            table_name: string
          }>`select table_name from information_schema.tables where table_schema = ${schema ?? 'public'} and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows.map((r) => r.table_name)
  const resultado: Record<string, unknown[]> = {}
  for (const tabela of tabelas.sort()) {
    const linhas = (await sql<Record<string, unknown>>`select * from ${sql.table(tabela)}`.execute(db)).rows.map((r) =>
      JSON.stringify(r, (_k, v) => (v?.type === 'Buffer' ? Buffer.from(v.data).toString('hex') : v)),
    )
    resultado[tabela] = linhas.sort()
  }
  return resultado
}

describe('backups on SQLite', () => {
  it('gives back every table, row for row, and the restored database runs', async () => {
    const url = `sqlite:${join(pasta, 'origem.sqlite')}`
    const origem = openDatabase(url)
    await migrateToLatest(origem.db)
    await povoar(origem.db)
    const antes = await fotografia(origem.db, 'sqlite')
    expect(antes.utilizadores).toHaveLength(2)
    expect(antes.imagens).toHaveLength(1)

    const copia = join(pasta, 'copia.sqlite')
    await backup(url, copia)
    await expect(backup(url, copia)).rejects.toThrow('já existe')
    await origem.close()

    const destinoUrl = `sqlite:${join(pasta, 'destino.sqlite')}`
    const destino = openDatabase(destinoUrl)
    await migrateToLatest(destino.db)
    await insertNovidade(destino.db, { tag: 'a-perder' })
    await destino.close()
    await restore(destinoUrl, copia)
    const reposta = openDatabase(destinoUrl)
    expect(await fotografia(reposta.db, 'sqlite')).toEqual(antes)
    // The restored database is the app's: migrations have nothing left to do.
    expect((await migrateToLatest(reposta.db)).results).toEqual([])
    await reposta.close()
  })

  it('takes a consistent picture while the server writes: never half a transaction', async () => {
    const url = `sqlite:${join(pasta, 'viva.sqlite')}`
    const viva = openDatabase(url)
    await migrateToLatest(viva.db)
    let parar = false
    let escritas = 0
    // Each write is a news item and a campaign in one transaction: a copy holds both or neither.
    const escritor = (async () => {
      while (!parar) {
        await viva.db.transaction().execute(async (trx) => {
          await insertNovidade(trx, { tag: `n-${escritas}` })
          await insertCampanha(trx, { tag: `c-${escritas}` })
        })
        escritas++
        await new Promise((r) => setImmediate(r))
      }
    })()
    await new Promise((r) => setTimeout(r, 50))
    const copias = []
    for (let i = 0; i < 3; i++) {
      const copia = join(pasta, `viva-${i}.sqlite`)
      await backup(url, copia)
      copias.push(copia)
    }
    parar = true
    await escritor
    await viva.close()
    for (const copia of copias) {
      const c = openDatabase(`sqlite:${copia}`)
      const novidades = await c.db
        .selectFrom('novidades')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const campanhas = await c.db
        .selectFrom('campanhas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(novidades.n)).toBe(Number(campanhas.n))
      expect(Number(novidades.n)).toBeLessThanOrEqual(escritas)
      await c.close()
    }
    expect(escritas).toBeGreaterThan(0)
  })

  it('refuses to restore what is not a sound copy of the app, and leaves the database as it was', async () => {
    const url = `sqlite:${join(pasta, 'intacta.sqlite')}`
    const db = openDatabase(url)
    await migrateToLatest(db.db)
    await insertNovidade(db.db, { tag: 'fica' })
    await db.close()
    const lixo = join(pasta, 'lixo.sqlite')
    writeFileSync(lixo, 'isto não é uma base de dados')
    await expect(restore(url, lixo)).rejects.toThrow()
    const outra = join(pasta, 'outra.sqlite')
    const vazia = openDatabase(`sqlite:${outra}`)
    await sql`create table qualquer (x integer)`.execute(vazia.db)
    await vazia.close()
    await expect(restore(url, outra)).rejects.toThrow('não é uma cópia da base de dados do Balcão')
    await expect(restore(url, join(pasta, 'nao-existe.sqlite'))).rejects.toThrow('cópia não encontrada')
    const depois = openDatabase(url)
    expect((await depois.db.selectFrom('novidades').select('tag').execute()).map((n) => n.tag)).toEqual(['fica'])
    await depois.close()
  })
})

describe('the commands', () => {
  const npm = (args: string[], databaseUrl: string) =>
    spawnSync('node', ['--import', 'tsx', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    })

  it('npm run backup prints the copy; npm run restore asks for --confirmar, then puts it back', async () => {
    const url = `sqlite:${join(pasta, 'comandos.sqlite')}`
    const db = openDatabase(url)
    await migrateToLatest(db.db)
    await insertNovidade(db.db, { tag: 'guardada' })
    await db.close()
    const copia = join(pasta, 'comandos-copia.sqlite')
    const feita = npm(['src/server/commands/backup.ts', copia], url)
    expect(feita.status, feita.stderr).toBe(0)
    expect(feita.stdout.trim().split('\n').at(-1)).toBe(copia)

    const mudada = openDatabase(url)
    await mudada.db.deleteFrom('novidades').execute()
    await mudada.close()
    const semConfirmar = npm(['src/server/commands/restore.ts', copia], url)
    expect(semConfirmar.status).toBe(2)
    expect(semConfirmar.stderr).toContain('--confirmar')
    const reposta = npm(['src/server/commands/restore.ts', copia, '--confirmar'], url)
    expect(reposta.status, reposta.stderr).toBe(0)
    const depois = openDatabase(url)
    expect((await depois.db.selectFrom('novidades').select('tag').execute()).map((n) => n.tag)).toEqual(['guardada'])
    await depois.close()
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('backups on PostgreSQL', () => {
  it('gives back every table of the schema, row for row, through pg_dump and pg_restore', async () => {
    const base = process.env.TEST_DATABASE_URL as string
    const origem = await createTestDatabase('postgres')
    const schema = origem.schema as string
    await povoar(origem.db)
    const antes = await fotografia(origem.db, 'postgres', schema)
    const copia = join(pasta, 'copia.dump')
    await backup(base, copia, { schema })

    // Into a database of its own: the schema comes back under its own name.
    const nome = `restore_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database ${nome}`)
    const destinoUrl = new URL(base)
    destinoUrl.pathname = `/${nome}`
    try {
      await restore(destinoUrl.toString(), copia)
      const reposta = openDatabase(destinoUrl.toString(), { schema })
      expect(await fotografia(reposta.db, 'postgres', schema)).toEqual(antes)
      expect((await whileMigrating('postgres', () => migrateToLatest(reposta.db, schema))).results).toEqual([])
      // Restoring again over it (--clean) gives the same, in one transaction.
      await restore(destinoUrl.toString(), copia)
      expect(await fotografia(reposta.db, 'postgres', schema)).toEqual(antes)
      await reposta.close()
    } finally {
      await origem.close()
      await admin.query(`drop database if exists ${nome} with (force)`)
      await admin.end()
    }
    // Two pg_dump/pg_restore round trips of the whole schema and a migration check: past the default 20 s on a machine
    // running the other suites at once.
  }, 90_000)
})
