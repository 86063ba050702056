import type { Kysely } from 'kysely'

/**
 * What STORE-API.md promises on every order and the app cannot take yet: `levantar_em`, the pick-up time the customer
 * chose (ISO 8601 UTC), and `mesa`, the table of an order made from a table's QR code. Null for every order until those
 * features exist ('as soon as possible', from no table): they will only fill them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').addColumn('levantar_em', 'text').execute()
  await db.schema.alterTable('encomendas').addColumn('mesa', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('mesa').execute()
  await db.schema.alterTable('encomendas').dropColumn('levantar_em').execute()
}
