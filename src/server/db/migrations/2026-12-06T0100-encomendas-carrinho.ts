import type { Kysely } from 'kysely'

/**
 * `encomendas.carrinho`: the cart the order was placed with, by the menu's codes (JSON, the checkout's `cart` as
 * validated), so that 'Repetir' finds each line in the store's current menu by its codes rather than by names a POS
 * may change. Orders placed before it have none (null): theirs are found by their stored names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').addColumn('carrinho', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('carrinho').execute()
}
