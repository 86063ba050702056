import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MINUTE, manualClock } from '../../platform/clock.ts'
import { insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'

/** The back-office's sign-in: password, forced change, TOTP, recovery codes, sessions, locks, roles, audit. */

const ORIGIN = 'http://localhost:3000'

function staffDevice(t: TestApp, ip = '203.0.113.50') {
  let cookie: string | undefined
  return {
    get cookie() {
      return cookie
    },
    set cookie(value) {
      cookie = value
    },
    async call(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
      const options: InjectOptions = {
        method,
        url: `/admin/api${url}`,
        remoteAddress: ip,
        headers: { accept: 'application/json', ...(cookie ? { cookie: `${ADMIN_COOKIE}=${cookie}` } : {}), ...headers },
        ...(method === 'POST' ? { payload: (body ?? { value: true }) as InjectOptions['payload'] } : {}),
      }
      const res = await t.app.inject(options)
      const set = res.cookies.find((c) => c.name === ADMIN_COOKIE)
      if (set) cookie = set.value || undefined
      return res
    },
  }
}

const codeAt = (secret: string, clock: { now(): Date }, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSteps * 30 })

describe('npm run admin:create', () => {
  it('creates an admin on the configured database and prints the one-time password alone on the last line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'balcao-admin-'))
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'b.sqlite')}`,
      HASH_COST: '10',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    }
    const out = execFileSync('node', ['--import', 'tsx', 'src/server/commands/admin-create.ts', 'Chefe@Exemplo.pt'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lines = out.trim().split('\n')
    expect(lines.at(-1)).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(() =>
      execFileSync('node', ['--import', 'tsx', 'src/server/commands/admin-create.ts', 'chefe@exemplo.pt'], {
        env,
        stdio: 'ignore',
      }),
    ).toThrow()
    // Two processes that each load the server through tsx: past 30 s on a CI machine running the other suites at once.
  }, 90_000)
})

describe.each(testDialects())('the back-office sign-in, on %s', (dialect) => {
  let t: TestApp
  const clock = manualClock('2026-11-28T10:00:00.000Z')

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock })
  })
  afterAll(() => t.close())

  const criar = (email: string) => t.app.admin.equipa.criarAdmin(email)

  /** An admin through the whole first sign-in: password change, TOTP enrolment; returns its device and secret. */
  async function adminCompleto(email: string) {
    const { password } = await criar(email)
    const d = staffDevice(t)
    expect((await d.call('POST', '/entrar', { email, password })).statusCode).toBe(200)
    const nova = 'uma-palavra-passe-longa'
    expect((await d.call('POST', '/alterar-password', { atual: password, nova, confirmacao: nova })).statusCode).toBe(
      200,
    )
    const { segredo } = (await d.call('POST', '/totp/iniciar')).json().data
    const conf = await d.call('POST', '/totp/confirmar', { codigo: await codeAt(segredo, clock) })
    expect(conf.statusCode, conf.body).toBe(200)
    return { d, segredo, password: nova, codigos: conf.json().data.codigos_recuperacao as string[] }
  }

  it('first sign-in: forced password change, then mandatory TOTP enrolment, then the shell opens', async () => {
    const { password } = await criar('Ana@Exemplo.pt')
    const d = staffDevice(t)
    const wrong = await d.call('POST', '/entrar', { email: 'ana@exemplo.pt', password: 'nope' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.message).toBe('Email ou palavra-passe incorretos')

    const res = await d.call('POST', '/entrar', { email: 'ANA@exemplo.pt', password })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ email: 'ana@exemplo.pt', papel: 'admin', pendente: 'alterar_password' })
    const set = res.cookies.find((c) => c.name === ADMIN_COOKIE)
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' })

    // Nothing but the pending step opens.
    expect((await d.call('GET', '/utilizadores')).statusCode).toBe(401)
    expect((await d.call('POST', '/totp/iniciar')).statusCode).toBe(403)

    const short = await d.call('POST', '/alterar-password', { atual: password, nova: 'curta', confirmacao: 'curta' })
    expect(short.statusCode).toBe(400)
    expect(short.json().error.fields.nova).toBe('Tamanho mínimo: 12 caracteres')
    const old = d.cookie
    const nova = 'outra-palavra-passe'
    expect((await d.call('POST', '/alterar-password', { atual: password, nova, confirmacao: nova })).statusCode).toBe(
      200,
    )
    expect(d.cookie).not.toBe(old)
    expect((await d.call('GET', '/sessao')).json().data.pendente).toBe('inscrever_totp')

    const inicio = (await d.call('POST', '/totp/iniciar')).json().data
    expect(inicio.segredo).toMatch(/^[A-Z2-7]{32}$/)
    expect(inicio.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
    expect(inicio.qr).toMatch(/^data:image\/svg\+xml;base64,/)
    // The secret is kept sealed, never in the clear.
    const row = await t.database.db
      .selectFrom('admin_utilizadores')
      .selectAll()
      .where('email', '=', 'ana@exemplo.pt')
      .executeTakeFirstOrThrow()
    expect(row.totp_segredo).not.toContain(inicio.segredo)

    expect((await d.call('POST', '/totp/confirmar', { codigo: '000000' })).statusCode).toBe(400)
    const conf = await d.call('POST', '/totp/confirmar', { codigo: await codeAt(inicio.segredo, clock) })
    expect(conf.statusCode).toBe(200)
    expect(conf.json().data.codigos_recuperacao).toHaveLength(10)
    expect((await d.call('GET', '/sessao')).json().data.pendente).toBeNull()
    expect((await d.call('GET', '/utilizadores')).statusCode).toBe(200)
  })

  it('later sign-ins ask the TOTP code: wrong, reused and expired codes refused', async () => {
    const { segredo, password } = await adminCompleto('bruno@exemplo.pt')
    clock.advance(2 * MINUTE)
    const d = staffDevice(t, '203.0.113.51')
    const entrou = await d.call('POST', '/entrar', { email: 'bruno@exemplo.pt', password })
    expect(entrou.json().data.pendente).toBe('verificar_totp')
    expect((await d.call('GET', '/auditoria')).statusCode).toBe(401)

    expect((await d.call('POST', '/totp/verificar', { codigo: '123456' })).statusCode).toBe(400)
    // Expired: three steps ago is outside the ±1 step window.
    expect((await d.call('POST', '/totp/verificar', { codigo: await codeAt(segredo, clock, -3) })).statusCode).toBe(400)
    const codigo = await codeAt(segredo, clock)
    expect((await d.call('POST', '/totp/verificar', { codigo })).statusCode).toBe(200)
    expect((await d.call('GET', '/auditoria')).statusCode).toBe(200)

    // The same code, in its window, on another device: a replay.
    const outro = staffDevice(t, '203.0.113.52')
    await outro.call('POST', '/entrar', { email: 'bruno@exemplo.pt', password })
    const replay = await outro.call('POST', '/totp/verificar', { codigo })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().error.message).toBe('Código inválido ou já utilizado')
    clock.advance(30_000)
    expect((await outro.call('POST', '/totp/verificar', { codigo: await codeAt(segredo, clock) })).statusCode).toBe(200)
  })

  it('a recovery code opens a sign-in once', async () => {
    const { codigos, password } = await adminCompleto('carla@exemplo.pt')
    const d = staffDevice(t, '203.0.113.53')
    await d.call('POST', '/entrar', { email: 'carla@exemplo.pt', password })
    expect((await d.call('POST', '/totp/verificar', { codigo: codigos[0]?.toUpperCase() })).statusCode).toBe(200)
    const e = staffDevice(t, '203.0.113.54')
    await e.call('POST', '/entrar', { email: 'carla@exemplo.pt', password })
    expect((await e.call('POST', '/totp/verificar', { codigo: codigos[0] })).statusCode).toBe(400)
    expect((await e.call('POST', '/totp/verificar', { codigo: codigos[1] })).statusCode).toBe(200)
  })

  it('sessions: idle expiry after 30 minutes (sliding), revoked on password change, sign out', async () => {
    const { d, password } = await adminCompleto('duarte@exemplo.pt')
    clock.advance(29 * MINUTE)
    expect((await d.call('GET', '/sessao')).statusCode).toBe(200)
    clock.advance(29 * MINUTE)
    expect((await d.call('GET', '/sessao')).statusCode).toBe(200)
    clock.advance(31 * MINUTE)
    expect((await d.call('GET', '/sessao')).statusCode).toBe(401)

    // Two devices; a password change on one ends the other.
    const a = staffDevice(t)
    const b = staffDevice(t)
    for (const dev of [a, b]) {
      await dev.call('POST', '/entrar', { email: 'duarte@exemplo.pt', password })
      clock.advance(31_000)
    }
    const { segredo } = { segredo: await secretOf('duarte@exemplo.pt') }
    expect((await a.call('POST', '/totp/verificar', { codigo: await codeAt(segredo, clock) })).statusCode).toBe(200)
    clock.advance(31_000)
    expect((await b.call('POST', '/totp/verificar', { codigo: await codeAt(segredo, clock) })).statusCode).toBe(200)
    const nova = 'palavra-passe-nova-2'
    expect((await a.call('POST', '/alterar-password', { atual: password, nova, confirmacao: nova })).statusCode).toBe(
      200,
    )
    expect((await b.call('GET', '/sessao')).statusCode).toBe(401)
    expect((await a.call('GET', '/sessao')).json().data.pendente).toBeNull()

    expect((await a.call('POST', '/sair')).statusCode).toBe(200)
    expect((await a.call('GET', '/sessao')).statusCode).toBe(401)

    // Housekeeping keeps ended sessions a month beside the audit log, then deletes them.
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('admin_sessoes')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    await t.app.housekeeping()
    expect(await count()).toBe(before)
    clock.advance(31 * 24 * 60 * MINUTE)
    await t.app.housekeeping()
    expect(await count()).toBeLessThan(before)
  })

  async function secretOf(email: string) {
    const { openText, dataKeyring } = await import('../../platform/crypto.ts')
    const { TEST_DATA_ENCRYPTION_KEY } = await import('../../testing/harness.ts')
    const row = await t.database.db
      .selectFrom('admin_utilizadores')
      .select(['id', 'totp_segredo'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    return openText(
      dataKeyring(Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64')),
      row.totp_segredo ?? '',
      `admin_utilizadores.totp_segredo:${row.id}`,
    )
  }

  it('locks an e-mail after 5 failures, for a doubling time; even the right password waits', async () => {
    const { password } = await criar('eva@exemplo.pt')
    const d = staffDevice(t, '203.0.113.60')
    const attempt = (p: string) => d.call('POST', '/entrar', { email: 'eva@exemplo.pt', password: p })
    for (let i = 0; i < 4; i++) expect((await attempt('errada')).statusCode).toBe(401)
    const fifth = await attempt('errada')
    expect(fifth.statusCode).toBe(429)
    expect(fifth.headers['retry-after']).toBe('60')
    expect((await attempt(password)).statusCode).toBe(429)
    clock.advance(61_000)
    const sixth = await attempt('errada')
    expect(sixth.statusCode).toBe(429)
    expect(sixth.headers['retry-after']).toBe('120')
    clock.advance(121_000)
    expect((await attempt(password)).statusCode).toBe(200)
  })

  it('refuses a change from another origin', async () => {
    const { password } = await criar('filipa@exemplo.pt')
    const d = staffDevice(t)
    const res = await d.call(
      'POST',
      '/entrar',
      { email: 'filipa@exemplo.pt', password },
      { origin: 'https://evil.example', host: 'localhost:3000' },
    )
    expect(res.statusCode).toBe(403)
    const ok = await d.call(
      'POST',
      '/entrar',
      { email: 'filipa@exemplo.pt', password },
      { origin: ORIGIN, host: 'localhost:3000' },
    )
    expect(ok.statusCode).toBe(200)
  })

  it('invitations: e-mailed single-use link; the invited gestor signs in, is refused admin routes; disable ends it', async () => {
    const { d } = await adminCompleto('gil@exemplo.pt')
    const { id: restaurante } = await insertRestaurante(t.database.db, { tag: 'da-helena', name: 'Da Helena' })
    const convite = await d.call('POST', '/utilizadores', {
      email: 'Helena@Exemplo.pt',
      papel: 'gestor',
      restaurantes: [restaurante],
    })
    expect(convite.statusCode, convite.body).toBe(200)
    // Ids past PostgreSQL's integer: refused as bad values, never a 500 there.
    for (const fora of [
      { papel: 'gestor', restaurantes: [3_000_000_000] },
      { papel: 'loja', id_loja: 3_000_000_000 },
    ]) {
      const res = await d.call('POST', '/utilizadores', { email: 'ines@exemplo.pt', ...fora })
      expect(res.statusCode, res.body).toBe(400)
    }
    expect((await d.call('POST', '/utilizadores', { email: 'helena@exemplo.pt', papel: 'admin' })).statusCode).toBe(409)
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .select(['para', 'texto'])
      .where('para', '=', 'helena@exemplo.pt')
      .executeTakeFirstOrThrow()
    const token = mail.texto.match(/\/admin\/convite\/([A-Za-z0-9_-]+)/)?.[1] ?? ''
    expect(token).not.toBe('')
    const nova = 'helena-palavra-passe'
    const guest = staffDevice(t)
    expect((await guest.call('POST', '/convite/aceitar', { token, nova, confirmacao: nova })).statusCode).toBe(200)
    expect((await guest.call('POST', '/convite/aceitar', { token, nova, confirmacao: nova })).statusCode).toBe(400)

    const h = staffDevice(t)
    const entrou = await h.call('POST', '/entrar', { email: 'helena@exemplo.pt', password: nova })
    expect(entrou.json().data).toEqual({ email: 'helena@exemplo.pt', papel: 'gestor', pendente: 'inscrever_totp' })
    const { segredo } = (await h.call('POST', '/totp/iniciar')).json().data
    expect((await h.call('POST', '/totp/confirmar', { codigo: await codeAt(segredo, clock) })).statusCode).toBe(200)
    // Walking the route table: each route that does not name the gestor's role answers 403, whatever route comes later.
    const fechadas = t.app.routeTable.filter(
      (r) => r.url.startsWith('/admin/api/') && r.method !== 'HEAD' && !r.config.adminAcesso,
    )
    expect(fechadas.length).toBeGreaterThanOrEqual(4)
    for (const { method, url, config } of fechadas) {
      const m = method as 'GET' | 'POST'
      const res = await h.call(
        m,
        url.replace('/admin/api', '').replace(/:[a-z_]+/g, '1'),
        m === 'POST' ? {} : undefined,
      )
      const papeis = config.papeis as string[]
      expect(papeis, url).toBeDefined()
      if (!papeis.includes('gestor')) expect(res.statusCode, `${method} ${url}`).toBe(403)
      else expect([401, 403], `${method} ${url}`).not.toContain(res.statusCode)
    }
    const id = convite.json().data.id as number
    const off = await d.call('POST', `/utilizadores/${id}/desativar`)
    expect(off.json().data.desativado_em).not.toBeNull()
    expect((await h.call('GET', '/sessao')).statusCode).toBe(401)
    expect((await h.call('POST', '/entrar', { email: 'helena@exemplo.pt', password: nova })).statusCode).toBe(401)
  })

  it('every mutation wrote an audit entry, newest first, filtered on the server, with no secret', async () => {
    const { d } = await adminCompleto('ines@exemplo.pt')
    const page = (await d.call('GET', '/auditoria')).json().data
    expect(page.por_pagina).toBe(25)
    expect(page.total).toBeGreaterThan(25)
    const dates = page.itens.map((i: { criado_em: string }) => i.criado_em)
    expect([...dates].sort().reverse()).toEqual(dates)
    const all = await t.database.db.selectFrom('admin_auditoria').selectAll().execute()
    const acoes = new Set(all.map((a) => a.acao))
    for (const acao of [
      'utilizador.criar',
      'sessao.entrar',
      'password.alterar',
      'totp.iniciar',
      'totp.inscrever',
      'sessao.segundo_fator',
      'sessao.codigo_recuperacao',
      'sessao.sair',
      'utilizador.convidar',
      'convite.aceitar',
      'utilizador.desativar',
    ]) {
      expect(acoes, acao).toContain(acao)
    }
    const text = JSON.stringify(all)
    expect(text).not.toMatch(/scrypt\$|password_hash|totp_segredo|codigo_hash/)
    const me = (await d.call('GET', '/utilizadores'))
      .json()
      .data.find((u: { email: string }) => u.email === 'ines@exemplo.pt')
    const mine = (await d.call('GET', `/auditoria?utilizador=${me.id}&acao=totp.inscrever`)).json().data
    expect(mine.total).toBe(1)
    expect(mine.itens[0]).toMatchObject({ email: 'ines@exemplo.pt', acao: 'totp.inscrever' })
    expect((await d.call('GET', '/auditoria?pagina=2')).json().data.itens.length).toBeGreaterThan(0)
    // Sorted on the server, by a column the list names (another is refused, not passed to SQL).
    const ordenadas = (await d.call('GET', '/auditoria?ordenar=acao&direcao=asc'))
      .json()
      .data.itens.map((i: { acao: string }) => i.acao)
    expect(ordenadas).toEqual([...ordenadas].sort())
    expect((await d.call('GET', '/auditoria?ordenar=password_hash')).statusCode).toBe(400)
  })

  it('walks the route table: every /admin/api route but the open ones refuses a guest with 401', async () => {
    const open = new Set(['/admin/api/entrar', '/admin/api/sair', '/admin/api/convite/aceitar'])
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/admin/api/') && r.method !== 'HEAD')
    expect(routes.length).toBeGreaterThanOrEqual(11)
    const guest = staffDevice(t)
    const opened: string[] = []
    for (const { method, url } of routes) {
      if (open.has(url)) continue
      const res = await guest.call(
        method as 'GET' | 'POST',
        url.replace('/admin/api', '').replace(/:[a-z_]+/g, '1'),
        method === 'POST' ? {} : undefined,
      )
      if (res.statusCode !== 401) opened.push(`${method} ${url}: ${res.statusCode}`)
    }
    expect(opened).toEqual([])
  })
})
