import { type Kysely, sql } from 'kysely'

/**
 * Every way to pay (decision 0048): MB WAY, Multibanco, card, Apple Pay and Google Pay, through one provider.
 *
 * - `encomendas.pagamento_metodo`: the method of the order's payment request (null: nothing to pay). Orders before it
 *   were all MB WAY.
 * - `encomendas.pagamento_url`: the provider's page a card, Apple Pay or Google Pay order is paid on, while it waits.
 * - `encomendas.mb_entidade`, `mb_referencia`: a Multibanco order's entity and reference, while it waits.
 * - `lojas.metodos_pagamento`: the methods the store accepts (comma-separated). Stores before it took MB WAY only, and
 *   keep that until the back-office says otherwise.
 * - `pagamentos_sandbox.metodo`, `entidade`, `mb_referencia`, `url_regresso`: the sandbox's requests of each method.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').addColumn('pagamento_metodo', 'text').execute()
  await db.schema.alterTable('encomendas').addColumn('pagamento_url', 'text').execute()
  await db.schema.alterTable('encomendas').addColumn('mb_entidade', 'text').execute()
  await db.schema.alterTable('encomendas').addColumn('mb_referencia', 'text').execute()
  await sql`update encomendas set pagamento_metodo = 'mbway' where pagamento_provider is not null`.execute(db)
  await db.schema
    .alterTable('lojas')
    .addColumn('metodos_pagamento', 'text', (c) => c.notNull().defaultTo('mbway'))
    .execute()
  await db.schema
    .alterTable('pagamentos_sandbox')
    .addColumn('metodo', 'text', (c) => c.notNull().defaultTo('mbway'))
    .execute()
  await db.schema.alterTable('pagamentos_sandbox').addColumn('entidade', 'text').execute()
  await db.schema.alterTable('pagamentos_sandbox').addColumn('mb_referencia', 'text').execute()
  await db.schema.alterTable('pagamentos_sandbox').addColumn('url_regresso', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['url_regresso', 'mb_referencia', 'entidade', 'metodo']) {
    await db.schema.alterTable('pagamentos_sandbox').dropColumn(c).execute()
  }
  await db.schema.alterTable('lojas').dropColumn('metodos_pagamento').execute()
  for (const c of ['mb_referencia', 'mb_entidade', 'pagamento_url', 'pagamento_metodo']) {
    await db.schema.alterTable('encomendas').dropColumn(c).execute()
  }
}
