import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * Stores at work from the back-office:
 * - `ementas_esgotados` (features/encomendas): a product of a store's menu sold out for one day, `dia` the store's
 *   date in Lisbon (`YYYY-MM-DD`). Sold out while `dia` is today's; the next day it is back by itself. One row per
 *   product of a store.
 * - `lojas_encerramentos` (features/restaurantes): the days a store is closed beyond its weekly hours (holidays,
 *   exceptional closures), `de`..`ate` inclusive Lisbon dates, with an optional label (`Natal`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ementas_esgotados')
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('cod_produto', 'text', (c) => c.notNull())
    .addColumn('dia', 'text', (c) => c.notNull())
    .addColumn('marcado_em', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ementas_esgotados_pk', ['id_loja', 'cod_produto'])
    .execute()

  await withId(db, db.schema.createTable('lojas_encerramentos'))
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('de', 'text', (c) => c.notNull())
    .addColumn('ate', 'text', (c) => c.notNull())
    .addColumn('motivo', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('lojas_encerramentos_loja')
    .on('lojas_encerramentos')
    .columns(['id_loja', 'ate'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lojas_encerramentos').execute()
  await db.schema.dropTable('ementas_esgotados').execute()
}
