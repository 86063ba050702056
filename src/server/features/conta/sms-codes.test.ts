import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MINUTE } from '../../platform/clock.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { CONTA_LIMITES } from './service.ts'
import { accountsApp, E164, type ManualClock, PHONE, registerAccount } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('SMS codes', () => {
    async function challenge(phone = PHONE) {
      const d = device(t)
      const res = await d.call('POST', '/registo', { telemovel: phone, pais: '351', termos: true })
      return { d, hash: res.json().data.hash as string, code: await lastSmsCode(t, `+351${phone}`) }
    }

    it('are single use', async () => {
      const { d, hash, code } = await challenge()
      expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(200)
      const again = await device(t).call('POST', `/registo/${hash}`, { codigo: code })
      expect(again.statusCode).toBe(410)
      expect(again.json().error.title).toBe('Código expirado')
    })

    it('expire after 10 minutes', async () => {
      const { d, hash, code } = await challenge()
      clock.advance(10 * MINUTE + 1)
      expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(410)
    })

    it('die after 5 wrong tries, even for the right code', async () => {
      const { d, hash, code } = await challenge()
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 1; i <= 4; i++) {
        const res = await d.call('POST', `/registo/${hash}`, { codigo: wrong })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.fields).toEqual({ codigo: 'Código SMS inválido' })
      }
      expect((await d.call('POST', `/registo/${hash}`, { codigo: wrong })).statusCode).toBe(410)
      expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(410)
      const users = await t.database.db.selectFrom('utilizadores').select('id').execute()
      expect(users).toEqual([])
    })

    it('count parallel guesses: no more than 5 codes are ever checked', async () => {
      const { hash, code } = await challenge()
      const wrong = code === '000000' ? '111111' : '000000'
      const results = await Promise.all(
        Array.from({ length: 12 }, () => device(t).call('POST', `/registo/${hash}`, { codigo: wrong })),
      )
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4)
      const row = await t.database.db.selectFrom('sms_desafios').select('tentativas').executeTakeFirstOrThrow()
      expect(row.tentativas).toBe(5)
    })

    it('are bound to their hash', async () => {
      const a = await challenge('912345678')
      const b = await challenge('912345679')
      const res = await a.d.call('POST', `/registo/${a.hash}`, { codigo: b.code === a.code ? '999999' : b.code })
      expect(res.statusCode).toBe(400)
    })

    it('reject an unknown or malformed hash', async () => {
      const unknown = await device(t).call('POST', `/registo/${'A'.repeat(43)}`, { codigo: '123456' })
      expect(unknown.statusCode).toBe(410)
      const malformed = await device(t).call('POST', '/registo/%3Cscript%3E', { codigo: '123456' })
      expect(malformed.statusCode).toBe(400)
    })

    it('resend at most once a minute, with a new code that replaces the old', async () => {
      const { d, hash, code } = await challenge()
      const early = await d.call('POST', '/api/reenviar-codigo', { hash })
      expect(early.statusCode).toBe(429)
      expect(early.json().error.message).toBe('Aguarde um minuto antes de pedir um novo código.')
      clock.advance(MINUTE)
      expect((await d.call('POST', '/api/reenviar-codigo', { hash })).statusCode).toBe(200)
      const fresh = await lastSmsCode(t, E164)
      if (fresh !== code) {
        expect((await d.call('POST', `/registo/${hash}`, { codigo: code })).statusCode).toBe(400)
      }
      expect((await d.call('POST', `/registo/${hash}`, { codigo: fresh })).statusCode).toBe(200)
    })

    it('keep counting wrong tries across resends: five in all end the hash', async () => {
      const { d, hash } = await challenge()
      for (let i = 0; i < 4; i++)
        expect((await d.call('POST', `/registo/${hash}`, { codigo: 'x1' })).statusCode).toBe(400)
      clock.advance(MINUTE)
      expect((await d.call('POST', '/api/reenviar-codigo', { hash })).statusCode).toBe(200)
      const fresh = await lastSmsCode(t, E164)
      const wrong = fresh === '000000' ? '111111' : '000000'
      expect((await d.call('POST', `/registo/${hash}`, { codigo: wrong })).statusCode).toBe(410)
      expect((await d.call('POST', `/registo/${hash}`, { codigo: fresh })).statusCode).toBe(410)
    })

    it('go to one phone at most 20 times a day, 8 an hour, from any number of addresses', async () => {
      const { max: hourly } = CONTA_LIMITES.smsPerPhone
      const { max: daily } = CONTA_LIMITES.smsPerPhoneDaily
      let sent = 0
      for (let hour = 0; sent < daily; hour++) {
        for (let i = 0; i < hourly && sent < daily; i++, sent++) {
          const res = await device(t, `198.51.${hour}.${i}`).call('POST', '/registo', {
            telemovel: PHONE,
            pais: '351',
            termos: true,
          })
          expect(res.statusCode, `hour ${hour}, SMS ${i}`).toBe(200)
        }
        const over = await device(t, `198.51.${hour}.99`).call('POST', '/registo', {
          telemovel: PHONE,
          pais: '351',
          termos: true,
        })
        expect(over.statusCode).toBe(429)
        clock.advance(60 * MINUTE)
      }
      const nextDay = await device(t, '198.51.9.9').call('POST', '/registo', {
        telemovel: PHONE,
        pais: '351',
        termos: true,
      })
      expect(nextDay.statusCode).toBe(429)
      expect(nextDay.json().error.message).toMatch(/^Demasiados pedidos\. Tente novamente dentro de \d+ minutos\.$/)
    })

    it("one address cannot spend a phone's allowance: a stranger asking resets leaves the owner their recovery", async () => {
      await registered()
      const stranger = '203.0.113.66'
      for (let i = 0; i < CONTA_LIMITES.smsPerPhoneFromIp.max; i++) {
        expect((await device(t, stranger).call('POST', '/reset', { telemovel: PHONE, pais: '351' })).statusCode).toBe(
          200,
        )
      }
      expect((await device(t, stranger).call('POST', '/reset', { telemovel: PHONE, pais: '351' })).statusCode).toBe(429)
      const owner = device(t, '198.51.100.200')
      const { hash } = (await owner.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
      const confirm = await owner.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(confirm.statusCode).toBe(200)
    })

    it('count "this phone has an account" answers against the IP too', async () => {
      await registered()
      const ip = '192.0.2.60'
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max; i++) {
        const res = await device(t, ip).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
        expect(res.statusCode).toBe(409)
      }
      const over = await device(t, ip).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
      expect(over.statusCode).toBe(429)
    }, 60_000)

    it('do not believe a forged X-Forwarded-For unless a proxy is configured', async () => {
      const forged = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/registo',
          remoteAddress: '192.0.2.70',
          headers: { 'x-api-version': '1.0', 'x-forwarded-for': `10.0.${i}.1` },
          payload: { telemovel: `91${String(3000000 + i * 1000)}`, pais: '351', termos: true },
        })
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max; i++) expect((await forged(i)).statusCode).toBe(200)
      expect((await forged(999)).statusCode).toBe(429)
      await t.close()
      t = await createTestApp(dialect, { TRUST_PROXY: '1' }, { clock })
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max + 1; i++) expect((await forged(i)).statusCode).toBe(200)
    }, 90_000)

    it('let many people behind one IP sign up, but not without end', async () => {
      const ip = '192.0.2.50'
      for (let i = 0; i < CONTA_LIMITES.smsRequestsPerIp.max; i++) {
        // Each in a block of its own: many honest people, not one walk through a range (decision 0054).
        const phone = `91${String(1000000 + i * 1000).padStart(7, '0')}`
        const res = await device(t, ip).call('POST', '/registo', { telemovel: phone, pais: '351', termos: true })
        expect(res.statusCode, phone).toBe(200)
      }
      const over = await device(t, ip).call('POST', '/registo', { telemovel: '939999999', pais: '351', termos: true })
      expect(over.statusCode).toBe(429)
    }, 60_000)
  })
})
