import type { Kysely } from 'kysely'

/**
 * A notification for everyone is queued for the devices in batches, each in a short transaction of its own, instead of
 * one transaction over every device that would hold the database's write lock (SQLite's only writer) for the whole
 * fan-out. `push_difusoes` is a fan-out still under way and how far it got, so that one stopped midway (a crash, a
 * restart) is resumed by the outbox; a send is unique per device and notification, so a batch queued twice adds none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_difusoes')
    .addColumn('notificacao_id', 'integer', (c) => c.primaryKey().references('notificacoes.id'))
    .addColumn('subscricoes_ate', 'integer', (c) => c.notNull())
    .addColumn('enfileiradas_ate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('push_envios_subscricao_notificacao')
    .on('push_envios')
    .columns(['subscricao_id', 'notificacao_id'])
    .unique()
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('push_envios_subscricao_notificacao').execute()
  await db.schema.dropTable('push_difusoes').execute()
}
