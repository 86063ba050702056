import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'

const DADOS = { nome: 'Ana Silva', email: 'ana@exemplo.pt', dataNascimento: '1990-05-17', aceitacao: true }

describe.each(testDialects())('Store API: loyalty at the till, on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let key862: string
  let key848: string
  let seq = 0

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    await insertLoja(t.database.db, { tag: 'baixa', restaurante_id: id, id_loja: 848, name: 'Baixa' })
    const keys = lojasChavesRepo(t.database.db, clock)
    key862 = (await keys.create(862, 'caixa-862')).chave
    key848 = (await keys.create(848, 'caixa-848')).chave
  })
  afterEach(() => t.close())

  /** A call of the till: its key, and a fresh Idempotency-Key unless one is given (null: none). */
  function loja(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    { key = key862, idem }: { key?: string; idem?: string | null } = {},
  ) {
    const idemKey = idem === undefined ? `idem-${++seq}` : idem
    const options: InjectOptions = {
      method,
      url: `/api/loja/v1${url}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(idemKey === null ? {} : { 'idempotency-key': idemKey }),
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    }
    return t.app.inject(options)
  }

  /** A customer with a complete registration (earns), signed in on a device of their own. */
  async function cliente(telemovel = '912345678') {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel, pais: '351', termos: true })).json().data
    await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, `+351${telemovel}`) })
    const done = await d.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      password: '135790',
      confirmacaoPassword: '135790',
    })
    expect(done.statusCode, done.body).toBe(200)
    const data = done.json().data.user.data
    qrs.set(data.id, data.qrCode)
    return { d, id: data.id as number, qr: data.qrCode as string, telemovel }
  }

  /** Each customer's QR, to identify them at the till (what a purchase that spends needs first). */
  const qrs = new Map<number, string>()

  /** The proof a till gets by scanning the customer's QR (STORE-API.md `identificacao`). */
  async function prova(clienteId: number, key = key862): Promise<string> {
    const res = await loja('POST', '/clientes/identificar', { qr: qrs.get(clienteId) }, { key })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.identificacao
  }

  const privado = async (d: ReturnType<typeof device>) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data

  async function comprar(
    clienteId: number,
    total: number,
    saldo_a_usar = 0,
    opts: { key?: string; idem?: string } = {},
  ) {
    // Spending needs the customer identified first; earning does not (a POS catching up after an outage).
    const identificacao = saldo_a_usar > 0 && qrs.has(clienteId) ? await prova(clienteId, opts.key) : undefined
    return loja(
      'POST',
      '/compras',
      { cliente_id: clienteId, identificacao, total, saldo_a_usar, referencia: `FT ${++seq}` },
      opts,
    )
  }

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
      expect(res.json().data.aviso).toContain('Não foi possível recuperar 1,00 € de saldo')
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
