import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DAY } from '../../platform/clock.ts'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, DADOS, E164, type ManualClock, PHONE, registerAccount, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('sessions and onboarding', () => {
    it('a device whose session was ended elsewhere stays past the onboarding', async () => {
      await registered()
      const laptop = device(t)
      await laptop.call('POST', '/api/grava-saw-onboarding', { value: true })
      await laptop.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      const phone = device(t)
      await phone.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      await phone.call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' })
      const after = user(await laptop.call('POST', '/api/refresh-private-data', { value: true }))
      expect(after).toMatchObject({ loggedIn: false, sawOnboarding: true, data: null })
      // and again, now with the anonymous token the answer gave it
      expect(user(await laptop.call('POST', '/api/refresh-private-data', { value: true })).sawOnboarding).toBe(true)
      // and once the ended session's row is purged, the device's token alone still says it had a session
      const stale = device(t)
      await stale.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '111111' })
      await t.database.db.deleteFrom('sessoes').execute()
      expect(user(await stale.call('POST', '/api/refresh-private-data', { value: true }))).toMatchObject({
        loggedIn: false,
        sawOnboarding: true,
      })
    })

    it('remembers onboarding on the device, and on the account once logged in', async () => {
      const d = device(t)
      expect((await d.call('POST', '/api/grava-saw-onboarding', { value: true })).statusCode).toBe(200)
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).sawOnboarding).toBe(true)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      const confirm = await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm).sawOnboarding).toBe(true)
    })

    it('logs out: the session ends and the device gets a new anonymous one', async () => {
      const d = await registered()
      const before = d.cookie
      const out = await d.call('POST', '/api/logout', { value: true })
      expect(user(out)).toMatchObject({ loggedIn: false, data: null })
      expect(d.cookie).not.toBe(before)
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/refresh-private-data',
        headers: { 'x-api-version': '1.0', cookie: `balcao_sessao=${before}` },
        payload: { value: true },
      })
      expect(stale.json().data.user.loggedIn).toBe(false)
    })

    it('sets the cookie HttpOnly and SameSite=Lax, and serves bearer clients by header', async () => {
      const res = await device(t).call('POST', '/api/grava-saw-onboarding', { value: true })
      const set = res.cookies.find((c) => c.name === 'balcao_sessao')
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      const bearer = await t.app.inject({
        method: 'POST',
        url: '/api/grava-saw-onboarding',
        headers: { 'x-api-version': '1.0', authorization: 'Bearer nenhum' },
        payload: { value: true },
      })
      expect(bearer.cookies).toEqual([])
      const token = String(bearer.headers['x-session-token'])
      expect(token).toMatch(/^anon\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{40,}$/)
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/refresh-private-data',
        headers: { 'x-api-version': '1.0', authorization: `Bearer ${token}` },
        payload: { value: true },
      })
      expect(again.json().data.user).toEqual({ loggedIn: false, sawOnboarding: true, data: null })
    })

    it('believes no anonymous token it did not sign', async () => {
      const d = device(t)
      await d.call('POST', '/api/grava-saw-onboarding', { value: true })
      const [prefix, , signature] = String(d.cookie).split('.')
      const forged = `${prefix}.${Buffer.from('{"o":1}').toString('base64url')}.${'A'.repeat(signature?.length ?? 43)}`
      for (const token of [forged, 'anon.e30.', 'anon.', `${d.cookie}x`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/refresh-private-data',
          headers: { 'x-api-version': '1.0', cookie: `balcao_sessao=${token}` },
          payload: { value: true },
        })
        expect(res.statusCode, token).toBe(200)
        expect(res.json().data.user.sawOnboarding, token).toBe(false)
      }
    })

    it('marks every answer that may carry private data no-store, and leaves public content cacheable', async () => {
      const d = await registered()
      const privateAnswers = [
        await d.call('POST', '/api/refresh-private-data', { value: true }),
        await d.call('POST', '/alterar-dados-pessoais', { ...DADOS, aceitacao: undefined }),
        await d.call('POST', '/chave-seguranca', { selecao: 1 }),
        await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' }),
        await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '000000' }),
        await t.api('GET', `/api/dev/sms?para=${encodeURIComponent(E164)}`),
      ]
      for (const res of privateAnswers) expect(res.headers['cache-control'], res.body).toBe('no-store')
      expect((await t.api('GET', '/api/novidades')).headers['cache-control']).not.toBe('no-store')
    })

    it('refuses form posts that are not JSON (no cross-site HTML forms)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'x-api-version': '1.0', 'content-type': 'text/plain' },
        payload: 'telemovel=912345678',
      })
      expect(res.statusCode).toBe(415)
      const noVersion = await t.app.inject({ method: 'POST', url: '/login', payload: { telemovel: PHONE } })
      expect(noVersion.statusCode).toBe(400)
    })
  })

  describe('housekeeping', () => {
    it('clears expired sessions, old challenges and old outbox messages', async () => {
      const d = await registered()
      const countOf = async (table: 'sessoes' | 'sms_desafios' | 'sms_outbox') =>
        Number(
          (
            await t.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
        )
      expect(await countOf('sms_desafios')).toBe(1)
      clock.advance(2 * DAY)
      await t.app.housekeeping()
      expect(await countOf('sms_desafios')).toBe(0)
      expect(await countOf('sms_outbox')).toBe(1)
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(true)
      clock.advance(181 * DAY)
      await t.app.housekeeping()
      expect(await countOf('sms_outbox')).toBe(0)
      expect(await countOf('sessoes')).toBe(0)
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
    })

    it('gives no session to public reads, so crawlers leave no rows', async () => {
      const res = await t.api('GET', '/api/novidades')
      expect(res.statusCode).toBe(200)
      expect(res.cookies).toEqual([])
      const rows = await t.database.db.selectFrom('sessoes').select('id').execute()
      expect(rows).toEqual([])
    })
  })
})
