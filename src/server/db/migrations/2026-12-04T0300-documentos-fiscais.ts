import { type Kysely, sql } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The fiscal documents the stores' POS issue (STORE-API.md "Invoices", docs/decisions/0038), and what is owed one. A
 * row per sale (an app order, `origem` 'encomenda'; a till purchase, 'compra') and kind (`classe` 'venda': its
 * invoice; 'credito': the credit note of its refund or cancellation): written as due (`devido_em`) in the transaction
 * that pays, refunds or cancels, and filled when the POS sends the document (`recebido_em`). The unique index is the one
 * document per kind, whoever sends it first. Rows for sales from before this table exist only once a document comes
 * (`devido_em` null): those were never flagged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('documentos_fiscais'))
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('origem', 'text', (c) => c.notNull())
    .addColumn('origem_id', 'integer', (c) => c.notNull())
    .addColumn('classe', 'text', (c) => c.notNull())
    // The customer the sale was for (an erasure blanks what of the document is theirs), or null.
    .addColumn('utilizador_id', 'integer')
    .addColumn('referencia', 'text')
    .addColumn('valor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('devido_em', 'text')
    .addColumn('tipo', 'text')
    .addColumn('numero', 'text')
    .addColumn('atcud', 'text')
    .addColumn('qr', 'text')
    .addColumn('emitido_em', 'text')
    .addColumn('pdf_url', 'text')
    .addColumn('pedido_hash', 'text')
    .addColumn('recebido_em', 'text')
    .execute()
  await db.schema
    .createIndex('documentos_fiscais_unico')
    .on('documentos_fiscais')
    .columns(['origem', 'origem_id', 'classe'])
    .unique()
    .execute()
  // The alarm reads what is due and missing, per store: a few rows at any time, however long the history.
  await db.schema
    .createIndex('documentos_fiscais_em_falta')
    .on('documentos_fiscais')
    .columns(['id_loja', 'devido_em'])
    .where(sql.ref('recebido_em'), 'is', null)
    .execute()
  await db.schema
    .createIndex('documentos_fiscais_utilizador')
    .on('documentos_fiscais')
    .column('utilizador_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documentos_fiscais').execute()
}
