import type { Kysely } from 'kysely'

/**
 * A busy kitchen and a board that went quiet (decision 0041):
 * - `ocupada_minutos`: minutes staff add from the board to every promise the store makes (0, 10, 20 or 30), until
 *   `ocupada_ate` (an ISO instant: the store's next 05:00 when it was set; null or past: not busy).
 * - `painel_visto_em`: when a board of the store (a paired tablet's, or the POS's stream or list on the Store API) last
 *   showed it was there; null: the store never had one, and its orders do not depend on one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lojas')
    .addColumn('ocupada_minutos', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('lojas').addColumn('ocupada_ate', 'text').execute()
  await db.schema.alterTable('lojas').addColumn('painel_visto_em', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas').dropColumn('painel_visto_em').execute()
  await db.schema.alterTable('lojas').dropColumn('ocupada_ate').execute()
  await db.schema.alterTable('lojas').dropColumn('ocupada_minutos').execute()
}
