import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * Notifications: one row per notification, for one customer (`utilizador_id`) or for everyone (null).
 * Reading is all or nothing (leaving the screen marks all as read, spec §4), so what a customer has read is one mark
 * on their row: the newest notification id they saw. `chave` keeps a notification the app sends by itself from being
 * sent twice (a provisional account's reminders).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notificacoes'))
    .addColumn('utilizador_id', 'integer', (c) => c.references('utilizadores.id'))
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('texto', 'text', (c) => c.notNull())
    .addColumn('ligacao', 'text')
    .addColumn('chave', 'text')
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('notificacoes_chave', ['utilizador_id', 'chave'])
    .execute()
  await db.schema.createIndex('notificacoes_utilizador').on('notificacoes').columns(['utilizador_id', 'id']).execute()
  await db.schema
    .alterTable('utilizadores')
    .addColumn('notificacoes_lidas_ate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('utilizadores').dropColumn('notificacoes_lidas_ate').execute()
  await db.schema.dropTable('notificacoes').execute()
}
