import type { Kysely } from 'kysely'

/**
 * The minutes an order promises while it is received ('Recebemos o seu pedido - N minutos', ): the longest
 * preparation time (`tempo`) of its products when it was priced, never less than 15. Kept with the order, like its
 * lines: the menu may change before the kitchen is done. Orders made before it promise the spec's 15.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('encomendas')
    .addColumn('minutos', 'integer', (c) => c.notNull().defaultTo(15))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('minutos').execute()
}
