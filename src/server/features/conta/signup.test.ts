import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, E164, type ManualClock, PHONE, registerAccount, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('sign-up', () => {
    it('sends a 6-digit code by SMS and logs the person in, as a temporary account, once it is confirmed', async () => {
      const d = device(t)
      const anon = await d.call('POST', '/api/refresh-private-data', { value: true })
      expect(user(anon)).toEqual({ loggedIn: false, sawOnboarding: false, data: null })
      const anonCookie = d.cookie

      const res = await d.call('POST', '/registo', { telemovel: '91 234 5678', pais: '351', termos: true })
      expect(res.statusCode).toBe(200)
      const { hash } = res.json().data
      expect(hash).toMatch(/^[A-Za-z0-9_-]{40,}$/)
      const code = await lastSmsCode(t, E164)
      expect(code).toMatch(/^\d{6}$/)

      const confirm = await d.call('POST', `/registo/${hash}`, { codigo: code })
      expect(confirm.statusCode).toBe(200)
      const { data } = confirm.json()
      expect(data.user.loggedIn).toBe(true)
      expect(data.user.data).toMatchObject({ telemovel: PHONE, pais: '351', temporario: 1, saldo: 0, ja_poupou: 0 })
      expect(data.transacoes).toEqual([])
      expect(data.ordering).toEqual([])
      // The anonymous visitor had no session row; the confirmation opened the account's first one.
      expect(anonCookie).toBeUndefined()
      expect(d.cookie).toBeDefined()
      const stored = await t.database.db.selectFrom('sessoes').select(['utilizador_id', 'revogada_em']).execute()
      expect(stored).toEqual([{ utilizador_id: data.user.data.id, revogada_em: null }])
    })

    it('answers each bad field with its pt-PT message and sends nothing', async () => {
      const d = device(t)
      const missing = await d.call('POST', '/registo', { pais: '351' })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().error).toMatchObject({
        title: 'Erro',
        message: 'Falha ao submeter o formulário',
        fields: { telemovel: 'Campo de preenchimento obrigatório', termos: 'Campo de preenchimento obrigatório' },
      })
      const fixedLine = await d.call('POST', '/registo', { telemovel: '213000000', pais: '351', termos: true })
      expect(fixedLine.json().error.fields).toEqual({ telemovel: 'Telemóvel inválido' })
      const letters = await d.call('POST', '/registo', { telemovel: 'abc', pais: '351', termos: true })
      expect(letters.json().error.fields.telemovel).toBe('Campo de preenchimento numérico')
      const wrongTypes = await d.call('POST', '/registo', { telemovel: 912345678, pais: [], termos: 'sim' })
      expect(wrongTypes.statusCode).toBe(400)
      expect(wrongTypes.json().error.fields).toEqual({
        telemovel: 'Valor inválido',
        pais: 'Valor inválido',
        termos: 'Campo de preenchimento obrigatório',
      })
      const count = await t.database.db
        .selectFrom('sms_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
      expect(Number(count?.n)).toBe(0)
    })

    it('lists what the development outbox sent, newest first, narrowed to one number when asked', async () => {
      await device(t).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
      await device(t).call('POST', '/registo', { telemovel: '912345679', pais: '351', termos: true })
      // Asked from this machine (127.0.0.1): the development endpoints answer no other (platform/dev-endpoints.ts).
      const all = (await t.api('GET', '/api/dev/sms')).json().data
      expect(all.map((s: { para: string }) => s.para)).toEqual(['+351912345679', E164])
      const one = (await t.api('GET', `/api/dev/sms?para=${encodeURIComponent(E164)}`)).json().data
      expect(one).toHaveLength(1)
      expect(one[0].texto).toMatch(/^Balcão: o seu código de confirmação é \d{6}\./)
    })

    it('has no development outbox in production', async () => {
      await t.close()
      t = await createTestApp(dialect, { NODE_ENV: 'production' }, { clock })
      expect((await t.api('GET', '/api/dev/sms')).statusCode).toBe(404)
    })

    it('accepts mobile numbers of other countries by dial code, where SMS go to them (SMS_PAISES)', async () => {
      await t.close()
      t = await createTestApp(dialect, { SMS_PAISES: ['351', '34'] }, { clock })
      const res = await device(t).call('POST', '/registo', { telemovel: '612345678', pais: '34', termos: true })
      expect(res.statusCode).toBe(200)
      expect(await lastSmsCode(t, '+34612345678')).toMatch(/^\d{6}$/)
    })

    it('refuses a phone that already has an account', async () => {
      await registered()
      const res = await device(t).call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.fields).toEqual({ telemovel: 'Já existe um utilizador com este telemovel' })
    })
  })
})
