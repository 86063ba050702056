import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * Ordering's first tables: each store's menu as its POS last sent it, and when each store takes orders.
 * The menu is kept whole, as one validated document: the POS replaces it whole (`PUT /api/loja/v1/ementa`), the
 * catalogue and the prices of a calculation are read from it, and an order keeps its own copy of what it priced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ementas'))
    .addColumn('id_loja', 'integer', (c) => c.notNull().unique())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('last_update', 'text', (c) => c.notNull())
    /** The validated snapshot (src/shared/ementa.ts), prices in cents, as JSON. */
    .addColumn('conteudo', 'text', (c) => c.notNull())
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .execute()
  // When the store takes orders, in Lisbon time: JSON, Monday first, each day a list of [opens, closes] ("HH:mm",
  // "24:00" for midnight). Null: the store takes no orders from the app.
  await db.schema.alterTable('lojas').addColumn('horario_encomendas', 'text').execute()
}
