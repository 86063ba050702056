import type { Kysely } from 'kysely'

/**
 * A news item may be taken off the customer's screens without being deleted (the back-office's 'Despublicar', issue
 * 21): `despublicado_em`, the ISO-8601 UTC moment it was taken off (or created as a draft). Null: published, as every
 * item before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('novidades').addColumn('despublicado_em', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('novidades').dropColumn('despublicado_em').execute()
}
