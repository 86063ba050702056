import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { configWith } from '../config.ts'
import { type DatabaseHandle, openDatabase } from '../platform/db.ts'
import { migrateToLatest } from '../platform/migrate.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { buildDemoContent } from './content.ts'

/**
 * Replicas started together on an empty database with demo seeding on (a staging deployment): each process asks
 * whether the database is empty and seeds it. Under the seed's lock one seeds and the others find its content; before
 * it, on PostgreSQL, the second crashed on a duplicate key in `imagens`.
 */

const pasta = mkdtempSync(join(tmpdir(), 'balcao-semente-'))
afterAll(() => rmSync(pasta, { recursive: true, force: true }))

function semear(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/seed-process.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    filho.stdout.on('data', (c) => {
      stdout += String(c)
    })
    filho.stderr.on('data', (c) => {
      stderr += String(c)
    })
    filho.on('error', reject)
    filho.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe.each(testDialects())('two processes seeding one empty database at once (%s)', (dialect) => {
  it('both finish without error, one seeds, and the content is there once', { timeout: 180_000 }, async () => {
    let database: DatabaseHandle
    let env: Record<string, string>
    if (dialect === 'postgres') {
      const handle = await createTestDatabase('postgres')
      database = handle
      env = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL as string, TEST_SCHEMA: handle.schema as string }
    } else {
      const url = `sqlite:${join(pasta, 'semente.sqlite')}`
      database = openDatabase(url)
      await migrateToLatest(database.db)
      env = { TEST_DATABASE_URL: url }
    }
    try {
      const [a, b] = await Promise.all([semear(env), semear(env)])
      expect(a.code, a.stderr).toBe(0)
      expect(b.code, b.stderr).toBe(0)
      expect([a.stdout.trim(), b.stdout.trim()].sort()).toEqual(['SEEDED false', 'SEEDED true'])

      const conteudo = buildDemoContent(configWith({}))
      const restaurantes = await database.db.selectFrom('restaurantes').select('tag').execute()
      expect(restaurantes).toHaveLength(conteudo.restaurantes.length)
      expect(new Set(restaurantes.map((r) => r.tag)).size).toBe(conteudo.restaurantes.length)
      const novidades = await database.db.selectFrom('novidades').select('id').execute()
      expect(novidades).toHaveLength(conteudo.novidades.length)
      const imagens = await database.db.selectFrom('imagens').select('nome').execute()
      expect(imagens.length).toBeGreaterThan(0)
      expect(new Set(imagens.map((i) => i.nome)).size).toBe(imagens.length)
    } finally {
      await database.close()
    }
  })
})

describe('a seed on SQLite while another process holds the write lock past busy_timeout', () => {
  it('waits for it and then seeds, without SQLITE_BUSY', { timeout: 180_000 }, async () => {
    const ficheiro = join(pasta, 'ocupada.sqlite')
    const database = openDatabase(`sqlite:${ficheiro}`)
    await migrateToLatest(database.db)
    await database.close()
    // Another process's long seed: the file's write lock held for longer than the seeder's busy_timeout (5 s).
    const outro = new SQLite(ficheiro)
    outro.exec('begin immediate')
    try {
      const seeder = semear({ TEST_DATABASE_URL: `sqlite:${ficheiro}` })
      await new Promise((r) => setTimeout(r, 15_000))
      outro.exec('rollback')
      const { code, stdout, stderr } = await seeder
      expect(code, stderr).toBe(0)
      expect(stdout.trim()).toBe('SEEDED true')
    } finally {
      if (outro.inTransaction) outro.exec('rollback')
      outro.close()
    }
    const semeada = openDatabase(`sqlite:${ficheiro}`)
    expect((await semeada.db.selectFrom('restaurantes').select('id').execute()).length).toBeGreaterThan(0)
    await semeada.close()
  })
})
