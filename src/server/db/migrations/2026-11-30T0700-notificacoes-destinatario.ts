import type { Kysely } from 'kysely'
import { sql } from 'kysely'

/**
 * A message composed for one phone keeps the customer the number was when composed, not the number (decision 0020, after
 * review): the number is personal data that a customer's erasure would not reach here, and a number freed by an
 * erasure and taken by someone else must not receive what was meant for the first. The numbers already stored are
 * masked; a message still waiting for one of them reaches nobody, which is what a number no longer known should do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_notificacoes').addColumn('utilizador_id', 'integer').execute()
  await sql`update admin_notificacoes set telefone = 'Telemóvel ••• ••• ' || substr(telefone, length(telefone) - 2, 3)
    where telefone is not null and telefone not like 'Telemóvel%'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_notificacoes').dropColumn('utilizador_id').execute()
}
