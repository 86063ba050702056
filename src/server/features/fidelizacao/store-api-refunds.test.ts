import { beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupTill } from './testing.ts'

describe.each(testDialects())('Store API: loyalty at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente, privado, comprar } = scene
  let t: TestApp
  let key848: string

  beforeEach(() => {
    ;({ t, key848 } = scene)
  })

  describe('refunds', () => {
    it('take back credit and points and give back the balance used, in proportion, to the cent over several parts', async () => {
      const c = await cliente()
      await comprar(c.id, 3000) // 150 credit, 30 points
      const before = (await privado(c.d)).user.data
      const purchase = (await comprar(c.id, 1999, 150)).json().data.transacao
      expect(purchase.valor_pago).toBe(1849)
      const parts = [500, 700, 649]
      for (const valor of parts) {
        const res = await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor })
        expect(res.statusCode, res.body).toBe(201)
        expect(res.json().data.nao_recuperado).toEqual({ saldo: 0, pontos: 0 })
      }
      const after = (await privado(c.d)).user.data
      expect({ saldo: after.saldo, pontos: after.pontos, itens: after.itens }).toEqual({
        saldo: before.saldo,
        pontos: before.pontos,
        itens: before.itens,
      })
      expect(after.ja_poupou).toBe(0)
      const beyond = await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 1 })
      expect(beyond.statusCode).toBe(409)
    })

    it('credit already spent: the balance stops at 0 and the answer says how much was not recovered', async () => {
      const c = await cliente()
      const purchase = (await comprar(c.id, 2000)).json().data.transacao // 100 credit
      await comprar(c.id, 100, 100) // all of it spent (nothing paid, nothing earned)
      const res = await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 2000 })
      expect(res.statusCode).toBe(201)
      expect(res.json().data.transacao.saldo_actual).toBe(0)
      expect(res.json().data.nao_recuperado.saldo).toBe(100)
      expect(res.json().data.aviso).toContain('Não foi possível recuperar 1,00\u00a0€ de saldo')
    })

    it('tell the customer what was taken back and given back, in the app and by push, once per refund', async () => {
      const c = await cliente()
      const agora = scene.clock.now()
      const sessao = await t.database.db
        .insertInto('sessoes')
        .values({
          token_hash: 'h'.repeat(64),
          utilizador_id: c.id,
          criado_em: agora.toISOString(),
          expira_em: new Date(agora.getTime() + 86_400_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await t.database.db
        .insertInto('push_subscricoes')
        .values({
          utilizador_id: c.id,
          sessao_id: sessao.id,
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          p256dh: 'p',
          auth: 'a',
          criada_em: agora.toISOString(),
        })
        .execute()
      await comprar(c.id, 3000) // 1,50 € of credit
      const purchase = (await comprar(c.id, 2000, 100)).json().data.transacao // 19,00 € paid: 0,95 €, 19 points
      const avisos = () =>
        t.database.db
          .selectFrom('notificacoes')
          .select(['id', 'titulo', 'texto'])
          .where('utilizador_id', '=', c.id)
          .orderBy('id')
          .execute()
      const antes = (await avisos()).length
      const res = await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 1000 }, { idem: 'dev-aviso' })
      expect(res.statusCode, res.body).toBe(201)
      await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 1000 }, { idem: 'dev-aviso' })
      const novos = (await avisos()).slice(antes)
      expect(novos).toHaveLength(1)
      // 10,00 € of 19,00 € paid: 0,50 € of the credit and 10 of the points taken back, 0,53 € of the 1,00 € used given back.
      expect(novos[0]?.titulo).toBe('Devolução de 10,00\u00a0€ na Nata & Grão')
      expect(novos[0]?.texto).toBe(
        '<p>Devolução de 10,00\u00a0€ da sua compra de 20,00\u00a0€ em Chiado. Retirámos 0,50\u00a0€ de saldo e 10 pontos que essa compra lhe tinha dado. Devolvemos-lhe 0,53\u00a0€ de saldo que tinha usado nela.</p>',
      )
      const push = await t.database.db
        .selectFrom('push_envios')
        .select('notificacao_id')
        .where('notificacao_id', '=', novos[0]?.id ?? 0)
        .execute()
      expect(push).toHaveLength(1)

      // Paid wholly with balance: the refund gives it back, and says so.
      const soSaldo = (await comprar(c.id, 120, 120)).json().data.transacao
      expect((await loja('POST', `/compras/${soSaldo.id}/devolucoes`, { valor: 0 })).statusCode).toBe(201)
      const ultimo = (await avisos()).at(-1)
      expect(ultimo?.titulo).toBe('Devolução de uma compra na Nata & Grão')
      expect(ultimo?.texto).toBe(
        '<p>Devolução da sua compra de 1,20\u00a0€ em Chiado, paga com saldo. Devolvemos-lhe 1,20\u00a0€ de saldo que tinha usado nela.</p>',
      )
    })

    it("another store's purchase is 403; an unknown one 404; replays are idempotent", async () => {
      const c = await cliente()
      const purchase = (await comprar(c.id, 1000)).json().data.transacao
      expect(
        (await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 100 }, { key: key848 })).statusCode,
      ).toBe(403)
      expect((await loja('POST', '/compras/99999/devolucoes', { valor: 100 })).statusCode).toBe(404)
      const first = await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 100 }, { idem: 'dev-1' })
      const again = await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 100 }, { idem: 'dev-1' })
      expect(again.json()).toEqual(first.json())
      expect(
        (await loja('POST', `/compras/${purchase.id}/devolucoes`, { valor: 200 }, { idem: 'dev-1' })).statusCode,
      ).toBe(422)
      const refunds = await t.database.db
        .selectFrom('transacoes')
        .select('id')
        .where('tipo', '=', 'devolucao')
        .execute()
      expect(refunds).toHaveLength(1)
    })
  })

  describe('the ledger', () => {
    it('stays the sum of its movements after a random run of purchases and refunds through the API', async () => {
      const c = await cliente()
      let seed = 7
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        return seed % n
      }
      const compras: { id: number; resta: number }[] = []
      for (let i = 0; i < 40; i++) {
        const me = (await loja('POST', '/clientes/identificar', { qr: c.qr })).json().data.cliente
        const open = compras.filter((p) => p.resta > 0)
        if (open.length > 0 && random(3) === 0) {
          const p = open[random(open.length)] as (typeof compras)[number]
          const valor = 1 + random(p.resta)
          expect((await loja('POST', `/compras/${p.id}/devolucoes`, { valor })).statusCode).toBe(201)
          p.resta -= valor
        } else {
          const total = 1 + random(6000)
          const res = await comprar(c.id, total, random(Math.min(me.saldo, total) + 1))
          expect(res.statusCode, res.body).toBe(201)
          const tr = res.json().data.transacao
          if (tr.valor_pago > 0) compras.push({ id: tr.id, resta: tr.valor_pago })
        }
      }
      const rows = await t.database.db
        .selectFrom('transacoes')
        .selectAll()
        .where('utilizador_id', '=', c.id)
        .orderBy('sequencia')
        .execute()
      let saldos = { saldo: 0, pontos: 0, itens: 0 }
      for (const [i, r] of rows.entries()) {
        expect(r.sequencia).toBe(i + 1)
        expect({ saldo: r.saldo_anterior, pontos: r.pontos_anterior, itens: r.itens_anterior }).toEqual(saldos)
        saldos = {
          saldo: saldos.saldo + r.saldo_adicionado - r.saldo_removido,
          pontos: saldos.pontos + r.pontos_ganhos - r.pontos_convertidos,
          itens: saldos.itens + r.itens_adicionados - r.itens_redimidos,
        }
        expect({ saldo: r.saldo_actual, pontos: r.pontos_actual, itens: r.itens_actual }).toEqual(saldos)
        for (const v of Object.values(saldos)) expect(v).toBeGreaterThanOrEqual(0)
      }
      const me = (await privado(c.d)).user.data
      expect({ saldo: me.saldo, pontos: me.pontos, itens: me.itens }).toEqual(saldos)
    }, 60_000)
  })
})
