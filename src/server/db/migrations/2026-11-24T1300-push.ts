import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * Web Push: the customers' devices (`push_subscricoes`, one per push endpoint: a browser on a device) and
 * the outbox of what is to be sent to them (`push_envios`), so that sending never holds a request up, survives a
 * restart, and is retried. A subscription the push service says is gone (404/410), or whose session ended, is deleted
 * with its sends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('push_subscricoes'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    // The session that subscribed: the device gets pushes while it is signed in there, and not after.
    .addColumn('sessao_id', 'integer', (c) => c.notNull().references('sessoes.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('push_subscricoes_utilizador').on('push_subscricoes').column('utilizador_id').execute()
  await withId(db, db.schema.createTable('push_envios'))
    .addColumn('subscricao_id', 'integer', (c) => c.notNull().references('push_subscricoes.id').onDelete('cascade'))
    .addColumn('notificacao_id', 'integer', (c) => c.notNull().references('notificacoes.id'))
    .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
    /** Not before this moment (ISO): the next attempt after a failure, or a claim by a process that is sending it. */
    .addColumn('proxima_em', 'text', (c) => c.notNull())
    .addColumn('erro', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('push_envios_proxima').on('push_envios').column('proxima_em').execute()
}
