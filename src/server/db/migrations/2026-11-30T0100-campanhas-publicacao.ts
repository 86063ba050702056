import type { Kysely } from 'kysely'

/**
 * A campaign may be taken off the customer's screens without being deleted (the back-office's 'Despublicar', issue
 * 21), as a news item may (2026-11-29T0000-novidades-publicacao): `despublicado_em`, the ISO-8601 UTC moment it was
 * taken off (or created as a draft). Null: published, as every campaign before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campanhas').addColumn('despublicado_em', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campanhas').dropColumn('despublicado_em').execute()
}
