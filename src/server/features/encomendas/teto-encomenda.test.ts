import { describe, expect, it } from 'vitest'
import { SALDO_MAX } from '../../../shared/fidelizacao.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupOrders } from './testing.ts'

/** A paid order cannot be refused (the money is taken): a customer at the balance's ceiling earns nothing on it. */
describe.each(testDialects())('an order paid at the ceiling, on %s', (dialect) => {
  const scene = setupOrders(dialect)

  it('is a purchase like any other, with no credit past the ceiling', async () => {
    const compra = await scene.loja(
      'POST',
      '/compras',
      { cliente_id: scene.clienteId, total: 1000, saldo_a_usar: 0, referencia: 'FT 1' },
      'c1',
    )
    expect(compra.statusCode, compra.body).toBe(201)
    const ultimo = await scene.t.database.db
      .selectFrom('transacoes')
      .select('id')
      .where('utilizador_id', '=', scene.clienteId)
      .orderBy('sequencia', 'desc')
      .executeTakeFirstOrThrow()
    // A customer already at the ceiling.
    await scene.t.database.db
      .updateTable('transacoes')
      .set({ saldo_actual: SALDO_MAX })
      .where('id', '=', ultimo.id)
      .execute()

    expect((await scene.finalizar(pedidoDeTeste())).statusCode).toBe(201)
    const [pedido] = await scene.pagamentos()
    expect((await scene.responder(pedido.id, 'aprovar')).statusCode).toBe(200)
    const compraDaEncomenda = (await scene.movimentos()).at(-1)
    expect(compraDaEncomenda).toMatchObject({
      tipo: 'compra',
      saldo_adicionado: 0,
      pontos_ganhos: 0,
      saldo_actual: SALDO_MAX,
    })
    expect(await scene.saldo()).toBe(SALDO_MAX)
  })
})
