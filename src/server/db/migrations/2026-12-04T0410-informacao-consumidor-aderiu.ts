import type { Kysely } from 'kysely'

/**
 * Whether the group has adhered to the arbitration entity the back-office names (decision 0039): Lei 144/2015, art.
 * 18.º tells the entities a supplier adheres to from those merely available, so the legal information says «A empresa
 * aderiu a» only when an admin has said so. A row set before this column named an entity without saying it: not
 * adhered (0) until an admin does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('informacao_consumidor')
    .addColumn('ral_aderiu', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('informacao_consumidor').dropColumn('ral_aderiu').execute()
}
