import type { InjectOptions } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DAY, MINUTE, manualClock } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { snapshotRows } from '../../testing/snapshot.ts'
import { IDENTIFICACAO_VALIDADE_MS } from './service.ts'

const RECUSA = 'Identifique o cliente antes de usar o saldo'

/**
 * STORE-API.md: spending is proof-bound. A store key alone can credit a customer by id, never spend for one: a purchase
 * that uses balance or rewards carries the `identificacao` of an identification of that customer by the same store in
 * the last 15 minutes, and each serves one purchase.
 */
describe.each(testDialects())('Store API: a spend needs the proof of an identification, on %s', (dialect) => {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let key862: { chave: string; registo: { id: number } }
  let key848: string
  let ana: number
  let rui: number
  let seq = 0

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    await insertLoja(t.database.db, { tag: 'baixa', restaurante_id: id, id_loja: 848, name: 'Baixa' })
    const keys = lojasChavesRepo(t.database.db, clock)
    key862 = await keys.create(862, 'caixa-862')
    key848 = (await keys.create(848, 'caixa-848')).chave
    ;[ana = 0, rui = 0] = await insertContas(t.database.db, ['912345678', '913456789'], '135790')
    await insertSaldo(t.database.db, ana, 1000, 0, 2)
    await insertSaldo(t.database.db, rui, 1000)
  })
  afterEach(() => t.close())

  function loja(url: string, body: unknown, { key = key862.chave, idem }: { key?: string; idem?: string } = {}) {
    const options: InjectOptions = {
      method: 'POST',
      url: `/api/loja/v1${url}`,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idem ?? `idem-${++seq}` },
      payload: body as InjectOptions['payload'],
    }
    return t.app.inject(options)
  }

  async function identificar(telemovel = '912345678', key = key862.chave): Promise<string> {
    const res = await loja('/clientes/identificar', { qr: `qr-${telemovel}` }, { key })
    expect(res.statusCode, res.body).toBe(200)
    const { identificacao } = res.json().data
    expect(identificacao).toMatch(/^[A-Za-z0-9_-]{32}$/)
    return identificacao
  }

  const compra = (extra: Record<string, unknown>) => ({
    cliente_id: ana,
    total: 1000,
    saldo_a_usar: 500,
    referencia: `FT ${++seq}`,
    ...extra,
  })

  const saldoDe = async (id: number) =>
    (
      await t.database.db
        .selectFrom('transacoes')
        .select('saldo_actual')
        .where('utilizador_id', '=', id)
        .orderBy('sequencia', 'desc')
        .executeTakeFirstOrThrow()
    ).saldo_actual

  it('a key alone cannot spend a balance or redeem a reward by id (403, nothing written); it can still credit', async () => {
    const before = await snapshotRows(t.database.db)
    for (const body of [compra({}), compra({ saldo_a_usar: 0, itens_a_redimir: 1 })]) {
      const res = await loja('/compras', body)
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().error.message).toBe(RECUSA)
    }
    // A made-up proof is no proof.
    const forged = await loja('/compras', compra({ identificacao: 'A'.repeat(32) }))
    expect(forged.statusCode).toBe(403)
    expect(await snapshotRows(t.database.db)).toBe(before)
    // A POS catching up after an outage names the customer by id: earning needs no proof.
    const earn = await loja('/compras', compra({ saldo_a_usar: 0 }))
    expect(earn.statusCode, earn.body).toBe(201)
    expect(earn.json().data.transacao.saldo_adicionado).toBe(50)
  })

  it('a customer with the security key on is protected: phone alone is refused, and so is a spend by id', async () => {
    await t.database.db.updateTable('utilizadores').set({ usar_codigo_seguranca: 1 }).where('id', '=', ana).execute()
    expect((await loja('/clientes/identificar', { telemovel: '912345678', pais: '351' })).statusCode).toBe(403)
    expect((await loja('/compras', compra({}))).statusCode).toBe(403)
    expect(await saldoDe(ana)).toBe(1000)
  })

  it('the proof spends once, for the store and the customer it was given for; a replay answers as the first time', async () => {
    const prova = await identificar()
    // Another store's key, or another customer, cannot use it.
    expect((await loja('/compras', compra({ identificacao: prova }), { key: key848 })).statusCode).toBe(403)
    expect((await loja('/compras', compra({ cliente_id: rui, identificacao: prova }))).statusCode).toBe(403)
    const first = await loja('/compras', compra({ identificacao: prova, referencia: 'FT A' }), { idem: 'gastar' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().data.transacao).toMatchObject({ saldo_removido: 500, saldo_actual: 525 })
    // The same purchase with its Idempotency-Key: the same answer, no second effect.
    const replay = await loja('/compras', compra({ identificacao: prova, referencia: 'FT A' }), { idem: 'gastar' })
    expect(replay.statusCode).toBe(201)
    expect(replay.json()).toEqual(first.json())
    // Sent again after the customer was identified again (the tablet reloaded): the proof is no part of the purchase.
    const retried = await loja('/compras', compra({ identificacao: await identificar(), referencia: 'FT A' }), {
      idem: 'gastar',
    })
    expect(retried.statusCode).toBe(201)
    expect(retried.json()).toEqual(first.json())
    // Another purchase with the spent proof: refused.
    const again = await loja('/compras', compra({ identificacao: prova, saldo_a_usar: 100 }))
    expect(again.statusCode).toBe(403)
    expect(again.json().error.message).toBe(RECUSA)
    expect(await saldoDe(ana)).toBe(525)
    // The movement names the store key that wrote it, and the proof the movement.
    const movimento = await t.database.db
      .selectFrom('transacoes')
      .select(['id', 'chave_id'])
      .where('id', '=', first.json().data.transacao.id)
      .executeTakeFirstOrThrow()
    expect(movimento.chave_id).toBe(key862.registo.id)
    const row = await t.database.db.selectFrom('identificacoes').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ id_loja: 862, utilizador_id: ana, transacao_id: movimento.id })
    // Only the proof's hash is kept.
    expect(JSON.stringify(row)).not.toContain(prova)
  })

  it('a proof sent with a purchase that only earns is spent by it: it cannot serve a later spend', async () => {
    const prova = await identificar()
    expect((await loja('/compras', compra({ identificacao: prova, saldo_a_usar: 0 }))).statusCode).toBe(201)
    expect((await loja('/compras', compra({ identificacao: prova }))).statusCode).toBe(403)
  })

  it('is valid for 15 minutes', async () => {
    const fresh = await identificar()
    const stale = await identificar()
    clock.advance(IDENTIFICACAO_VALIDADE_MS - 1)
    expect((await loja('/compras', compra({ identificacao: fresh }))).statusCode).toBe(201)
    clock.advance(1)
    const late = await loja('/compras', compra({ identificacao: stale, saldo_a_usar: 100 }))
    expect(late.statusCode).toBe(403)
    expect(late.json().error.message).toBe(RECUSA)
  })

  it('a refused spend leaves the proof unspent: the corrected purchase goes through with it', async () => {
    const prova = await identificar()
    const over = await loja('/compras', compra({ identificacao: prova, total: 5000, saldo_a_usar: 1001 }))
    expect(over.statusCode).toBe(409)
    const ok = await loja('/compras', compra({ identificacao: prova, total: 5000, saldo_a_usar: 1000 }))
    expect(ok.statusCode, ok.body).toBe(201)
  })

  it('ten purchases at once with one proof, each with its own Idempotency-Key: one spends, nine are refused', async () => {
    const prova = await identificar()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => loja('/compras', compra({ identificacao: prova, saldo_a_usar: 100 }))),
    )
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([201, ...Array(9).fill(403)])
    expect(await saldoDe(ana)).toBe(1000 - 100 + 45)
    const spends = await t.database.db
      .selectFrom('transacoes')
      .select('id')
      .where('utilizador_id', '=', ana)
      .where('saldo_removido', '>', 0)
      .execute()
    expect(spends).toHaveLength(1)
  }, 30_000)

  it('every spend tells the customer (in the app, and by push through the outbox), with what was used', async () => {
    const sessao = await t.database.db
      .insertInto('sessoes')
      .values({
        token_hash: 'h'.repeat(64),
        utilizador_id: ana,
        criado_em: clock.now().toISOString(),
        expira_em: new Date(clock.now().getTime() + DAY).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('push_subscricoes')
      .values({
        utilizador_id: ana,
        sessao_id: sessao.id,
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        p256dh: 'p',
        auth: 'a',
        criada_em: clock.now().toISOString(),
      })
      .execute()
    const res = await loja('/compras', compra({ identificacao: await identificar(), itens_a_redimir: 1 }))
    expect(res.statusCode, res.body).toBe(201)
    const notificacoes = await t.database.db
      .selectFrom('notificacoes')
      .select(['id', 'titulo', 'texto'])
      .where('utilizador_id', '=', ana)
      .execute()
    expect(notificacoes).toHaveLength(1)
    expect(notificacoes[0]?.titulo).toBe('Usou 5,00\u00a0€ de saldo e 1 prémio na Nata & Grão')
    expect(notificacoes[0]?.texto).toContain('Na sua compra de 10,00\u00a0€ em Chiado. Ganhou 0,25\u00a0€ de saldo.')
    const push = await t.database.db
      .selectFrom('push_envios')
      .select('notificacao_id')
      .where('notificacao_id', '=', notificacoes[0]?.id ?? 0)
      .execute()
    expect(push).toHaveLength(1)
  })

  it('forgets proofs a day after they expired', async () => {
    await identificar()
    clock.advance(IDENTIFICACAO_VALIDADE_MS + DAY - MINUTE)
    await t.app.housekeeping()
    expect(await t.database.db.selectFrom('identificacoes').select('id').execute()).toHaveLength(1)
    clock.advance(2 * MINUTE)
    await t.app.housekeeping()
    expect(await t.database.db.selectFrom('identificacoes').select('id').execute()).toHaveLength(0)
  })
})
