import type { Kysely } from 'kysely'

/**
 * Ordering ahead and the kitchen's printer, per store (decisions 0043 and 0044):
 * - `capacidade_intervalo`: orders the store takes for one 15-minute pick-up slot (default 10);
 * - `impressora_endereco`, `impressora_porta`: the kitchen printer on its network (ESC/POS over TCP; null: none, and
 *   the port 9100 when not given).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lojas')
    .addColumn('capacidade_intervalo', 'integer', (c) => c.notNull().defaultTo(10))
    .execute()
  await db.schema.alterTable('lojas').addColumn('impressora_endereco', 'text').execute()
  await db.schema.alterTable('lojas').addColumn('impressora_porta', 'integer').execute()
  // The slots' counts read a store's orders by pick-up time.
  await db.schema
    .createIndex('encomendas_loja_levantar_em')
    .on('encomendas')
    .columns(['id_loja', 'levantar_em'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('encomendas_loja_levantar_em').execute()
  await db.schema.alterTable('lojas').dropColumn('impressora_porta').execute()
  await db.schema.alterTable('lojas').dropColumn('impressora_endereco').execute()
  await db.schema.alterTable('lojas').dropColumn('capacidade_intervalo').execute()
}
