import type { Kysely } from 'kysely'

/**
 * The SMS guard (decision 0054) reads the last hour of challenges, by country, to compare the codes sent with those
 * confirmed: by when they were made, not the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sms_desafios_criado').on('sms_desafios').columns(['criado_em']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sms_desafios_criado').execute()
}
