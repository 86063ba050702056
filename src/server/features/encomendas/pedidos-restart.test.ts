import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { configWith } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import { HASH_COST_MIN } from '../../platform/crypto.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste, pedidoDeTeste as pedidoBase } from '../../testing/ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestDatabase, device, type TestApp, testDialects } from '../../testing/harness.ts'
import { todosOsDias } from './horario.ts'
import { PASSWORD, TELEMOVEL } from './testing.ts'

describe.each(testDialects())('orders survive a restart on %s', (dialect) => {
  it('a payment made while the server was down is found at the next start: the order ends paid exactly once', async () => {
    const clock = manualClock('2026-11-23T12:00:00.000Z')
    const database = await createTestDatabase(dialect)
    const config = configWith({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'dist/none',
      HASH_COST: HASH_COST_MIN,
    })
    try {
      const db = database.db
      const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
      await insertLoja(db, {
        tag: 'chiado',
        restaurante_id: id,
        id_loja: 862,
        horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
      })
      const { chave } = await lojasChavesRepo(db, clock).create(862, 'pos')
      await insertContas(db, [TELEMOVEL], PASSWORD)

      const first = await buildApp(config, database, { clock })
      await first.ready()
      const t1 = { app: first, database } as unknown as TestApp
      await first.inject({
        method: 'PUT',
        url: '/api/loja/v1/ementa',
        headers: { authorization: `Bearer ${chave}` },
        payload: ementaDeTeste(),
      })
      const d = device(t1)
      await d.call('POST', '/login', { telemovel: TELEMOVEL, pais: '351', password: PASSWORD })
      const res = await d.call('POST', '/api/finaliza-encomenda', pedidoBase(), { 'idempotency-key': 'k' })
      const orderId = res.json().data.orderData.orderId as number
      // The customer approves on the phone while the server is down: the callback never arrives.
      await first.close()
      await db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).execute()

      for (let start = 0; start < 2; start++) {
        const again = await buildApp(config, database, { clock })
        await again.ready()
        await again.reconciliarPagamentos()
        await again.close()
      }
      const order = await db.selectFrom('encomendas').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
      expect(order).toMatchObject({ estado: -1, pagamento_estado: 'pago' })
      const compras = await db.selectFrom('transacoes').select('id').where('tipo', '=', 'compra').execute()
      expect(compras).toHaveLength(1)
    } finally {
      await database.close()
    }
  })
})
