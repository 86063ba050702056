import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The e-mail outbox: a feature queues a message in its own transaction (so a rolled-back change sends nothing) and the
 * jobs send it after, so that no request waits on an SMTP server, a restart loses nothing, and a failure is retried.
 * Sent and given-up rows stay a while (the development outbox lists the sent ones) before housekeeping removes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('email_outbox'))
    .addColumn('para', 'text', (c) => c.notNull())
    .addColumn('assunto', 'text', (c) => c.notNull())
    .addColumn('texto', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
    // Not before this moment (ISO): the next attempt after a failure, or the end of a sending process's lease.
    .addColumn('proxima_em', 'text', (c) => c.notNull())
    .addColumn('enviado_em', 'text')
    .addColumn('desistido_em', 'text')
    .addColumn('erro', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('email_outbox_proxima').on('email_outbox').column('proxima_em').execute()
  await db.schema.createIndex('email_outbox_enviado').on('email_outbox').column('enviado_em').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute()
}
