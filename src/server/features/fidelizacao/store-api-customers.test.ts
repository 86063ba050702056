import { beforeEach, describe, expect, it } from 'vitest'
import { device, type TestApp, testDialects } from '../../testing/harness.ts'
import { setupTill } from './testing.ts'

describe.each(testDialects())('Store API: loyalty at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente, privado, comprar } = scene
  let t: TestApp

  beforeEach(() => {
    ;({ t } = scene)
  })

  describe('identification', () => {
    it('finds a customer by the QR, or by phone, with balance, points, threshold and rewards', async () => {
      const c = await cliente()
      const byQr = await loja('POST', '/clientes/identificar', { qr: c.qr })
      expect(byQr.statusCode, byQr.body).toBe(200)
      expect(byQr.json().data.cliente).toEqual({
        id: c.id,
        nome: 'Ana Silva',
        saldo: 0,
        pontos: 0,
        patamar: 100,
        itens: 0,
        temporario: 0,
        nif: null,
        // No reward defined by the back-office: rewards are only counted (features/admin/premio.test.ts names them).
        premios: [],
        // No birthday reward given: the birthday tests (aniversarios.test.ts) name one.
        aniversario: null,
        carimbos: [],
      })
      const byPhone = await loja('POST', '/clientes/identificar', { telemovel: c.telemovel, pais: '351' })
      expect(byPhone.json().data.cliente.id).toBe(c.id)
    })

    it('refuses a body that is not exactly one way of identifying', async () => {
      for (const body of [{}, { qr: 'x', telemovel: '912345678', pais: '351' }, { telemovel: '912345678' }]) {
        expect((await loja('POST', '/clientes/identificar', body)).statusCode, JSON.stringify(body)).toBe(400)
      }
    })

    it('with the security key on: the phone alone is refused (403), the code is asked, wrong codes are limited', async () => {
      const c = await cliente()
      const chave = (await c.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data.chave as string
      const byPhone = { telemovel: c.telemovel, pais: '351' }
      const refused = await loja('POST', '/clientes/identificar', byPhone)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().error.message).toContain('código de segurança')
      expect((await loja('POST', '/clientes/identificar', { ...byPhone, codigo_seguranca: chave })).statusCode).toBe(
        200,
      )
      const wrong = chave === '000000' ? '111111' : '000000'
      const unknown = await loja('POST', '/clientes/identificar', { telemovel: '919999999', pais: '351' })
      for (let i = 0; i < 5; i++) {
        const res = await loja('POST', '/clientes/identificar', { ...byPhone, codigo_seguranca: wrong })
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual(unknown.json())
      }
      const limited = await loja('POST', '/clientes/identificar', { ...byPhone, codigo_seguranca: chave })
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      // The QR (renewed with the key) still works: the limit is on guessing codes.
      const qr = (await privado(c.d)).user.data.qrCode
      expect((await loja('POST', '/clientes/identificar', { qr })).statusCode).toBe(200)
    })

    it('a new security key makes a new QR: the old one identifies nobody', async () => {
      const c = await cliente()
      await c.d.call('POST', '/chave-seguranca', { selecao: 1 })
      const fresh = (await privado(c.d)).user.data.qrCode
      expect(fresh).not.toBe(c.qr)
      expect((await loja('POST', '/clientes/identificar', { qr: c.qr })).statusCode).toBe(404)
      expect((await loja('POST', '/clientes/identificar', { qr: fresh })).statusCode).toBe(200)
    })

    it('lapsed and erased accounts are not identified, with the same answer as an unknown one', async () => {
      const c = await cliente()
      const unknown = await loja('POST', '/clientes/identificar', { qr: 'desconhecido' })
      await t.database.db.updateTable('utilizadores').set({ eliminado: 1 }).where('id', '=', c.id).execute()
      for (const body of [{ qr: c.qr }, { telemovel: c.telemovel, pais: '351' }]) {
        const res = await loja('POST', '/clientes/identificar', body)
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual(unknown.json())
      }
      expect((await comprar(c.id, 1000)).statusCode).toBe(404)
    })
  })

  describe('provisional accounts', () => {
    it('creates a temporary account and sends the app address and a 6-digit password by SMS; its first login asks the personal data', async () => {
      const res = await loja('POST', '/clientes', { telemovel: '934444444', pais: '351' }, { idem: 'novo-1' })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().data.cliente).toMatchObject({ temporario: 1, saldo: 0 })
      const again = await loja('POST', '/clientes', { telemovel: '934444444', pais: '351' }, { idem: 'novo-1' })
      expect(again.json()).toEqual(res.json())
      const sms = await t.database.db
        .selectFrom('sms_outbox')
        .select('texto')
        .where('para', '=', '+351934444444')
        .execute()
      expect(sms).toHaveLength(1)
      expect(sms[0]?.texto).toContain('http://localhost:3000')
      const password = sms[0]?.texto.match(/password (\d{6})/)?.[1]
      expect(password).toMatch(/^\d{6}$/)
      const login = await device(t).call('POST', '/login', { telemovel: '934444444', pais: '351', password })
      expect(login.statusCode).toBe(200)
      expect(login.json().data.user.data).toMatchObject({ temporario: 1 })
      const existing = await loja('POST', '/clientes', { telemovel: '934444444', pais: '351' })
      expect(existing.statusCode).toBe(409)
    })
  })
})
