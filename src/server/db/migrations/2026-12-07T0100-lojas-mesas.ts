import type { Kysely } from 'kysely'

/**
 * Ordering from the table (decision 0045): a store's tables, numbered 1..`mesas` (0: none), and the secret its tables'
 * QR codes are signed with (`mesas_segredo`, made when its codes are first printed; null: none printed yet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lojas')
    .addColumn('mesas', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('lojas').addColumn('mesas_segredo', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas').dropColumn('mesas_segredo').execute()
  await db.schema.alterTable('lojas').dropColumn('mesas').execute()
}
