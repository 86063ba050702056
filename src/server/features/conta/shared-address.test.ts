import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertContas } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'

/** One address for everyone: a carrier's CGNAT (100.64.0.0/10) or a café's Wi-Fi. */
const SHARED_IP = '100.64.12.34'

const countRows = async (t: TestApp, table: 'sessoes' | 'utilizadores') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  )

describe.each(testDialects())('many honest people behind one address, on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect)
  })
  afterAll(() => t.close())

  it('1,000 new visitors all complete the onboarding, leaving no rows; 50 of them sign up', async () => {
    const visitors = Array.from({ length: 1000 }, () => device(t, SHARED_IP))
    for (const visitor of visitors) {
      const first = await visitor.call('POST', '/api/refresh-private-data', { value: true })
      expect(first.statusCode).toBe(200)
      expect(first.json().data.user.sawOnboarding).toBe(false)
      const done = await visitor.call('POST', '/api/grava-saw-onboarding', { value: true })
      expect(done.statusCode, done.body).toBe(200)
      const after = await visitor.call('POST', '/api/refresh-private-data', { value: true })
      expect(after.json().data.user).toEqual({ loggedIn: false, sawOnboarding: true, data: null })
    }
    // Nothing worth keeping happened yet: no visitor has a row.
    expect(await countRows(t, 'sessoes')).toBe(0)

    for (const [i, visitor] of visitors.slice(0, 50).entries()) {
      const telemovel = String(912000000 + i * 1000) // each in a block of its own (decision 0054)
      const start = await visitor.call('POST', '/registo', { telemovel, pais: '351', termos: true })
      expect(start.statusCode, start.body).toBe(200)
      const code = await lastSmsCode(t, `+351${telemovel}`)
      const confirm = await visitor.call('POST', `/registo/${start.json().data.hash}`, { codigo: code })
      expect(confirm.statusCode, confirm.body).toBe(200)
      expect(confirm.json().data.user).toMatchObject({ loggedIn: true, sawOnboarding: true })
    }
    expect(await countRows(t, 'utilizadores')).toBe(50)
    expect(await countRows(t, 'sessoes')).toBe(50)
  }, 120_000)

  it('150 customers log in from one address (more than any per-address allowance of old)', async () => {
    const phones = Array.from({ length: 150 }, (_, i) => String(936000000 + i))
    await insertContas(t.database.db, phones, '135790')
    for (const telemovel of phones) {
      const res = await device(t, SHARED_IP).call('POST', '/login', { telemovel, pais: '351', password: '135790' })
      expect(res.statusCode, res.body).toBe(200)
    }
  }, 120_000)
})
