import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The stamp cards (decision 0057).
 *
 * - `cartoes_carimbos`: a card per product family, set in the back-office: its name ('Cafés'), the POS codes of the
 *   products that stamp it (`codigos`, one per line), and `por_oferta` N: every Nth one is offered (N − 1 bought give
 *   one offer). `ativo` 0: no longer stamps (offers held stay usable).
 * - `carimbos_movimentos`: the stamp ledger, one row per card a ledger movement (`transacao_id`, a purchase or its
 *   refund) changed, with each figure before and after:
 *   `carimbos_actual = carimbos_anterior + carimbos_ganhos − carimbos_convertidos` and
 *   `ofertas_actual = ofertas_anterior + ofertas_ganhas − ofertas_usadas` (negative on a refund that takes them back),
 *   `carimbos_convertidos = ofertas_ganhas × (por_oferta − 1)` with the N in force then. A refund names its purchase
 *   (`compra_id`) and what it set out to take back (`carimbos_retirados`, counted even when the stamps were gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('cartoes_carimbos'))
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('codigos', 'text', (c) => c.notNull())
    .addColumn('por_oferta', 'integer', (c) => c.notNull())
    .addColumn('ativo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('alterado_em', 'text', (c) => c.notNull())
    .execute()
  await withId(db, db.schema.createTable('carimbos_movimentos'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull())
    .addColumn('cartao_id', 'integer', (c) => c.notNull())
    .addColumn('transacao_id', 'integer', (c) => c.notNull())
    .addColumn('compra_id', 'integer')
    .addColumn('por_oferta', 'integer', (c) => c.notNull())
    .addColumn('carimbos_anterior', 'integer', (c) => c.notNull())
    .addColumn('carimbos_ganhos', 'integer', (c) => c.notNull())
    .addColumn('carimbos_convertidos', 'integer', (c) => c.notNull())
    .addColumn('carimbos_actual', 'integer', (c) => c.notNull())
    .addColumn('carimbos_retirados', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ofertas_anterior', 'integer', (c) => c.notNull())
    .addColumn('ofertas_ganhas', 'integer', (c) => c.notNull())
    .addColumn('ofertas_usadas', 'integer', (c) => c.notNull())
    .addColumn('ofertas_actual', 'integer', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('carimbos_movimentos_transacao', ['transacao_id', 'cartao_id'])
    .execute()
  await db.schema
    .createIndex('carimbos_movimentos_cliente')
    .on('carimbos_movimentos')
    .columns(['utilizador_id', 'cartao_id', 'id'])
    .execute()
  await db.schema.createIndex('carimbos_movimentos_compra').on('carimbos_movimentos').columns(['compra_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('carimbos_movimentos').execute()
  await db.schema.dropTable('cartoes_carimbos').execute()
}
