import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../platform/db.ts'
import { insertContas } from '../testing/fixtures.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { sseReader } from '../testing/sse.ts'
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

describe('npm run notify on SQLite, with a server running in another process', () => {
  let dir: string
  let servidor: ChildProcess | undefined
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-notify-live-'))
  })
  afterEach(async () => {
    if (servidor && servidor.exitCode === null) {
      const saiu = new Promise((r) => servidor?.once('exit', r))
      servidor.kill('SIGTERM')
      await saiu
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('reaches the customer’s open screen within a few seconds, sent to them or to everyone', async () => {
    const url = `sqlite:${join(dir, 'app.sqlite')}`
    const database = openDatabase(url)
    await migrateToLatest(database.db)
    await insertContas(database.db, ['912345678'], '135790')
    await database.close()

    // The server as production runs it (its schedulers on), in a process of its own.
    const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/second-process.ts'], {
      env: { ...process.env, TEST_DATABASE_URL: url, TEST_APP_NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    servidor = filho
    const porta = await new Promise<number>((resolve, reject) => {
      let saida = ''
      filho.stdout?.on('data', (chunk: Buffer) => {
        saida += chunk.toString()
        const m = saida.match(/PORT (\d+)/)
        if (m) resolve(Number(m[1]))
      })
      filho.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)))
    })
    const base = `http://127.0.0.1:${porta}`
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-api-version': '1.0', 'content-type': 'application/json' },
      body: JSON.stringify({ telemovel: '912345678', pais: '351', password: '135790' }),
    })
    expect(login.status, await login.clone().text()).toBe(200)
    const sessao = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('balcao_sessao='))
      ?.split(';')[0]
    expect(sessao).toBeTruthy()
    const stream = await fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: String(sessao) } })
    expect(stream.status).toBe(200)
    const ler = sseReader(stream)

    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/commands/notify.ts', ...args], {
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' },
      })
    await run(['--telemovel', '912345678', '--titulo', 'Olá', '--texto', 'Só para si'])
    expect(await ler.next('notificacoes', 5000)).toEqual({})
    await run(['--todos', '--titulo', 'Natal', '--texto', 'Feliz Natal'])
    expect(await ler.next('notificacoes', 5000)).toEqual({})
    ler.cancel()
  }, 60_000)
})
