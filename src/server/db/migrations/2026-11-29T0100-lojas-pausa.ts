import type { Kysely } from 'kysely'

/**
 * A store's online orders paused from the back-office (decision 0020, "Stores at work"): beside its ordering hours.
 * `encomendas_pausa_em` is when the pause began (null: not paused); `encomendas_pausa_ate` when it ends by itself (null:
 * until someone resumes them). Both ISO instants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas').addColumn('encomendas_pausa_em', 'text').execute()
  await db.schema.alterTable('lojas').addColumn('encomendas_pausa_ate', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas').dropColumn('encomendas_pausa_ate').execute()
  await db.schema.alterTable('lojas').dropColumn('encomendas_pausa_em').execute()
}
