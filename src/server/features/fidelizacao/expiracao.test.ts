import { beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, testDialects } from '../../testing/harness.ts'
import { setupTill } from './testing.ts'

/**
 * Credit and points that expire (decision 0058), on a controlled clock: what a month earned lasts until the end of the
 * `validade_meses`th month after it; the customer is told 30 and 7 days before (by e-mail too, with consent), the card
 * says what expires when, the expiry is a movement of its own, and running it twice or from two processes at once
 * expires once. The suite's clock starts on Sunday 22/11/2026 10:00 (Lisbon).
 */
describe.each(testDialects())('the expiry of credit and points, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, privado, comprar } = scene
  let t: TestApp

  beforeEach(async () => {
    t = scene.t
    // One month: November's credit and points last until 31/12.
    await t.database.db
      .insertInto('fidelizacao_regras')
      .values({
        id: 1,
        taxa_credito: 500,
        pontos_por_euro: 1,
        patamar: 100,
        validade_meses: 1,
        alterado_em: '2026-11-01T00:00:00.000Z',
      })
      .execute()
  })

  const correr = async (agora: string) => {
    scene.clock.set(agora)
    const res = await t.api('POST', '/api/dev/expiracao', { agora })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { expirados: number; avisos: number }
  }
  const notificacoes = (utilizadorId: number) =>
    t.database.db
      .selectFrom('notificacoes')
      .select(['titulo', 'texto', 'chave'])
      .where('utilizador_id', '=', utilizadorId)
      .where('chave', 'like', 'expiracao%')
      .orderBy('id')
      .execute()

  it('tells 30 and 7 days before, expires what is left at the end of the month after, once, as a movement', async () => {
    const ana = await cliente()
    await t.database.db.updateTable('utilizadores').set({ comunicacao: 1 }).where('id', '=', ana.id).execute()
    expect((await comprar(ana.id, 3000)).statusCode).toBe(201) // 1,50 € and 30 points, in November
    expect((await privado(ana.d)).user.data.expiracao).toEqual({ dia: '2026-12-31', saldo: 150, pontos: 30 })

    // 30 days before (and the day after: once); nothing expires yet.
    expect(await correr('2026-12-01T09:00:00.000Z')).toEqual({ expirados: 0, avisos: 1 })
    expect(await correr('2026-12-02T09:00:00.000Z')).toEqual({ expirados: 0, avisos: 0 })

    // December: 0,50 € of it spent (the oldest first), and a new purchase whose credit lasts until the end of January.
    scene.clock.set('2026-12-05T10:00:00.000Z')
    const gasto = await comprar(ana.id, 1000, 50)
    expect(gasto.statusCode, gasto.body).toBe(201) // 9,50 € paid: 0,48 € and 9 points, December's
    expect((await privado(ana.d)).user.data.expiracao).toEqual({ dia: '2026-12-31', saldo: 100, pontos: 30 })

    // 7 days before: what is left of November's.
    expect(await correr('2026-12-24T09:00:00.000Z')).toEqual({ expirados: 0, avisos: 1 })
    expect(await notificacoes(ana.id)).toEqual([
      {
        titulo: 'O seu saldo e os seus pontos vão expirar',
        texto:
          '1,50\u00a0€ de saldo e 30 pontos expiram no fim do dia 31/12/2026. Use-os antes numa das nossas lojas ou ao encomendar na app.',
        chave: 'expiracao:2026-12-31:30',
      },
      {
        titulo: 'O seu saldo e os seus pontos expiram dentro de 7 dias',
        texto:
          '1,00\u00a0€ de saldo e 30 pontos expiram no fim do dia 31/12/2026. Use-os antes numa das nossas lojas ou ao encomendar na app.',
        chave: 'expiracao:2026-12-31:7',
      },
    ])
    // Consented, with an address: an e-mail for each notice.
    const emails = await t.database.db.selectFrom('email_outbox').select(['para', 'assunto']).execute()
    expect(emails).toEqual([
      { para: 'ana@exemplo.pt', assunto: 'O seu saldo e os seus pontos vão expirar' },
      { para: 'ana@exemplo.pt', assunto: 'O seu saldo e os seus pontos expiram dentro de 7 dias' },
    ])

    // The last day still counts; the first of January it is gone, run twice and by two processes at once.
    expect(await correr('2026-12-31T23:30:00.000Z')).toMatchObject({ expirados: 0 })
    // Three runs at once (on PostgreSQL each on a connection of its own, as two processes would be): one expiry.
    const agora = '2027-01-01T09:00:00.000Z'
    scene.clock.set(agora)
    const rondas = await Promise.all([1, 2, 3].map(() => t.api('POST', '/api/dev/expiracao', { agora })))
    expect(rondas.reduce((s, r) => s + r.json().data.expirados, 0)).toBe(1)
    expect(await correr('2027-01-01T10:00:00.000Z')).toMatchObject({ expirados: 0 })

    const privados = await privado(ana.d)
    const dados = privados.user.data
    const expiracoes = await t.database.db
      .selectFrom('transacoes')
      .selectAll()
      .where('utilizador_id', '=', ana.id)
      .where('tipo', '=', 'expiracao')
      .execute()
    expect(expiracoes).toHaveLength(1)
    expect(expiracoes[0]).toMatchObject({ saldo_removido: 100, pontos_ganhos: -30, saldo_actual: 48, pontos_actual: 9 })
    expect({ saldo: dados.saldo, pontos: dados.pontos }).toEqual({ saldo: 48, pontos: 9 })
    // December's follow at the end of January; the customer reads the expiry among the movements.
    expect(dados.expiracao).toEqual({ dia: '2027-01-31', saldo: 48, pontos: 9 })
    expect(privados.transacoes[0]).toMatchObject({ tipo: 'expiracao', loja: 'Expiração', saldo_removido: 100 })
    // Told of it, and already of December's, which the same run found 30 days from its end.
    expect((await notificacoes(ana.id)).slice(2)).toEqual([
      {
        titulo: 'Saldo e pontos expirados',
        texto: 'Expiraram 1,00\u00a0€ de saldo e 30 pontos, ganhos há mais de 1 mês.',
        chave: 'expiracao:2027-01',
      },
      {
        titulo: 'O seu saldo e os seus pontos vão expirar',
        texto:
          '0,48\u00a0€ de saldo e 9 pontos expiram no fim do dia 31/01/2027. Use-os antes numa das nossas lojas ou ao encomendar na app.',
        chave: 'expiracao:2027-01-31:30',
      },
    ])
    // The ledger still adds up.
    const todos = await t.database.db.selectFrom('transacoes').selectAll().where('utilizador_id', '=', ana.id).execute()
    expect(todos.reduce((s, m) => s + m.saldo_adicionado - m.saldo_removido, 0)).toBe(48)
    expect(todos.reduce((s, m) => s + m.pontos_ganhos - m.pontos_convertidos, 0)).toBe(9)
  })

  it('waits a month of notice after being switched on, and a refund after the expiry takes back nothing expired', async () => {
    const ana = await cliente()
    const novembro = (await comprar(ana.id, 3000)).json().data.transacao // 1,50 € and 30 points
    // Switched on on 20/12: November's would have expired at the end of December, but the customers are told first:
    // nothing before the end of January (the first month that ends 30 days after).
    await t.database.db.updateTable('fidelizacao_regras').set({ validade_desde: '2026-12-20T10:00:00.000Z' }).execute()
    scene.clock.set('2026-12-21T10:00:00.000Z')
    expect((await privado(ana.d)).user.data.expiracao).toEqual({ dia: '2027-01-31', saldo: 150, pontos: 30 })
    expect(await correr('2027-01-01T09:00:00.000Z')).toEqual({ expirados: 0, avisos: 1 })
    expect(await correr('2027-02-01T09:00:00.000Z')).toMatchObject({ expirados: 1 })
    expect((await privado(ana.d)).user.data).toMatchObject({ saldo: 0, pontos: 0 })

    // The November purchase refunded now: what it earned has expired (it left the balance once), so nothing is taken
    // back; the customer is where they would be had it never happened.
    const devolucao = await scene.loja('POST', `/compras/${novembro.id}/devolucoes`, { valor: 3000 })
    expect(devolucao.statusCode, devolucao.body).toBe(201)
    expect(devolucao.json().data.nao_recuperado).toEqual({ saldo: 0, pontos: 0 })
    expect((await privado(ana.d)).user.data).toMatchObject({ saldo: 0, pontos: 0 })
  })

  it('never expires anything while the programme has no expiry, and sends no e-mail without consent', async () => {
    const ana = await cliente()
    await comprar(ana.id, 3000)
    await t.database.db.updateTable('fidelizacao_regras').set({ validade_meses: 0 }).execute()
    expect((await privado(ana.d)).user.data.expiracao).toBeNull()
    expect(await correr('2030-01-01T09:00:00.000Z')).toEqual({ expirados: 0, avisos: 0 })
    await t.database.db.updateTable('fidelizacao_regras').set({ validade_meses: 1 }).execute()
    expect(await correr('2026-12-28T09:00:00.000Z')).toEqual({ expirados: 0, avisos: 1 })
    expect(await t.database.db.selectFrom('email_outbox').selectAll().execute()).toEqual([])
  })
})
