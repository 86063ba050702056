import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createTestDatabase, PG_MODELO_ENV, PG_MODELO_ESQUEMA } from './harness.ts'

/**
 * vitest's global setup (vitest.config.ts): with TEST_DATABASE_URL set, one PostgreSQL schema is migrated once for the
 * whole run and dumped (schema and rows, pg_dump), and every test database is then that dump replayed into a fresh
 * schema (testing/harness.ts createTestDatabase). Running the migrator for each test database cost 2–6 s on a 2-core
 * machine (a commit per migration, and the migrator's scan of every schema, which schema drops must wait for) against
 * under 1 s for one replay of the dump; the replayed schema is the migrated one, tables, keys, indexes, sequences and
 * the migrator's own rows. Without pg_dump, each test database is migrated as before.
 */

export default async function setup() {
  // BALCAO_TEST_PG_MODELO=off migrates each test database instead (to compare, or to rule the template out).
  if (!process.env.TEST_DATABASE_URL || process.env[PG_MODELO_ENV] === 'off') return
  const modelo = await createTestDatabase('postgres')
  let pasta: string | undefined
  try {
    const esquema = modelo.schema
    if (!esquema) throw new Error('test database without a schema')
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--inserts', `--schema=${esquema}`, process.env.TEST_DATABASE_URL],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const texto = stdout
      // psql's own commands (pg_dump 15.14+ fences its output with \restrict … \unrestrict): not SQL.
      .replace(/^\\(un)?restrict \S+$/gm, '')
      .split(esquema)
      .join(PG_MODELO_ESQUEMA)
    if (!texto.includes(`CREATE SCHEMA ${PG_MODELO_ESQUEMA};`)) throw new Error('pg_dump wrote no schema')
    pasta = mkdtempSync(join(tmpdir(), 'balcao-pg-modelo-'))
    const ficheiro = join(pasta, 'modelo.sql')
    writeFileSync(ficheiro, texto)
    process.env[PG_MODELO_ENV] = ficheiro
  } catch (error) {
    console.warn('no PostgreSQL template for the test databases (each is migrated instead):', error)
  } finally {
    await modelo.close()
  }
  return () => {
    delete process.env[PG_MODELO_ENV]
    if (pasta) rmSync(pasta, { recursive: true, force: true })
  }
}
