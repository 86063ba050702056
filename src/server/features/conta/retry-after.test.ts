import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import { createTestApp, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { CONTA_LIMITES } from './service.ts'

const PHONE = '912345678'

/**
 * Every 429 of the customer side says when to come back (`Retry-After`, whole seconds), as the store side's
 * do: the end of the lock, of the limit's window, of the wait before a code may be sent again.
 */
describe.each(testDialects())("the customer side's 429s on %s", (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>

  beforeEach(async () => {
    // On the hour: a limit's window (an hour, aligned) ends exactly 3600 s from now.
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
  })
  afterEach(() => t.close())

  const retryAfter = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429)
    return res.headers['retry-after']
  }

  it("a locked account: until the lock's end", async () => {
    const attempt = () => device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '000000' })
    for (let i = 1; i < CONTA_LIMITES.loginFailuresBeforeLock; i++) expect((await attempt()).statusCode).toBe(401)
    const locked = await attempt()
    expect(locked.json().error.title).toBe('Conta bloqueada')
    expect(retryAfter(locked)).toBe(String(CONTA_LIMITES.firstLockMs / 1000))
    clock.advance(20 * 1000 + 300)
    // 39.7 s left: rounded up.
    expect(retryAfter(await attempt())).toBe('40')
  })

  it("sign-up and recovery past a phone's limit: until the window's end", async () => {
    const { max } = CONTA_LIMITES.smsPerPhoneFromIp
    for (const [path, body] of [
      ['/registo', { telemovel: PHONE, pais: '351', termos: true }],
      ['/reset', { telemovel: '912345679', pais: '351' }],
    ] as const) {
      const d = device(t, '198.51.100.7')
      for (let i = 0; i < max; i++) expect((await d.call('POST', path, body)).statusCode, path).toBe(200)
      const over = await d.call('POST', path, body)
      expect(over.json().error.message).toBe('Demasiados pedidos. Tente novamente dentro de 60 minutos.')
      expect(retryAfter(over)).toBe('3600')
    }
  })

  it('a code asked again too soon: until a minute after the last one', async () => {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
    expect(retryAfter(await d.call('POST', '/api/reenviar-codigo', { hash }))).toBe('60')
    clock.advance(45 * 1000)
    const early = await d.call('POST', '/api/reenviar-codigo', { hash })
    expect(early.json().error.title).toBe('Aguarde')
    expect(retryAfter(early)).toBe('15')
    clock.advance(15 * 1000)
    expect((await d.call('POST', '/api/reenviar-codigo', { hash })).statusCode).toBe(200)
  })
})
