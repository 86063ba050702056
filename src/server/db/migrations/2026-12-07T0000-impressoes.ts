import { type Kysely, sql } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The kitchen printer's jobs (features/impressoras, decision 0043): one row per ticket to print, queued in the
 * transaction that makes an order paid ('encomenda') or by staff from the board ('reimpressao'), and sent by the jobs
 * to the store's printer (ESC/POS over TCP).
 *
 * - `estado`: 'pendente' (to send, `proxima_em` its next attempt or the end of a sending process's lease),
 *   'a-enviar' (connected, its bytes going out), 'impresso', 'incerto' (the bytes may have reached the printer and
 *   nobody knows: never sent again by itself), 'desistido' (the printer could not be reached in time).
 * - `falhou_em`: its first failed attempt (the board's 'sem ligação desde'); `enviado_em`: when its bytes began to go;
 *   `concluido_em`: when it reached its last state.
 * - One 'encomenda' ticket per order, whatever confirms the payment and however often: a unique index on the order
 *   for that motive (a partial index, on both dialects); reprints are as many as staff ask for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('impressoes'))
    .addColumn('encomenda_id', 'integer', (c) => c.notNull())
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('motivo', 'text', (c) => c.notNull())
    // The store key whose tablet asked for a reprint (null for an order's own ticket): who did it, kept with it.
    .addColumn('chave_id', 'integer')
    .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendente'))
    .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proxima_em', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('falhou_em', 'text')
    .addColumn('enviado_em', 'text')
    .addColumn('concluido_em', 'text')
    .addColumn('erro', 'text')
    .execute()
  await db.schema
    .createIndex('impressoes_uma_por_encomenda')
    .on('impressoes')
    .column('encomenda_id')
    .unique()
    .where(sql.ref('motivo'), '=', 'encomenda')
    .execute()
  // The sender's read: what is due.
  await db.schema.createIndex('impressoes_devidas').on('impressoes').columns(['estado', 'proxima_em']).execute()
  // The board's read: a store's recent tickets.
  await db.schema.createIndex('impressoes_loja').on('impressoes').columns(['id_loja', 'criado_em']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('impressoes').execute()
}
