import { beforeEach, describe, expect, it } from 'vitest'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { setupTill } from './testing.ts'

describe.each(testDialects())('Store API: loyalty at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente, prova, privado, comprar } = scene
  let t: TestApp

  beforeEach(() => {
    ;({ t } = scene)
  })

  describe('what a review found', () => {
    it('one Idempotency-Key sent five times at once: one effect, five identical answers (spend, refund, new account)', async () => {
      const c = await cliente()
      await comprar(c.id, 20_000) // 1000 credit
      const spend = {
        cliente_id: c.id,
        identificacao: await prova(c.id),
        total: 1000,
        saldo_a_usar: 1000,
        referencia: 'X',
      }
      const spends = await Promise.all(
        Array.from({ length: 5 }, () => loja('POST', '/compras', spend, { idem: 'gastar' })),
      )
      expect(spends.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201])
      expect(new Set(spends.map((r) => r.body)).size).toBe(1)
      const purchase = spends[0]?.json().data.transacao
      const refunds = await Promise.all(
        Array.from({ length: 5 }, () =>
          loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 0 }, { idem: 'devolver' }),
        ),
      )
      expect(refunds.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201])
      expect(new Set(refunds.map((r) => r.body)).size).toBe(1)
      const accounts = await Promise.all(
        Array.from({ length: 5 }, () =>
          loja('POST', '/clientes', { telemovel: '935555555', pais: '351' }, { idem: 'novo' }),
        ),
      )
      expect(accounts.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201])
      expect(new Set(accounts.map((r) => r.body)).size).toBe(1)
      const sms = await t.database.db
        .selectFrom('sms_outbox')
        .select('id')
        .where('para', '=', '+351935555555')
        .execute()
      expect(sms).toHaveLength(1)
    })

    it('numbers past 32-bit integers are refused as bad input, never a 500', async () => {
      const c = await cliente()
      const big = 3_000_000_000
      expect((await comprar(c.id, big)).statusCode).toBe(400)
      expect((await comprar(big, 100)).statusCode).toBe(400)
      expect((await comprar(c.id, 10_000_001)).statusCode).toBe(400)
      expect((await loja('POST', `/compras/${big}/devolucoes`, { valor: 1 })).statusCode).toBe(400)
      expect((await c.d.call('POST', `/api/transacao/${big}`, { value: true })).statusCode).toBe(400)
      const opinion = { loja: 862, comentario: 'Ótimo' }
      expect((await c.d.call('POST', `/opiniao/transacao/${big}`, opinion)).statusCode).toBe(400)
      expect((await c.d.call('POST', '/opiniao', { ...opinion, loja: big })).statusCode).toBe(400)
    })

    it('wrong security codes sent in parallel are each counted before they are checked', async () => {
      const c = await cliente()
      const chave = (await c.d.call('POST', '/chave-seguranca', { selecao: 1 })).json().data.chave as string
      const wrong = chave === '000000' ? '111111' : '000000'
      const burst = await Promise.all(
        Array.from({ length: 30 }, () =>
          loja('POST', '/clientes/identificar', { telemovel: c.telemovel, pais: '351', codigo_seguranca: wrong }),
        ),
      )
      const statuses = burst.map((r) => r.statusCode)
      expect(statuses.filter((s) => s === 404)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(25)
    })

    it('a complete account in the middle of a recovery still earns', async () => {
      const c = await cliente()
      const d = device(t)
      const { hash } = (await d.call('POST', '/reset', { telemovel: c.telemovel, pais: '351' })).json().data
      await d.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, `+351${c.telemovel}`) })
      const res = await comprar(c.id, 5000)
      expect(res.json().data.transacao).toMatchObject({ saldo_adicionado: 250, pontos_ganhos: 50, aviso: null })
    })

    it('a purchase paid wholly with balance is refunded whole by a refund of 0, once', async () => {
      const c = await cliente()
      await comprar(c.id, 10_000) // 500 credit
      const before = (await privado(c.d)).user.data
      const paidWithBalance = (await comprar(c.id, 300, 300)).json().data.transacao
      expect(paidWithBalance.valor_pago).toBe(0)
      expect((await loja('POST', `/compras/${paidWithBalance.id}/devolucoes`, { valor: 1 })).statusCode).toBe(409)
      const refund = await loja('POST', `/compras/${paidWithBalance.id}/devolucoes`, { valor: 0 })
      expect(refund.statusCode, refund.body).toBe(201)
      expect(refund.json().data.transacao.saldo_adicionado).toBe(300)
      const after = (await privado(c.d)).user.data
      expect({ saldo: after.saldo, pontos: after.pontos }).toEqual({ saldo: before.saldo, pontos: before.pontos })
      expect((await loja('POST', `/compras/${paidWithBalance.id}/devolucoes`, { valor: 0 })).statusCode).toBe(409)
      const normal = (await comprar(c.id, 1000)).json().data.transacao
      expect((await loja('POST', `/compras/${normal.id}/devolucoes`, { valor: 0 })).statusCode).toBe(400)
    })

    it('an opinion is of a purchase: a refund movement has none', async () => {
      const c = await cliente()
      const purchase = (await comprar(c.id, 1000)).json().data.transacao
      const refund = (await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 500 })).json().data.transacao
      const body = { loja: 862, rating1: 5, comentario: 'Bom' }
      expect((await c.d.call('POST', `/opiniao/transacao/${refund.id}`, body)).statusCode).toBe(404)
      expect((await c.d.call('POST', `/opiniao/transacao/${purchase.id}`, body)).statusCode).toBe(200)
      expect((await c.d.call('POST', `/opiniao/transacao/${purchase.id}`, body)).statusCode).toBe(409)
    })
  })
})
