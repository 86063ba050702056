import { beforeEach, describe, expect, it } from 'vitest'
import { device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { DADOS, setupTill } from './testing.ts'

describe.each(testDialects())('Store API: loyalty at the till, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { loja, cliente, prova, privado, comprar } = scene
  let t: TestApp
  let key848: string

  beforeEach(() => {
    ;({ t, key848 } = scene)
  })

  describe('purchases', () => {
    it('registers a purchase: credit 5%, a point per euro, the spec fields in cents and Lisbon time', async () => {
      const c = await cliente()
      const res = await comprar(c.id, 2050)
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().data.transacao).toMatchObject({
        id_loja: 862,
        loja: 'Chiado',
        restaurante: 'Nata & Grão',
        data: '22/11/2026',
        hora: '10:00',
        subtotal: 2050,
        desconto: 0,
        valor_pago: 2050,
        total_discount: 0,
        saldo_anterior: 0,
        saldo_removido: 0,
        saldo_adicionado: 103,
        saldo_actual: 103,
        pontos_anterior: 0,
        pontos_ganhos: 20,
        pontos_actual: 20,
        itens_redimidos: 0,
        itens_adicionados: 0,
        referencia: expect.stringMatching(/^FT /),
        aviso: null,
      })
      // STORE-API.md's fields exactly: the back-office adjustments' `motivo` is not the till's.
      expect(res.json().data.transacao).not.toHaveProperty('motivo')
      const mine = await privado(c.d)
      expect(mine.user.data).toMatchObject({ saldo: 103, pontos: 20, patamar: 100, itens: 0, ja_poupou: 0 })
      expect(mine.transacoes).toHaveLength(1)
    })

    it('uses part of the balance on the next purchase: discount, paid, and Já poupou', async () => {
      const c = await cliente()
      await comprar(c.id, 4000) // 200 credit
      const res = await comprar(c.id, 1000, 150)
      expect(res.json().data.transacao).toMatchObject({
        desconto: 150,
        total_discount: 150,
        saldo_removido: 150,
        valor_pago: 850,
        saldo_adicionado: 43,
        saldo_anterior: 200,
        saldo_actual: 93,
      })
      expect((await privado(c.d)).user.data).toMatchObject({ saldo: 93, ja_poupou: 150 })
    })

    it('refuses more balance than there is (409, nothing written) and more than the bill (422)', async () => {
      const c = await cliente()
      await comprar(c.id, 2000) // 100
      const over = await comprar(c.id, 1000, 101)
      expect(over.statusCode).toBe(409)
      expect(over.json().error.title).toBe('Saldo insuficiente')
      expect((await comprar(c.id, 50, 60)).statusCode).toBe(422)
      const rows = await t.database.db.selectFrom('transacoes').select('id').execute()
      expect(rows).toHaveLength(1)
    })

    it('turns each 100 points into a reward, redeemable at a later purchase', async () => {
      const c = await cliente()
      const big = await comprar(c.id, 12_345)
      expect(big.json().data.transacao).toMatchObject({ pontos_ganhos: 123, pontos_actual: 23, itens_adicionados: 1 })
      expect((await loja('POST', '/clientes/identificar', { qr: c.qr })).json().data.cliente).toMatchObject({
        itens: 1,
        pontos: 23,
      })
      const redeem = await loja('POST', '/compras', {
        cliente_id: c.id,
        identificacao: await prova(c.id),
        total: 500,
        saldo_a_usar: 0,
        itens_a_redimir: 1,
        referencia: 'R',
      })
      expect(redeem.json().data.transacao.itens_redimidos).toBe(1)
      expect(
        (
          await loja('POST', '/compras', {
            cliente_id: c.id,
            identificacao: await prova(c.id),
            total: 500,
            saldo_a_usar: 0,
            itens_a_redimir: 1,
            referencia: 'R2',
          })
        ).statusCode,
      ).toBe(409)
    })

    it('a temporary account is identified and recorded, earns nothing, and the answer says why', async () => {
      const d = device(t)
      const { hash } = (await d.call('POST', '/registo', { telemovel: '913333333', pais: '351', termos: true })).json()
        .data
      const id = (await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, '+351913333333') })).json()
        .data.user.data.id
      const identified = await loja('POST', '/clientes/identificar', { telemovel: '913333333', pais: '351' })
      expect(identified.json().data.cliente).toMatchObject({ id, temporario: 1 })
      const res = await comprar(id, 5000)
      expect(res.statusCode).toBe(201)
      expect(res.json().data.transacao).toMatchObject({ saldo_adicionado: 0, pontos_ganhos: 0, saldo_actual: 0 })
      expect(res.json().data.transacao.aviso).toContain('Registo incompleto')
      // Completing the registration later gives nothing back for that purchase (never retroactive).
      await d.call('POST', '/alterar-dados-pessoais', { ...DADOS, password: '135790', confirmacaoPassword: '135790' })
      expect((await privado(d)).user.data).toMatchObject({ saldo: 0, pontos: 0 })
    })

    it('idempotent: a replay gives the same answer and no second movement; another body with the key is 422', async () => {
      const c = await cliente()
      const body = { cliente_id: c.id, total: 1000, saldo_a_usar: 0, referencia: 'FT 1' }
      const first = await loja('POST', '/compras', body, { idem: 'compra-1' })
      const again = await loja(
        'POST',
        '/compras',
        { referencia: 'FT 1', total: 1000, cliente_id: c.id, saldo_a_usar: 0 },
        { idem: 'compra-1' },
      )
      expect(again.statusCode).toBe(201)
      expect(again.json()).toEqual(first.json())
      const other = await loja('POST', '/compras', { ...body, total: 2000 }, { idem: 'compra-1' })
      expect(other.statusCode).toBe(422)
      // The key is the till's: another store's key may use the same words.
      const elsewhere = await loja('POST', '/compras', body, { idem: 'compra-1', key: key848 })
      expect(elsewhere.statusCode).toBe(201)
      expect(elsewhere.json().data.transacao.id).not.toBe(first.json().data.transacao.id)
      const rows = await t.database.db.selectFrom('transacoes').select('id').execute()
      expect(rows).toHaveLength(2)
    })

    it('idempotent under a burst: ten copies of one request at once write one movement', async () => {
      const c = await cliente()
      const body = { cliente_id: c.id, total: 1000, saldo_a_usar: 0, referencia: 'FT 9' }
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => loja('POST', '/compras', body, { idem: 'rajada' })),
      )
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201))
      expect(new Set(answers.map((a) => a.json().data.transacao.id)).size).toBe(1)
      expect(await t.database.db.selectFrom('transacoes').select('id').execute()).toHaveLength(1)
    })

    it('50 tills spending the whole balance at once: exactly one wins, the others get 409', async () => {
      const c = await cliente()
      await comprar(c.id, 20_000) // 1000 credit
      // Each till identified the customer: fifty proofs, one balance.
      const provas = await Promise.all(Array.from({ length: 50 }, () => prova(c.id)))
      const answers = await Promise.all(
        provas.map((identificacao, i) =>
          loja('POST', '/compras', {
            cliente_id: c.id,
            identificacao,
            total: 1000,
            saldo_a_usar: 1000,
            referencia: `R${i}`,
          }),
        ),
      )
      const statuses = answers.map((a) => a.statusCode).sort()
      expect(statuses.filter((s) => s === 201)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(49)
      const me = (await privado(c.d)).user.data
      expect(me.saldo).toBe(0)
      expect(me.ja_poupou).toBe(1000)
    }, 60_000)
  })
})
