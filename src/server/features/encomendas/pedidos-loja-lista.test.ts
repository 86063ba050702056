import { describe, expect, it } from 'vitest'
import { ENCOMENDAS_LOJA_MAX, type EncomendaLoja } from '../../../shared/pedido.ts'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupOrders } from './testing.ts'

/** `GET /api/loja/v1/encomendas`: the most recent orders of the states asked, the soonest due first (STORE-API.md). */
describe.each(testDialects())("the store's order list on %s", (dialect) => {
  const scene = setupOrders(dialect)

  it(`answers the ${ENCOMENDAS_LOJA_MAX} most recent orders of the states asked, the soonest due first`, async () => {
    const { t, finalizar, pagamentos, responder, loja } = scene
    const { orderData } = (await finalizar(pedidoDeTeste())).json().data
    await responder((await pagamentos())[0].id, 'aprovar')
    const aberta = orderData.orderId as number
    const db = t.database.db
    const { id: _id, ...modelo } = await db
      .selectFrom('encomendas')
      .selectAll()
      .where('id', '=', aberta)
      .executeTakeFirstOrThrow()
    // A store with more ready orders than the limit, made a minute apart (ids in the order they came).
    const prontas = ENCOMENDAS_LOJA_MAX + 5
    const base = Date.parse('2026-11-01T09:00:00.000Z')
    await db
      .insertInto('encomendas')
      .values(
        Array.from({ length: prontas }, (_, i) => ({
          ...modelo,
          estado: 2,
          chave_idempotencia: `pronta-${i}`,
          pagamento_id: `pronta-${i}`,
          criada_em: new Date(base + i * 60_000).toISOString(),
        })),
      )
      .execute()
    const ids = (await db.selectFrom('encomendas').select('id').where('estado', '=', 2).orderBy('id').execute()).map(
      (r) => r.id,
    )
    expect(ids).toHaveLength(prontas)
    // The newest was picked up for a time before the others were made: it is due first.
    const adiantada = ids.at(-1) as number
    await db
      .updateTable('encomendas')
      .set({ levantar_em: '2026-11-01T08:00:00.000Z' })
      .where('id', '=', adiantada)
      .execute()

    const res = await loja('GET', '/encomendas?estado=2')
    expect(res.statusCode, res.body).toBe(200)
    const lista = res.json().data as EncomendaLoja[]
    expect(lista).toHaveLength(ENCOMENDAS_LOJA_MAX)
    // The newest ones: the five oldest are left out, never the newest.
    const recentes = ids.slice(-ENCOMENDAS_LOJA_MAX)
    expect(new Set(lista.map((e) => e.id))).toEqual(new Set(recentes))
    // Soonest due first: the one picked up early, then by when they were made.
    expect(lista.map((e) => e.id)).toEqual([adiantada, ...recentes.slice(0, -1)])
    expect(lista[0]?.levantar_em).toBe('2026-11-01T08:00:00.000Z')
    expect(lista[1]?.levantar_em).toBeNull()

    // The states asked only; by default, the open ones.
    expect(((await loja('GET', '/encomendas')).json().data as EncomendaLoja[]).map((e) => e.id)).toEqual([aberta])
  })
})
