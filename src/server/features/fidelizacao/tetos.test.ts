import { describe, expect, it } from 'vitest'
import { INT_MAX, limitesMensagens, PONTOS_MAX, SALDO_MAX, TOTAL_MAX } from '../../../shared/fidelizacao.ts'
import { testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from '../admin/routes.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { setupTill } from './testing.ts'

/**
 * The ceilings of a customer's balance and points (SALDO_MAX, PONTOS_MAX): an adjustment or a till purchase that would
 * pass one is refused with a pt-PT message; past PostgreSQL's integer it once answered 500.
 */
describe.each(testDialects())('balance and points ceilings, on %s', (dialect) => {
  const till = setupTill(dialect)
  let seq = 0
  const chave = () => `ajuste-teto-${String(++seq).padStart(8, '0')}`
  const ajustar = (cookie: string, id: number, saldo: number, pontos = 0) =>
    till.t.app.inject({
      method: 'POST',
      url: `/admin/api/clientes/${id}/ajustes`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      payload: { saldo, pontos, motivo: 'Teste do limite', chave: chave() },
    })
  const ultimo = (id: number) =>
    till.t.database.db
      .selectFrom('transacoes')
      .select(['id', 'saldo_actual', 'pontos_actual', 'sequencia'])
      .where('utilizador_id', '=', id)
      .orderBy('sequencia', 'desc')
      .executeTakeFirstOrThrow()
  /** A customer whose newest movement holds these balances (one written before the ceilings, or at one). */
  const comSaldos = async (id: number, saldo: number, pontos: number) => {
    const m = await ultimo(id)
    await till.t.database.db
      .updateTable('transacoes')
      .set({ saldo_actual: saldo, pontos_actual: pontos })
      .where('id', '=', m.id)
      .execute()
  }

  it('adjusts up to the ceiling and refuses past it, the field named; a fall is always allowed', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    for (let i = 0; i < SALDO_MAX / TOTAL_MAX; i++) expect((await ajustar(admin, c.id, TOTAL_MAX)).statusCode).toBe(200)
    expect((await ultimo(c.id)).saldo_actual).toBe(SALDO_MAX)
    const alem = await ajustar(admin, c.id, 1)
    expect(alem.statusCode, alem.body).toBe(409)
    expect(alem.json().error).toMatchObject({
      message: limitesMensagens.saldo,
      fields: { saldo: limitesMensagens.saldo },
    })
    expect((await ultimo(c.id)).saldo_actual).toBe(SALDO_MAX)
    expect((await ajustar(admin, c.id, -1)).statusCode).toBe(200)

    await comSaldos(c.id, 0, PONTOS_MAX)
    const pontos = await ajustar(admin, c.id, 0, 1)
    expect(pontos.statusCode, pontos.body).toBe(409)
    expect(pontos.json().error.fields).toEqual({ pontos: limitesMensagens.pontos })
  })

  it("refuses, never 500, an adjustment past PostgreSQL's integer", async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    expect((await ajustar(admin, c.id, 100)).statusCode).toBe(200)
    await comSaldos(c.id, INT_MAX - 5, 0)
    const res = await ajustar(admin, c.id, 100)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().error.message).toBe(limitesMensagens.saldo)
    expect((await ultimo(c.id)).saldo_actual).toBe(INT_MAX - 5)
  })

  it('refuses a till purchase whose credit or points would pass the ceiling, and writes nothing', async () => {
    const c = await till.cliente()
    expect((await till.comprar(c.id, 1000)).statusCode).toBe(201)
    const antes = await ultimo(c.id)
    await comSaldos(c.id, SALDO_MAX, 0)
    const credito = await till.comprar(c.id, 5000)
    expect(credito.statusCode, credito.body).toBe(409)
    expect(credito.json().error.message).toBe(limitesMensagens.saldo)
    await comSaldos(c.id, 0, PONTOS_MAX)
    const pontos = await till.comprar(c.id, 5000)
    expect(pontos.statusCode, pontos.body).toBe(409)
    expect(pontos.json().error.message).toBe(limitesMensagens.pontos)
    expect((await ultimo(c.id)).sequencia).toBe(antes.sequencia)
    // Spending the balance down is still a purchase.
    await comSaldos(c.id, SALDO_MAX, 0)
    const gasta = await till.comprar(c.id, 5000, 5000)
    expect(gasta.statusCode, gasta.body).toBe(201)
  })
})
