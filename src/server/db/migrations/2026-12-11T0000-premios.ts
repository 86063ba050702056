import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * What a reward ('prémio') is, as the back-office defines it (decision 0051).
 *
 * - `premios`: each definition a row that is never changed (a new one replaces it), so a movement that names one
 *   always names what was given. `finalidade` says which reward it is: `pontos`, the one every threshold of points
 *   earns. `tipo` `produto` (a product given, its POS code in `cod_produto` when it is on the menus) or `valor` (an
 *   amount off the bill, `valor` cents).
 * - `transacoes.premio_*`: the reward a purchase redeemed (its id, and its name, kind and value as they were), and
 *   `desconto_premio`, the cents it took off the bill.
 * - `encomendas.premio_id`, `desconto_premio`: the reward an order redeemed ('Usar prémio') and what it took off
 *   (`desconto` stays the balance the order holds; `valor_pago` = `total` − `desconto` − `desconto_premio`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('premios'))
    .addColumn('finalidade', 'text', (c) => c.notNull())
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('valor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cod_produto', 'text')
    .addColumn('imagem', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('premios_finalidade').on('premios').columns(['finalidade', 'id']).execute()
  await db.schema.alterTable('transacoes').addColumn('premio_id', 'integer').execute()
  await db.schema.alterTable('transacoes').addColumn('premio_nome', 'text').execute()
  await db.schema.alterTable('transacoes').addColumn('premio_tipo', 'text').execute()
  await db.schema
    .alterTable('transacoes')
    .addColumn('premio_valor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('transacoes')
    .addColumn('desconto_premio', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('encomendas').addColumn('premio_id', 'integer').execute()
  await db.schema
    .alterTable('encomendas')
    .addColumn('desconto_premio', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('desconto_premio').execute()
  await db.schema.alterTable('encomendas').dropColumn('premio_id').execute()
  for (const c of ['desconto_premio', 'premio_valor', 'premio_tipo', 'premio_nome', 'premio_id']) {
    await db.schema.alterTable('transacoes').dropColumn(c).execute()
  }
  await db.schema.dropTable('premios').execute()
}
