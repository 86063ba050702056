import type { Kysely } from 'kysely'

/**
 * A campaign may end (`termina_em`, the ISO-8601 UTC moment it stops): from then on it leaves the list and its own
 * page. Null: it runs until it is taken down.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campanhas').addColumn('termina_em', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campanhas').dropColumn('termina_em').execute()
}
