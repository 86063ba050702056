import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DAY } from '../../platform/clock.ts'
import { insertSaldo } from '../../testing/fixtures.ts'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, E164, type ManualClock, PHONE, registerAccount, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('provisional in-store accounts', () => {
    async function provisional(phone: string, createdAt: string) {
      return t.database.db
        .insertInto('utilizadores')
        .values({
          telemovel: phone,
          pais: '351',
          telemovel_e164: `+351${phone}`,
          origem: 'loja',
          temporario: 1,
          qr_code: `qr-${phone}`,
          criado_em: createdAt,
          atualizado_em: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    }

    it('do not lapse once completed, even when a recovery makes them temporary again', async () => {
      const { id } = await provisional(PHONE, '2026-08-01T10:00:00.000Z')
      await t.database.db
        .updateTable('utilizadores')
        .set({ temporario: 0, registo_completo_em: '2026-08-02T10:00:00.000Z', password_hash: null })
        .where('id', '=', id)
        .execute()
      await insertSaldo(t.database.db, id, 2500)
      const d = device(t)
      const { hash } = (await d.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
      const confirm = await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm).data).toMatchObject({ temporario: 1, saldo: 2500 })
      await t.app.housekeeping()
      const row = await t.database.db
        .selectFrom('utilizadores')
        .select(['eliminado'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ eliminado: 0 })
      expect(user(await d.call('POST', '/api/refresh-private-data', { value: true })).data).toMatchObject({
        saldo: 2500,
      })
    })

    it('lapse when not completed within 30 days; completed and recent ones stay', async () => {
      const old = await provisional('931111111', '2026-10-22T09:00:00.000Z')
      const recent = await provisional('932222222', '2026-10-24T10:00:00.000Z')
      await registered()
      const db = t.database.db
      // The hourly job; the test's clock decides what "30 days ago" is.
      await t.app.housekeeping()
      const rows = await db
        .selectFrom('utilizadores')
        .select(['id', 'eliminado', 'telemovel_e164', 'origem'])
        .orderBy('id')
        .execute()
      expect(rows.find((r) => r.id === old.id)).toMatchObject({ eliminado: 1, telemovel_e164: null })
      expect(rows.find((r) => r.id === recent.id)).toMatchObject({ eliminado: 0 })
      expect(rows.find((r) => r.origem === 'app')).toMatchObject({ eliminado: 0 })
      // The lapsed number can join again.
      const again = await device(t).call('POST', '/registo', { telemovel: '931111111', pais: '351', termos: true })
      expect(again.statusCode).toBe(200)
      clock.advance(3 * DAY)
      await t.app.housekeeping()
      const recentNow = await db
        .selectFrom('utilizadores')
        .select('eliminado')
        .where('id', '=', recent.id)
        .executeTakeFirst()
      expect(recentNow?.eliminado).toBe(1)
    })
  })
})
