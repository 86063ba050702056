import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../platform/db.ts'
import { migrateToLatest } from '../platform/migrate.ts'
import { insertContas } from '../testing/fixtures.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { portaAnunciada } from '../testing/porta-anunciada.ts'
import { sseReader } from '../testing/sse.ts'
import { notify } from './notify.ts'

describe.each(testDialects())('npm run notify on %s', (dialect) => {
  let database: DatabaseHandle
  let consente: number
  let naoConsente: number
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
    ;[naoConsente, consente] = (await insertContas(database.db, ['912345678', '913333333'], '135790')) as [
      number,
      number,
    ]
    await database.db.updateTable('utilizadores').set({ comunicacao: 1 }).where('id', '=', consente).execute()
  })
  afterEach(() => database.close())
  const linhas = () =>
    database.db
      .selectFrom('notificacoes')
      .select(['utilizador_id', 'titulo', 'texto', 'ligacao'])
      .orderBy('id')
      .execute()
  const auditoria = async () =>
    (
      await database.db
        .selectFrom('admin_auditoria')
        .select(['utilizador_id', 'email', 'acao', 'depois'])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, depois: JSON.parse(String(r.depois)) as Record<string, unknown> }))

  it('sends marketing to the consenting customers only, sanitised, through the composer, audited', async () => {
    expect(
      await notify(['--todos', '--titulo', 'Natal', '--texto', '<p>Bolo-rei <script>x</script></p>'], database),
    ).toMatch(/^Notificação n\.º \d+ enviada a todos os clientes que aceitaram comunicações \(1 cliente\)\.$/)
    expect(
      await notify(
        ['--telemovel', '913 333 333', '--titulo', 'Olá', '--texto', 'Só para si', '--ligacao', '/fidelizacao'],
        database,
      ),
    ).toMatch(/enviada ao telemóvel \+351 913 333 333\.$/)
    expect(await linhas()).toEqual([
      { utilizador_id: consente, titulo: 'Natal', texto: '<p>Bolo-rei </p>', ligacao: null },
      { utilizador_id: consente, titulo: 'Olá', texto: 'Só para si', ligacao: '/fidelizacao' },
    ])
    // In the back-office's list, with no staff author; each send audited as the command line's.
    expect(
      await database.db.selectFrom('admin_notificacoes').select(['publico', 'criada_por', 'destinatarios']).execute(),
    ).toEqual([
      { publico: 'todos', criada_por: null, destinatarios: 1 },
      { publico: 'telefone', criada_por: null, destinatarios: 1 },
    ])
    const entradas = await auditoria()
    expect(entradas.map((e) => [e.acao, e.utilizador_id, e.email])).toEqual([
      ['notificacao.enviar', null, null],
      ['notificacao.enviar', null, null],
    ])
    expect(entradas[0]?.depois).toMatchObject({ titulo: 'Natal', origem: 'npm run notify' })
  })

  it('refuses marketing to a customer who did not consent; a service message goes, marked and audited', async () => {
    await expect(notify(['--telemovel', '912345678', '--titulo', 'Promo', '--texto', 'x'], database)).rejects.toThrow(
      'O cliente +351 912345678 não aceitou receber comunicações: nada foi enviado.',
    )
    expect(await linhas()).toEqual([])
    expect(await auditoria()).toEqual([])
    expect(
      await notify(
        ['--telemovel', '912345678', '--servico', '--titulo', 'A sua conta', '--texto', 'O NIF foi corrigido.'],
        database,
      ),
    ).toMatch(/^Mensagem de serviço n\.º \d+ enviada ao telemóvel \+351 912345678 \(registada na auditoria\)\.$/)
    expect(await linhas()).toEqual([
      { utilizador_id: naoConsente, titulo: 'A sua conta', texto: 'O NIF foi corrigido.', ligacao: null },
    ])
    const [entrada] = await auditoria()
    expect(entrada).toMatchObject({
      acao: 'notificacao.servico',
      utilizador_id: null,
      depois: { servico: true, utilizador_id: naoConsente, titulo: 'A sua conta' },
    })
    // Withdrawn consent after a marketing message: the next one is refused too.
    await notify(['--telemovel', '913333333', '--titulo', 'Um', '--texto', 'x'], database)
    await database.db.updateTable('utilizadores').set({ comunicacao: 0 }).where('id', '=', consente).execute()
    await expect(notify(['--telemovel', '913333333', '--titulo', 'Dois', '--texto', 'x'], database)).rejects.toThrow(
      'não aceitou',
    )
    expect(await notify(['--todos', '--titulo', 'Natal', '--texto', 'x'], database)).toContain('(0 clientes)')
    expect((await linhas()).map((l) => l.titulo)).toEqual(['A sua conta', 'Um'])
  })

  it('says what is wrong, in pt-PT, and sends nothing', async () => {
    const falha = (args: string[]) =>
      notify(args, database).then(
        () => 'enviada',
        (e: Error) => e.message,
      )
    expect(await falha(['--titulo', 'x', '--texto', 'y'])).toContain('Indique --todos ou --telemovel')
    expect(await falha(['--todos', '--telemovel', '912345678', '--titulo', 'x', '--texto', 'y'])).toContain('Indique')
    expect(await falha(['--todos', '--servico', '--titulo', 'x', '--texto', 'y'])).toContain('indique --telemovel')
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
    expect(stdout).toMatch(/Notificação n\.º 1 enviada a todos os clientes que aceitaram comunicações \(0 clientes\)\./)
    const falhou = await run(['--todos', '--texto', 'x']).catch((e: { code: number; stderr: string }) => e)
    expect(falhou).toMatchObject({ code: 2 })
    expect((falhou as { stderr: string }).stderr).toContain('O título é obrigatório')
    const database = openDatabase(url)
    await migrateToLatest(database.db)
    expect(await database.db.selectFrom('admin_notificacoes').select('titulo').execute()).toEqual([{ titulo: 'Natal' }])
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
    await database.db.updateTable('utilizadores').set({ comunicacao: 1 }).execute()
    await database.close()

    // The server as production runs it (its schedulers on), in a process of its own.
    const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/testing/second-process.ts'], {
      env: { ...process.env, TEST_DATABASE_URL: url, TEST_APP_NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    servidor = filho
    const porta = await portaAnunciada(filho, 'server')
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
