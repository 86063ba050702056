import { beforeEach, describe, expect, it } from 'vitest'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { type ManualClock, setupTill } from './testing.ts'

describe.each(testDialects())('Store API: loyalty at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente } = scene
  let t: TestApp
  let clock: ManualClock
  let key862: string
  let key848: string

  beforeEach(() => {
    ;({ t, clock, key862, key848 } = scene)
  })

  describe('keys', () => {
    it('refuses calls without a key or with an unknown or revoked one (401), with no version header needed', async () => {
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/loja/v1/clientes/identificar',
        payload: { qr: 'x' },
      })
      expect(none.statusCode).toBe(401)
      expect(none.headers['www-authenticate']).toBe('Bearer')
      expect(none.json().error.message).toBe('Falta a chave da loja (Authorization: Bearer …).')
      expect((await loja('POST', '/clientes/identificar', { qr: 'x' }, { key: 'loja_nada' })).statusCode).toBe(401)
      await lojasChavesRepo(t.database.db, clock).revoke('caixa-848')
      expect((await loja('POST', '/clientes/identificar', { qr: 'x' }, { key: key848 })).statusCode).toBe(401)
      expect((await loja('POST', '/clientes/identificar', { qr: 'x' })).statusCode).toBe(404)
    })

    it('names each bad field in pt-PT, and writes nothing', async () => {
      const res = await loja('POST', '/compras', { cliente_id: 'x', total: 1.5, saldo_a_usar: -1 })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({
        cliente_id: 'Valor inválido',
        total: 'Valor em cêntimos (número inteiro)',
        saldo_a_usar: 'Não pode ser negativo',
        referencia: 'Campo de preenchimento obrigatório',
      })
      expect(await t.database.db.selectFrom('transacoes').select('id').execute()).toEqual([])
    })

    it('keeps a label for one key for good, also after it is revoked', async () => {
      const keys = lojasChavesRepo(t.database.db, clock)
      expect(await keys.labelTaken('caixa-862')).toBe(true)
      expect(await keys.labelTaken('caixa-nova')).toBe(false)
      await keys.revoke('caixa-862')
      expect(await keys.labelTaken('caixa-862')).toBe(true)
    })

    it('keeps only a hash of each key', async () => {
      const rows = await t.database.db.selectFrom('lojas_chaves').select('chave_hash').execute()
      expect(rows.map((r) => r.chave_hash)).not.toContain(key862)
      expect(rows[0]?.chave_hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it('asks an Idempotency-Key of every change (400 without one)', async () => {
      const { id } = await cliente()
      const res = await loja(
        'POST',
        '/compras',
        { cliente_id: id, total: 100, saldo_a_usar: 0, referencia: 'A' },
        { idem: null },
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toHaveProperty('Idempotency-Key')
      const tooLong = await loja(
        'POST',
        '/compras',
        { cliente_id: id, total: 100, saldo_a_usar: 0, referencia: 'A' },
        { idem: 'x'.repeat(201) },
      )
      expect(tooLong.statusCode).toBe(400)
    })
  })
})
