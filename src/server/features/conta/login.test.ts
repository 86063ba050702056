import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MINUTE } from '../../platform/clock.ts'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { CONTA_LIMITES } from './service.ts'
import { accountsApp, type ManualClock, PHONE, registerAccount, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('login', () => {
    it('opens a new session with the right password, and refuses a wrong one or an unknown phone alike', async () => {
      await registered()
      const d = device(t)
      const ok = await d.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      expect(ok.statusCode).toBe(200)
      expect(user(ok)).toMatchObject({ loggedIn: true, data: { nome: 'Ana Silva', temporario: 0 } })
      const wrong = await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '000000' })
      const unknown = await device(t).call('POST', '/login', {
        telemovel: '919999999',
        pais: '351',
        password: '000000',
      })
      expect(wrong.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(401)
      expect(wrong.json()).toEqual(unknown.json())
      expect(wrong.json().error.message).toBe('Telemóvel ou password incorretos')
    })

    it('validates the form: phone required, password at least 4 characters', async () => {
      const res = await device(t).call('POST', '/login', { telemovel: '', pais: '351', password: '12' })
      expect(res.json().error.fields).toEqual({
        telemovel: 'Campo de preenchimento obrigatório',
        password: 'Tamanho mínimo: 4 caracteres',
      })
    })

    it('locks the account after 5 failures, for longer each time', async () => {
      await registered()
      const attempt = (password: string) =>
        device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password })
      for (let i = 1; i <= 4; i++) expect((await attempt('000000')).statusCode).toBe(401)
      const fifth = await attempt('000000')
      expect(fifth.statusCode).toBe(429)
      expect(fifth.json().error).toEqual({
        title: 'Conta bloqueada',
        message: 'Conta bloqueada temporariamente por excesso de tentativas. Tente novamente dentro de 1 minuto.',
      })
      // Locked: even the right password is refused, and nothing is checked.
      expect((await attempt('135790')).statusCode).toBe(429)
      clock.advance(MINUTE + 1)
      const sixth = await attempt('000000')
      expect(sixth.json().error.message).toContain('dentro de 2 minutos')
      clock.advance(2 * MINUTE + 1)
      expect((await attempt('135790')).statusCode).toBe(200)
      // Success clears the count.
      expect((await attempt('000000')).statusCode).toBe(401)
    })

    it('checks no more passwords than the lock allows, even in parallel', async () => {
      await registered()
      const attempt = (password: string) =>
        device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password })
      for (let i = 1; i <= 4; i++) expect((await attempt('000000')).statusCode).toBe(401)
      const burst = await Promise.all(Array.from({ length: 10 }, () => attempt('000000')))
      expect(burst.map((r) => r.statusCode).filter((c) => c !== 429)).toEqual([])
      const row = await t.database.db.selectFrom('tentativas_login').select('falhas').executeTakeFirstOrThrow()
      expect(row.falhas).toBe(5)
      expect((await attempt('135790')).statusCode).toBe(429)
    })

    it('locks a number without an account exactly like one with an account, so the lock tells nothing', async () => {
      await registered()
      const attempt = (telemovel: string) =>
        device(t).call('POST', '/login', { telemovel, pais: '351', password: '0000' })
      for (let i = 1; i <= 5; i++) {
        const [known, unknown] = [await attempt(PHONE), await attempt('919999999')]
        expect(unknown.statusCode).toBe(known.statusCode)
        expect(unknown.json()).toEqual(known.json())
      }
      expect((await attempt('919999999')).json().error.title).toBe('Conta bloqueada')
    })

    it('caps failed logins per IP across phones (spraying), counting failures only', async () => {
      const ip = '192.0.2.77'
      const login = (telemovel: string, password: string, from = ip) =>
        device(t, from).call('POST', '/login', { telemovel, pais: '351', password })
      await registered()
      // Successes cost nothing against the ceiling: a shop's Wi-Fi full of customers logging in is fine.
      for (let i = 0; i < 3; i++) expect((await login(PHONE, '135790')).statusCode).toBe(200)
      const counted = await t.database.db
        .selectFrom('limites')
        .select('contador')
        .where('chave', '=', 'ip:login-falhas:192.0.2.77')
        .execute()
      expect(counted.map((r) => r.contador)).toEqual([0])
      const { max } = CONTA_LIMITES.loginFailuresPerIp
      // Earlier failures from this address, as the shared counter would hold them, then the last few for real.
      const now = clock.now().getTime()
      const windowStart = now - (now % CONTA_LIMITES.loginFailuresPerIp.windowMs)
      await t.database.db
        .insertInto('limites')
        .values({ chave: 'ip:login-falhas:192.0.2.77', janela: new Date(windowStart).toISOString(), contador: max - 3 })
        .onConflict((oc) => oc.columns(['chave', 'janela']).doUpdateSet({ contador: max - 3 }))
        .execute()
      for (let i = 0; i < 3; i++) expect((await login(`91${2000000 + i}`, '0000')).statusCode).toBe(401)
      const over = await login(PHONE, '135790')
      expect(over.statusCode).toBe(429)
      expect(over.json().error.title).toBe('Demasiados pedidos')
      // Another address is not held back.
      expect((await login(PHONE, '135790', '192.0.2.78')).statusCode).toBe(200)
    })

    it('holds the ceiling against failures sent in parallel: each is counted before its password is checked', async () => {
      const ip = '192.0.2.90'
      const { max } = CONTA_LIMITES.loginFailuresPerIp
      const burst = await Promise.all(
        Array.from({ length: max + 40 }, (_, i) =>
          device(t, ip).call('POST', '/login', { telemovel: `91${3000000 + i}`, pais: '351', password: '0000' }),
        ),
      )
      const statuses = burst.map((r) => r.statusCode)
      expect(statuses.filter((s) => s === 401)).toHaveLength(max)
      expect(statuses.filter((s) => s === 429)).toHaveLength(40)
    }, 60_000)

    it('stores the password only as a scrypt hash', async () => {
      await registered()
      const row = await t.database.db.selectFrom('utilizadores').select('password_hash').executeTakeFirstOrThrow()
      expect(row.password_hash).toMatch(/^scrypt\$/)
      expect(row.password_hash).not.toContain('135790')
    })
  })
})
