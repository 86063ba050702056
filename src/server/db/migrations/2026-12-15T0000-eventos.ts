import { type Kysely, sql } from 'kysely'
import { isPostgres } from './helpers.ts'

/**
 * The event log (decision 0056): every event the bus publishes, with the id a stream sends it under, kept for a short
 * while so that a stream that reconnects with `Last-Event-ID` is sent what it missed.
 *
 * - `id`: 64-bit (a large group publishes millions a day), in the order the events were written; what a stream sends
 *   as the event's id.
 * - `canal`: whom it concerns (`utilizador:12`, `loja:862`, `todos`); `evento`: the event as published (JSON: ids and
 *   states, never personal data); `criado_em`: when, for the purge.
 * - A first row, so that the log is never empty: a stream always has an id to start from, and the purge always keeps
 *   the newest row (platform/registo-eventos.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('eventos')
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('canal', 'text', (c) => c.notNull())
    .addColumn('evento', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('eventos_canal').on('eventos').columns(['canal', 'id']).execute()
  await db.schema.createIndex('eventos_criado').on('eventos').columns(['criado_em']).execute()
  await sql`INSERT INTO eventos (canal, evento, criado_em) VALUES ('sistema', '{"tipo":"inicio"}', ${new Date().toISOString()})`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('eventos').execute()
}
