import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../platform/db.ts'
import { insertContas } from '../testing/fixtures.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { notify } from './notify.ts'

describe.each(testDialects())('npm run notify on %s', (dialect) => {
  let database: DatabaseHandle
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    await insertContas(database.db, ['912345678'], '135790')
  })
  afterEach(() => database.close())
  const linhas = () =>
    database.db
      .selectFrom('notificacoes')
      .select(['utilizador_id', 'titulo', 'texto', 'ligacao'])
      .orderBy('id')
      .execute()

  it('sends to everyone or to one phone, sanitised', async () => {
    expect(
      await notify(['--todos', '--titulo', 'Natal', '--texto', '<p>Bolo-rei <script>x</script></p>'], database),
    ).toMatch(/^Notificação n\.º \d+ enviada a todos\.$/)
    expect(
      await notify(
        ['--telemovel', '912 345 678', '--titulo', 'Olá', '--texto', 'Só para si', '--ligacao', '/fidelizacao'],
        database,
      ),
    ).toMatch(/enviada ao telemóvel \+351 912 345 678\.$/)
    const [todos, um] = await linhas()
    expect(todos).toEqual({ utilizador_id: null, titulo: 'Natal', texto: '<p>Bolo-rei </p>', ligacao: null })
    expect(um).toMatchObject({ titulo: 'Olá', texto: 'Só para si', ligacao: '/fidelizacao' })
    expect(um?.utilizador_id).not.toBeNull()
  })

  it('says what is wrong, in pt-PT, and sends nothing', async () => {
    const falha = (args: string[]) =>
      notify(args, database).then(
        () => 'enviada',
        (e: Error) => e.message,
      )
    expect(await falha(['--titulo', 'x', '--texto', 'y'])).toContain('Indique --todos ou --telemovel')
    expect(await falha(['--todos', '--telemovel', '912345678', '--titulo', 'x', '--texto', 'y'])).toContain('Indique')
    expect(await falha(['--todos', '--texto', 'y'])).toBe('O título é obrigatório (até 120 caracteres).')
    expect(await falha(['--todos', '--titulo', 'x', '--texto', ' '])).toBe(
      'O texto é obrigatório (até 5000 caracteres).',
    )
    expect(await falha(['--todos', '--titulo', 'x', '--texto', 'y', '--ligacao', 'https://phish.example'])).toContain(
      'A ligação é um caminho da app',
    )
    expect(await falha(['--telemovel', '919999999', '--titulo', 'x', '--texto', 'y'])).toBe(
      'Não existe nenhum cliente com o telemóvel +351 919999999.',
    )
    expect(await linhas()).toEqual([])
  })
})

describe('npm run notify, the command itself', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-notify-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes to the database DATABASE_URL names, and exits 2 with the reason on a mistake', async () => {
    const url = `sqlite:${join(dir, 'app.sqlite')}`
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/commands/notify.ts', ...args], {
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' },
      })
    const { stdout } = await run(['--todos', '--titulo', 'Natal', '--texto', 'Feliz Natal'])
    expect(stdout).toMatch(/Notificação n\.º 1 enviada a todos\./)
    const falhou = await run(['--todos', '--texto', 'x']).catch((e: { code: number; stderr: string }) => e)
    expect(falhou).toMatchObject({ code: 2 })
    expect((falhou as { stderr: string }).stderr).toContain('O título é obrigatório')
    const database = openDatabase(url)
    await migrateToLatest(database.db)
    expect(await database.db.selectFrom('notificacoes').select('titulo').execute()).toEqual([{ titulo: 'Natal' }])
    await database.close()
  }, 30_000)
})
