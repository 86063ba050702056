import type { Kysely } from 'kysely'

/**
 * The back-office's FAQ, legal contents and store keys:
 * - FAQ categories and questions, and legal contents, may be taken off the customer's screens without being deleted:
 *   `despublicado_em`, the ISO-8601 UTC moment (null: published, as every row before this migration);
 * - a store key's last authenticated use, `ultimo_uso_em` (moved at most once a minute per key: platform/store-keys.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['faq_categorias', 'faq_perguntas', 'informacao_legal']) {
    await db.schema.alterTable(table).addColumn('despublicado_em', 'text').execute()
  }
  await db.schema.alterTable('lojas_chaves').addColumn('ultimo_uso_em', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas_chaves').dropColumn('ultimo_uso_em').execute()
  for (const table of ['faq_categorias', 'faq_perguntas', 'informacao_legal']) {
    await db.schema.alterTable(table).dropColumn('despublicado_em').execute()
  }
}
