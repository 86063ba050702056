import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MINUTE } from '../../platform/clock.ts'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { CONTA_LIMITES } from './service.ts'
import { accountsApp, DADOS, E164, type ManualClock, PHONE, registerAccount, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('recovery', () => {
    it('ends the old password and every old session, so only the recovering device sets the new password', async () => {
      const old = await registered()
      const d = device(t)
      const { hash } = (await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
      const confirm = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm)).toMatchObject({ loggedIn: true, data: { temporario: 1 } })
      expect(user(await old.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
      const oldPassword = await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      expect(oldPassword.statusCode).toBe(401)
      expect(oldPassword.json().error.message).toBe(
        (await device(t).call('POST', '/login', { telemovel: '919999999', pais: '351', password: '135790' })).json()
          .error.message,
      )
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(true)
    })

    it('logs in by SMS code and asks for a new password in the personal data form', async () => {
      await registered()
      const d = device(t)
      const res = await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })
      const { hash } = res.json().data
      const confirm = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(confirm.statusCode).toBe(200)
      // Terms and privacy were accepted at the first completion: recovery does not ask again.
      expect(user(confirm)).toMatchObject({ loggedIn: true, data: { temporario: 1, registoCompleto: true } })
      const { aceitacao: _, ...semAceitacao } = DADOS
      const noPassword = await d.call('POST', '/alterar-dados-pessoais', semAceitacao)
      expect(noPassword.json().error.fields).toEqual({
        password: 'Campo de preenchimento obrigatório',
        confirmacaoPassword: 'Campo de preenchimento obrigatório',
      })
      const done = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        password: '246810',
        confirmacaoPassword: '246810',
      })
      expect(user(done).data).toMatchObject({ temporario: 0 })
      const login = await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '246810' })
      expect(login.statusCode).toBe(200)
    })

    it('answers an unknown phone exactly like a known one, and sends nothing', async () => {
      await registered()
      // The sign-up's own SMS is in this hour's count of the known number; start both from a fresh hour.
      clock.advance(60 * MINUTE)
      const outboxBefore = await t.database.db.selectFrom('sms_outbox').selectAll().execute()
      // Same calls for a known and an unknown number: every answer must match.
      const script = async (phone: string, ip: string) => {
        const d = device(t, ip)
        const answers: unknown[] = []
        const start = await d.call('POST', '/reset', { telemovel: phone, pais: '351' })
        const { hash } = start.json().data
        expect(hash).toMatch(/^[A-Za-z0-9_-]{40,}$/)
        answers.push(start.statusCode)
        const wrong = await d.call('POST', `/reset/${hash}`, { codigo: '000000' })
        answers.push(wrong.statusCode, wrong.json())
        const resend = await d.call('POST', '/api/reenviar-codigo', { hash })
        answers.push(resend.statusCode, resend.json())
        // The first reset spent one of the phone's hourly SMS (the resend came too early to send): these spend the
        // rest, and ask one more.
        for (let i = 0; i < CONTA_LIMITES.smsPerPhone.max; i++) {
          const more = await device(t, `${ip}${i}`).call('POST', '/reset', { telemovel: phone, pais: '351' })
          answers.push(more.statusCode)
        }
        return answers
      }
      const known = await script(PHONE, '198.51.100.1')
      const unknown = await script('919999999', '198.51.100.2')
      expect(unknown).toEqual(known)
      expect(known.slice(-2)).toEqual([200, 429])
      const sent = await t.database.db.selectFrom('sms_outbox').select('para').execute()
      expect(sent.filter((m) => m.para === '+351919999999')).toEqual([])
      expect(sent.length).toBeGreaterThan(outboxBefore.length)
    })

    it('does not accept a sign-up code as a recovery code', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      const res = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(res.statusCode).toBe(410)
    })
  })
})
