import type { Kysely } from 'kysely'

/**
 * Which of the POS's price tiers (`precovenda`, `pvp2`…`pvp10`) each store charges for take-away and for eating in
 * (decision 0026, docs/decisions/0026-menu-fields.md "Price tiers"): `precovenda` for both until the store's manager sets
 * another in the back-office, which is what every order paid before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lojas')
    .addColumn('preco_take_away', 'text', (c) => c.notNull().defaultTo('precovenda'))
    .execute()
  await db.schema
    .alterTable('lojas')
    .addColumn('preco_na_loja', 'text', (c) => c.notNull().defaultTo('precovenda'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lojas').dropColumn('preco_na_loja').execute()
  await db.schema.alterTable('lojas').dropColumn('preco_take_away').execute()
}
