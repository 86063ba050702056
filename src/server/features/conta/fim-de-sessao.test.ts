import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, PHONE, registerAccount } from './testing.ts'

/**
 * A device signed out because the account's password changed on another one is told so on its next visit (once),
 * instead of finding itself a guest with no word; one signed out for another reason, or by itself, hears nothing.
 */
describe.each(testDialects())('a session ended elsewhere, on %s', (dialect) => {
  let t: TestApp

  beforeEach(async () => {
    t = (await accountsApp(dialect)).t
  })
  afterEach(() => t.close())

  const ler = async (d: ReturnType<typeof device>) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data

  it('by a password change: the other device is told once, then is a plain guest', async () => {
    const phone = await registerAccount(t)
    const laptop = device(t)
    await laptop.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
    const antes = laptop.cookie
    const res = await phone.call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' })
    expect(res.statusCode).toBe(200)

    const primeira = await ler(laptop)
    expect(primeira.fimDeSessao).toBe('password')
    expect(primeira.user.loggedIn).toBe(false)
    expect(laptop.cookie).not.toBe(antes)
    const segunda = await ler(laptop)
    expect(segunda).not.toHaveProperty('fimDeSessao')
    expect(segunda.user.loggedIn).toBe(false)
    // The device that changed it goes on, with nothing to be told.
    const propria = await ler(phone)
    expect(propria).not.toHaveProperty('fimDeSessao')
    expect(propria.user.loggedIn).toBe(true)
  })

  it("by its own logout: nothing to tell, and the account's other device stays signed in", async () => {
    const d = await registerAccount(t)
    const outro = device(t)
    await outro.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
    expect((await d.call('POST', '/api/logout', { value: true })).statusCode).toBe(200)
    const lido = await ler(d)
    expect(lido).not.toHaveProperty('fimDeSessao')
    expect(lido.user.loggedIn).toBe(false)
    expect((await ler(outro)).user.loggedIn).toBe(true)
  })
})
