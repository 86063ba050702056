import { sql } from 'kysely'
import { generate } from 'otplib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MINUTE, manualClock } from '../../platform/clock.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'

/**
 * After the password, six digits must not be guessable at the code limit's pace for weeks. Wrong codes lock
 * the account as wrong passwords do (five, then a lock that doubles), apart from the password's count, and each is
 * audited.
 */
/** A generous cap, not a timing assertion: a request that has not answered by then is hanging. */
const CAP_MS = 10_000
function dentroDe<T>(promise: Promise<T>, o_que: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${o_que}: no answer after ${CAP_MS} ms`)), CAP_MS).unref(),
    ),
  ])
}

describe.each(testDialects())('the second factor’s lock, on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>

  beforeEach(async () => {
    clock = manualClock('2026-11-25T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
  })
  afterEach(() => t.close())

  async function chamar(cookie: string | undefined, url: string, body: unknown) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', ...(cookie ? { cookie: `${ADMIN_COOKIE}=${cookie}` } : {}) },
      payload: body as Record<string, unknown>,
    })
    return { res, cookie: res.cookies.find((c) => c.name === ADMIN_COOKIE)?.value || cookie }
  }
  const codigo = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) })

  it('five wrong codes lock it, the next wrong one doubles the lock, the right code waits for it; each audited', async () => {
    const email = 'duarte@exemplo.pt'
    const { password } = await t.app.admin.equipa.criarAdmin(email)
    let { cookie } = await chamar(undefined, '/entrar', { email, password })
    const nova = 'uma-palavra-passe-longa'
    ;({ cookie } = await chamar(cookie, '/alterar-password', { atual: password, nova, confirmacao: nova }))
    const inicio = await chamar(cookie, '/totp/iniciar', { value: true })
    const { segredo } = inicio.res.json().data as { segredo: string }
    expect((await chamar(cookie, '/totp/confirmar', { codigo: await codigo(segredo) })).res.statusCode).toBe(200)

    clock.advance(2 * MINUTE)
    ;({ cookie } = await chamar(undefined, '/entrar', { email, password: nova }))
    const verificar = async (c: string) => (await chamar(cookie, '/totp/verificar', { codigo: c })).res
    for (let i = 0; i < 4; i++) expect((await verificar('000001')).statusCode).toBe(400)
    const quinto = await verificar('000001')
    expect(quinto.statusCode).toBe(429)
    expect(quinto.json().error.title).toBe('Conta bloqueada')
    expect((await verificar(await codigo(segredo))).statusCode).toBe(429)
    clock.advance(MINUTE + 1000)
    // The sixth wrong code locks for two minutes.
    expect((await verificar('000001')).statusCode).toBe(429)
    clock.advance(MINUTE + 1000)
    expect((await verificar(await codigo(segredo))).statusCode).toBe(429)
    clock.advance(MINUTE)
    expect((await verificar(await codigo(segredo))).statusCode).toBe(200)

    const falhas = await t.database.db
      .selectFrom('admin_auditoria')
      .select('acao')
      .where('acao', '=', 'sessao.segundo_fator_falhado')
      .execute()
    expect(falhas).toHaveLength(6)
  })

  it('wrong current passwords in a signed-in session count towards the sign-in lock', async () => {
    const email = 'eva@exemplo.pt'
    const { password } = await t.app.admin.equipa.criarAdmin(email)
    const { cookie } = await chamar(undefined, '/entrar', { email, password })
    const nova = 'uma-palavra-passe-longa'
    const errada = () => chamar(cookie, '/alterar-password', { atual: 'nao-e-esta-senha', nova, confirmacao: nova })
    for (let i = 0; i < 4; i++) expect((await errada()).res.statusCode).toBe(400)
    expect((await errada()).res.statusCode).toBe(429)
    // The lock is the sign-in's: the right password waits for it, here and at /entrar.
    expect((await chamar(undefined, '/entrar', { email, password })).res.statusCode).toBe(429)
    clock.advance(MINUTE + 1000)
    const certa = await chamar(cookie, '/alterar-password', { atual: password, nova, confirmacao: nova })
    expect(certa.res.statusCode).toBe(200)
  })
  it('the same recovery code sent twice at once: one signs in, the other is refused, and the server answers on', async () => {
    const email = 'filipa@exemplo.pt'
    const { password } = await t.app.admin.equipa.criarAdmin(email)
    let { cookie } = await chamar(undefined, '/entrar', { email, password })
    const nova = 'uma-palavra-passe-longa'
    ;({ cookie } = await chamar(cookie, '/alterar-password', { atual: password, nova, confirmacao: nova }))
    const { segredo } = (await chamar(cookie, '/totp/iniciar', { value: true })).res.json().data as { segredo: string }
    const confirmado = await chamar(cookie, '/totp/confirmar', { codigo: await codigo(segredo) })
    const [recuperacao] = confirmado.res.json().data.codigos_recuperacao as string[]

    ;({ cookie } = await chamar(undefined, '/entrar', { email, password: nova }))
    // A double click: both checked the code's hash before either spent it; the loser's refusal is audited. On SQLite
    // that audit once opened a second transaction on the pool inside the sign-in's, which waited for ever on the one
    // connection, and the whole server with it.
    const ambas = () => Promise.all([1, 2].map(() => chamar(cookie, '/totp/verificar', { codigo: recuperacao })))
    let pedidos: ReturnType<typeof ambas> | undefined
    if (dialect === 'postgres') {
      // Made certain: the test holds a lock that lets the codes be read but not spent, until both requests wait to
      // spend theirs (each has read it unused); then one spends it and the other finds it spent.
      await t.database.db.transaction().execute(async (trx) => {
        await sql`lock table admin_codigos_recuperacao in exclusive mode`.execute(trx)
        pedidos = ambas()
        const aEspera = async () =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from pg_locks
                where relation = 'admin_codigos_recuperacao'::regclass and not granted`.execute(trx)
            ).rows[0]?.n,
          )
        await expect.poll(aEspera, { timeout: CAP_MS, interval: 20 }).toBe(2)
      })
    } else {
      // SQLite cannot be held so from the test without holding the requests' one connection (their reads would wait
      // too), nor from a second connection without blocking the event loop (better-sqlite3 waits synchronously). Both
      // requests go through the same steps at once (the rate limits, the lock count, the user, the unused codes), each
      // a query queued in turn on the one connection, and the code's hash is checked off the main thread before either
      // spends it: both read it unused. The audit entry below says the loser did.
      pedidos = ambas()
    }
    const vezes = await dentroDe(pedidos ?? ambas(), 'the two submissions')
    const estados = vezes.map((v) => v.res.statusCode).sort()
    expect(estados, vezes.map((v) => v.res.body).join(' ')).toEqual([200, 400])
    const recusada = vezes.find((v) => v.res.statusCode === 400)
    expect(recusada?.res.json().error.fields).toEqual({ codigo: 'Código inválido ou já utilizado' })
    const entrou = vezes.find((v) => v.res.statusCode === 200)

    const saude = await dentroDe(t.app.inject({ method: 'GET', url: '/api/health' }), '/api/health')
    expect(saude.statusCode).toBe(200)
    const sessao = await dentroDe(
      t.app.inject({
        method: 'GET',
        url: '/admin/api/sessao',
        headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${entrou?.cookie}` },
      }),
      'the session',
    )
    expect(sessao.statusCode).toBe(200)
    expect(sessao.json().data.email).toBe(email)
    const auditadas = await t.database.db
      .selectFrom('admin_auditoria')
      .select(['acao', 'depois'])
      .where('acao', 'in', ['sessao.codigo_recuperacao', 'sessao.segundo_fator_falhado'])
      .orderBy('acao')
      .execute()
    // The loser found the code spent inside its transaction (the branch that once hung SQLite), not merely no unused
    // code before it: its entry says so.
    expect(auditadas.map((a) => [a.acao, a.depois && JSON.parse(a.depois)])).toEqual([
      ['sessao.codigo_recuperacao', null],
      ['sessao.segundo_fator_falhado', { motivo: 'codigo_ja_usado' }],
    ])
  })
})
