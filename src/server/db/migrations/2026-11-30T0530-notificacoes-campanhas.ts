import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The back-office's notification composer.
 *
 * - `admin_notificacoes`: what staff composed (title, text, audience), for when (`agendada_para`: now, or later), and
 *   where it stands (`agendada` → `enviada`, or `cancelada`). The job sends those due, each once: a conditional update
 *   from `agendada` claims it in the same transaction that writes its notifications, so a scheduled send survives a
 *   restart and two rounds (or processes) never send it twice. `alcance`: the restaurants of the gestor who composed it
 *   (JSON; null: an admin's), which still bound its audience when it goes out.
 * - `notificacoes.campanha_id`: the notifications a composed message wrote (its delivery counts), and each
 *   notification's pushes sent and failed, counted by the push outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('admin_notificacoes'))
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('texto', 'text', (c) => c.notNull())
    .addColumn('publico', 'text', (c) => c.notNull())
    .addColumn('restaurante_id', 'integer')
    .addColumn('telefone', 'text')
    .addColumn('alcance', 'text')
    .addColumn('estado', 'text', (c) => c.notNull().defaultTo('agendada'))
    .addColumn('agendada_para', 'text', (c) => c.notNull())
    .addColumn('criada_por', 'integer')
    .addColumn('criada_por_email', 'text')
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .addColumn('enviada_em', 'text')
    .addColumn('destinatarios', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('admin_notificacoes_devidas')
    .on('admin_notificacoes')
    .columns(['estado', 'agendada_para'])
    .execute()
  await db.schema.alterTable('notificacoes').addColumn('campanha_id', 'integer').execute()
  await db.schema
    .alterTable('notificacoes')
    .addColumn('push_enviados', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('notificacoes')
    .addColumn('push_falhados', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('notificacoes_campanha').on('notificacoes').column('campanha_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notificacoes_campanha').execute()
  for (const column of ['push_falhados', 'push_enviados', 'campanha_id']) {
    await db.schema.alterTable('notificacoes').dropColumn(column).execute()
  }
  await db.schema.dropTable('admin_notificacoes').execute()
}
