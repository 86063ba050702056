import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import type { Dialect } from '../../platform/db.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'

/**
 * Steps that write several rows write all of them or none. To prove it, the database itself refuses the last write of
 * a step (a trigger, as a full disk or a dropped connection would), and the test checks nothing of the step remains.
 */
async function refuse(t: TestApp, dialect: Dialect, operation: 'update' | 'insert', table: string, when = 'true') {
  const db = t.database.db
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger falha before ${operation} on ${table} when ${when} begin select raise(abort, 'falha simulada'); end`,
      )
      .execute(db)
    return
  }
  await sql
    .raw(
      `create or replace function falha() returns trigger language plpgsql as $$ begin raise exception 'falha simulada'; end $$`,
    )
    .execute(db)
  await sql
    .raw(`create trigger falha before ${operation} on ${table} for each row when (${when}) execute function falha()`)
    .execute(db)
}

async function allow(t: TestApp, dialect: Dialect, table: string) {
  await sql.raw(dialect === 'sqlite' ? 'drop trigger falha' : `drop trigger falha on ${table}`).execute(t.database.db)
}

const PHONE = '912345678'
const E164 = '+351912345678'
const DADOS = { nome: 'Ana Silva', email: 'ana@exemplo.pt', dataNascimento: '1990-05-17', aceitacao: true }

describe.each(testDialects())('units of work on %s', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock: manualClock('2026-11-22T10:00:00.000Z') })
  })
  afterEach(() => t.close())

  async function registered(password = '135790') {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
    await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
    const done = await d.call('POST', '/alterar-dados-pessoais', { ...DADOS, password, confirmacaoPassword: password })
    expect(done.statusCode, done.body).toBe(200)
    return d
  }

  const loggedIn = async (d: ReturnType<typeof device>) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.loggedIn as boolean
  const login = (password: string) => device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password })
  const userRow = () => t.database.db.selectFrom('utilizadores').selectAll().executeTakeFirstOrThrow()
  /** When each of the challenges was spent (null: its code is still good). */
  const spent = async () =>
    (await t.database.db.selectFrom('sms_desafios').select('usado_em').orderBy('id').execute()).map((r) => r.usado_em)
  const liveSessions = async () =>
    (
      await t.database.db
        .selectFrom('sessoes')
        .select(['id', 'utilizador_id'])
        .where('revogada_em', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => r.id)

  // A confirmation writes the account, spends the code and opens the device's session in one transaction: the session
  // refused, nothing of it remains, and the same code then confirms.

  it('a sign-up whose session cannot be written leaves no account and the code good', async () => {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
    const codigo = await lastSmsCode(t, E164)
    await refuse(t, dialect, 'insert', 'sessoes')
    expect((await d.call('POST', `/registo/${hash}`, { codigo })).statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect(await t.database.db.selectFrom('utilizadores').select('id').execute()).toEqual([])
    expect(await spent()).toEqual([null])
    expect(await liveSessions()).toEqual([])
    const again = await d.call('POST', `/registo/${hash}`, { codigo })
    expect(again.statusCode, again.body).toBe(200)
    expect(await loggedIn(d)).toBe(true)
    expect((await userRow()).telemovel_e164).toBe(E164)
  })

  it('a recovery whose session cannot be written keeps the password, the sessions and the code', async () => {
    const phone = await registered()
    const d = device(t)
    const { hash } = (await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
    const codigo = await lastSmsCode(t, E164)
    const before = await liveSessions()
    await refuse(t, dialect, 'insert', 'sessoes')
    expect((await d.call('POST', `/reset/${hash}`, { codigo })).statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect(await userRow()).toMatchObject({ temporario: 0, password_hash: expect.stringMatching(/^scrypt/) })
    expect((await spent()).at(-1)).toBeNull()
    expect(await liveSessions()).toEqual(before)
    expect(await loggedIn(phone)).toBe(true)
    expect(await loggedIn(d)).toBe(false)
    const again = await d.call('POST', `/reset/${hash}`, { codigo })
    expect(again.statusCode, again.body).toBe(200)
    expect(await loggedIn(d)).toBe(true)
    expect(await loggedIn(phone)).toBe(false)
    expect(await userRow()).toMatchObject({ temporario: 1, password_hash: null })
  })

  it('a phone change whose new session cannot be written keeps the number, the session and the code', async () => {
    const d = await registered()
    const { hash } = (
      await d.call('POST', '/alterar-telemovel', {
        telemovel: '936543210',
        pais: '351',
        confirmacaoTelemovel: '936543210',
        confirmacaoPais: '351',
      })
    ).json().data
    const codigo = await lastSmsCode(t, '+351936543210')
    const before = await liveSessions()
    await refuse(t, dialect, 'insert', 'sessoes')
    expect((await d.call('POST', `/alterar-telemovel/${hash}`, { codigo })).statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect((await userRow()).telemovel_e164).toBe(E164)
    expect((await spent()).at(-1)).toBeNull()
    expect(await liveSessions()).toEqual(before)
    expect(await loggedIn(d)).toBe(true)
    const again = await d.call('POST', `/alterar-telemovel/${hash}`, { codigo })
    expect(again.statusCode, again.body).toBe(200)
    expect((await userRow()).telemovel_e164).toBe('+351936543210')
    expect(await loggedIn(d)).toBe(true)
  })

  it('a phone change whose sessions cannot be ended keeps the old number', async () => {
    const d = await registered()
    const { hash } = (
      await d.call('POST', '/alterar-telemovel', {
        telemovel: '936543210',
        pais: '351',
        confirmacaoTelemovel: '936543210',
        confirmacaoPais: '351',
      })
    ).json().data
    await refuse(t, dialect, 'update', 'sessoes')
    const res = await d.call('POST', `/alterar-telemovel/${hash}`, { codigo: await lastSmsCode(t, '+351936543210') })
    expect(res.statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect((await userRow()).telemovel_e164).toBe(E164)
    expect(await loggedIn(d)).toBe(true)
  })

  it('a recovery whose sessions cannot be ended keeps the old password', async () => {
    await registered()
    const d = device(t)
    const { hash } = (await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
    await refuse(t, dialect, 'update', 'sessoes')
    expect((await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })).statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect(await userRow()).toMatchObject({ temporario: 0, password_hash: expect.stringMatching(/^scrypt/) })
    expect((await login('135790')).statusCode).toBe(200)
  })

  it('a password change whose other sessions cannot be ended keeps the old password', async () => {
    const d = await registered()
    const laptop = device(t)
    await laptop.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
    await refuse(t, dialect, 'update', 'sessoes')
    const res = await d.call('POST', '/alterar-password', { password: '246810', confirmacaoPassword: '246810' })
    expect(res.statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect((await login('135790')).statusCode).toBe(200)
    expect((await login('246810')).statusCode).toBe(401)
    expect(await loggedIn(laptop)).toBe(true)
  })

  it('a login whose new session cannot be written leaves the device its current session', async () => {
    const d = await registered()
    await refuse(t, dialect, 'insert', 'sessoes')
    const res = await d.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
    expect(res.statusCode).toBe(500)
    await allow(t, dialect, 'sessoes')
    expect(await loggedIn(d)).toBe(true)
  })

  it('a provisional account that cannot lapse whole stays whole, and the others still lapse', async () => {
    const old = '2026-10-01T10:00:00.000Z'
    const ids: number[] = []
    for (const telemovel of ['931111111', '932222222']) {
      const row = await t.database.db
        .insertInto('utilizadores')
        .values({
          telemovel,
          pais: '351',
          telemovel_e164: `+351${telemovel}`,
          origem: 'loja',
          temporario: 1,
          qr_code: `qr-${telemovel}`,
          criado_em: old,
          atualizado_em: old,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(row.id)
      await t.database.db
        .insertInto('sessoes')
        .values({
          token_hash: `h-${telemovel}`,
          utilizador_id: row.id,
          criado_em: old,
          expira_em: '2027-01-01T00:00:00.000Z',
        })
        .execute()
    }
    const [stuck, lapsing] = ids as [number, number]
    await refuse(t, dialect, 'update', 'sessoes', `old.utilizador_id = ${stuck}`)
    await t.app.housekeeping()
    await allow(t, dialect, 'sessoes')
    const rows = await t.database.db.selectFrom('utilizadores').select(['id', 'eliminado', 'telemovel_e164']).execute()
    expect(rows.find((r) => r.id === stuck)).toMatchObject({ eliminado: 0, telemovel_e164: '+351931111111' })
    expect(rows.find((r) => r.id === lapsing)).toMatchObject({ eliminado: 1, telemovel_e164: null })
  })
})
