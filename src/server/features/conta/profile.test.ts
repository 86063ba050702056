import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { accountsApp, DADOS, E164, type ManualClock, PHONE, user } from './testing.ts'

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock

  beforeEach(async () => {
    ;({ t, clock } = await accountsApp(dialect))
  })
  afterEach(() => t.close())

  describe('personal data', () => {
    it('checks every field with the messages of the spec', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      const res = await d.call('POST', '/alterar-dados-pessoais', {
        nome: '  ',
        email: 'ana@',
        dataNascimento: '2026-02-30',
        nif1: '123456780',
        codigoPostal: '1100',
        password: '12a',
        confirmacaoPassword: '999',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({
        nome: 'Campo de preenchimento obrigatório',
        email: 'Email inválido',
        dataNascimento: 'Data inválida',
        nif1: 'NIF inválido',
        codigoPostal: 'Código postal inválido',
        password: 'Tamanho mínimo: 6 caracteres',
        confirmacaoPassword: 'O valor deve ser igual ao do campo Password',
        aceitacao: 'Campo de preenchimento obrigatório',
      })
      const letters = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        password: '12345a',
        confirmacaoPassword: '12345a',
      })
      expect(letters.json().error.fields).toEqual({ password: 'Campo de preenchimento numérico' })
      // 16th birthday is tomorrow (clock: 2026-11-22).
      const minor = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        dataNascimento: '2010-11-23',
        password: '123456',
        confirmacaoPassword: '123456',
      })
      expect(minor.json().error.fields).toEqual({
        dataNascimento: 'É necessário ser maior de 16 anos para participar do programa',
      })
      const sixteen = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        dataNascimento: '2010-11-22',
        password: '123456',
        confirmacaoPassword: '123456',
      })
      expect(sixteen.statusCode).toBe(200)
      expect(user(sixteen).data).toMatchObject({
        dataNascimento: '2010-11-22',
        nif1: '123456789',
        genero: 'F',
        comunicacoes: true,
      })
    })

    it('follows the configured minimum age in its rule and its message', async () => {
      await t.close()
      t = await createTestApp(dialect, { MINIMUM_AGE: 18 }, { clock })
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      const res = await d.call('POST', '/alterar-dados-pessoais', {
        ...DADOS,
        dataNascimento: '2010-01-01',
        password: '123456',
        confirmacaoPassword: '123456',
      })
      expect(res.json().error.fields.dataNascimento).toBe(
        'É necessário ser maior de 18 anos para participar do programa',
      )
      expect((await d.call('GET', '/api/configuracao')).json().data).toEqual({
        creditoPercent: 5,
        idadeMinima: 18,
        paisPorOmissao: '351',
        carteiras: { apple: false, google: false },
      })
    })

    it('is all a temporary account may do', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      const calls: [string, unknown][] = [
        ['/alterar-password', { password: '123456', confirmacaoPassword: '123456' }],
        ['/chave-seguranca', { selecao: 1 }],
        [
          '/alterar-telemovel',
          { telemovel: '961234567', pais: '351', confirmacaoTelemovel: '961234567', confirmacaoPais: '351' },
        ],
      ]
      for (const [url, body] of calls) {
        const res = await d.call('POST', url, body)
        expect(res.statusCode, url).toBe(403)
        expect(res.json().error.message).toBe('Complete primeiro os seus dados pessoais.')
      }
    })

    it('completes a registration only with the active acceptance of terms and privacy, asked once', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
      const confirm = await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })
      expect(user(confirm).data).toMatchObject({ temporario: 1, registoCompleto: false })
      const withPassword = { ...DADOS, password: '123456', confirmacaoPassword: '123456' }
      for (const aceitacao of [undefined, false, 'true']) {
        const refused = await d.call('POST', '/alterar-dados-pessoais', { ...withPassword, aceitacao })
        expect(refused.statusCode).toBe(400)
        expect(refused.json().error.fields).toEqual({ aceitacao: 'Campo de preenchimento obrigatório' })
      }
      const still = await d.call('POST', '/api/refresh-private-data', { value: true })
      expect(user(still).data).toMatchObject({ temporario: 1, registoCompleto: false, nome: null })
      const done = await d.call('POST', '/alterar-dados-pessoais', withPassword)
      expect(user(done).data).toMatchObject({ temporario: 0, registoCompleto: true })
      const { aceitacao: _, ...semAceitacao } = DADOS
      const later = await d.call('POST', '/alterar-dados-pessoais', { ...semAceitacao, nome: 'Ana S.' })
      expect(later.statusCode, later.body).toBe(200)
      expect(user(later).data).toMatchObject({ nome: 'Ana S.', registoCompleto: true })
    })

    it('needs a session with an account', async () => {
      const res = await device(t).call('POST', '/alterar-dados-pessoais', DADOS)
      expect(res.statusCode).toBe(401)
      expect(res.json().error.message).toBe('Sessão terminada. Inicie sessão novamente.')
    })
  })
})
