import type { Kysely } from 'kysely'

/**
 * Why a session was ended elsewhere (`password`: the account's password changed on another device, or was reset): the
 * device it belonged to is told so on its next visit, instead of finding itself signed out with no word.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessoes').addColumn('fim_motivo', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessoes').dropColumn('fim_motivo').execute()
}
