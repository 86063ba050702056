import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, PHONE, registerAccount, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp

  beforeEach(async () => {
    t = (await accountsApp(dialect)).t
  })
  afterEach(() => t.close())

  const registered = (phone?: string, password?: string, ip?: string) => registerAccount(t, phone, password, ip)

  describe('password, phone and security key', () => {
    it('changes the password and ends every other session', async () => {
      const phone = await registered()
      const laptop = device(t)
      await laptop.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      const mismatch = await phone.call('POST', '/alterar-password', {
        password: '111111',
        confirmacaoPassword: '111112',
      })
      expect(mismatch.json().error.fields).toEqual({
        confirmacaoPassword: 'O valor deve ser igual ao do campo Password',
      })
      const res = await phone.call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' })
      expect(res.statusCode).toBe(200)
      expect(user(await phone.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(true)
      expect(user(await laptop.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
      expect(
        (await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '111111' })).statusCode,
      ).toBe(200)
      expect(
        (await device(t).call('POST', '/alterar-password', { password: '111111', confirmacaoPassword: '111111' }))
          .statusCode,
      ).toBe(401)
    })

    it('changes the phone by SMS to the new number, and ends every session', async () => {
      const d = await registered()
      const other = device(t)
      await other.call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })
      const mismatch = await d.call('POST', '/alterar-telemovel', {
        telemovel: '961234567',
        pais: '351',
        confirmacaoTelemovel: '961234567',
        confirmacaoPais: '34',
      })
      expect(mismatch.json().error.fields).toEqual({
        confirmacaoTelemovel: 'O valor deve ser igual ao do campo Telemóvel',
      })
      const res = await d.call('POST', '/alterar-telemovel', {
        telemovel: '961234567',
        pais: '351',
        confirmacaoTelemovel: '961234567',
        confirmacaoPais: '351',
      })
      expect(res.statusCode).toBe(200)
      const code = await lastSmsCode(t, '+351961234567')
      const confirm = await d.call('POST', `/alterar-telemovel/${res.json().data.hash}`, { codigo: code })
      expect(confirm.statusCode).toBe(200)
      expect(user(confirm)).toMatchObject({ loggedIn: true, data: { telemovel: '961234567' } })
      expect(user(await other.call('POST', '/api/refresh-private-data', { value: true })).loggedIn).toBe(false)
      expect(
        (await device(t).call('POST', '/login', { telemovel: '961234567', pais: '351', password: '135790' }))
          .statusCode,
      ).toBe(200)
      expect(
        (await device(t).call('POST', '/login', { telemovel: PHONE, pais: '351', password: '135790' })).statusCode,
      ).toBe(401)
    })

    it("refuses a number that has an account, and another person's confirmation", async () => {
      const ana = await registered(PHONE)
      const rui = await registered('912345679', '246802', '203.0.113.11')
      const taken = await ana.call('POST', '/alterar-telemovel', {
        telemovel: '912345679',
        pais: '351',
        confirmacaoTelemovel: '912345679',
        confirmacaoPais: '351',
      })
      expect(taken.statusCode).toBe(409)
      expect(taken.json().error.fields).toEqual({ telemovel: 'Já existe um utilizador com este telemovel' })
      const { hash } = (
        await ana.call('POST', '/alterar-telemovel', {
          telemovel: '961234567',
          pais: '351',
          confirmacaoTelemovel: '961234567',
          confirmacaoPais: '351',
        })
      ).json().data
      const stolen = await rui.call('POST', `/alterar-telemovel/${hash}`, {
        codigo: await lastSmsCode(t, '+351961234567'),
      })
      expect(stolen.statusCode).toBe(410)
    })

    it('turns the security key on with a new key stored encrypted, off, and makes a new one', async () => {
      const d = await registered()
      const on = await d.call('POST', '/chave-seguranca', { selecao: 1 })
      expect(on.statusCode).toBe(200)
      const { user: u, chave } = on.json().data
      expect(u.usar_codigo_seguranca).toBe(1)
      expect(chave).toMatch(/^\d{6}$/)
      expect(u.codigo_seguranca).toBe(chave)
      const row = await t.database.db
        .selectFrom('utilizadores')
        .select(['codigo_seguranca_hash', 'codigo_seguranca_cifrado'])
        .executeTakeFirstOrThrow()
      expect(row.codigo_seguranca_hash).toBeNull()
      expect(row.codigo_seguranca_cifrado).toMatch(/^v1:/)
      const off = await d.call('POST', '/chave-seguranca', { selecao: 0 })
      expect(off.json().data).toMatchObject({ user: { usar_codigo_seguranca: 0, codigo_seguranca: null }, chave: null })
      const again = await d.call('POST', '/chave-seguranca', { selecao: 1 })
      expect(again.json().data).toMatchObject({ chave: null, user: { codigo_seguranca: chave } })
      const fresh = await d.call('POST', '/chave-seguranca', { selecao: 1, gerar: true })
      expect(fresh.json().data.chave).toMatch(/^\d{6}$/)
      expect(fresh.json().data.user.codigo_seguranca).toBe(fresh.json().data.chave)
      const bad = await d.call('POST', '/chave-seguranca', { selecao: 2 })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.fields).toEqual({ selecao: 'Valor inválido' })
      const onboarding = await d.call('POST', '/api/grava-saw-onboarding', { value: 'sim' })
      expect(onboarding.json().error.fields).toEqual({ value: 'Valor inválido' })
    })
  })
})
