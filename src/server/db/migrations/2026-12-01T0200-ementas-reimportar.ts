import { type Kysely, sql } from 'kysely'

/**
 * Every store's menu is read again at its POS's next `PUT /api/loja/v1/ementa` (decision 0026, decision 0026). Before the
 * menu read allergens, half portions and the rest, a POS could already send them, and the schema dropped them; the
 * POS then sends the same snapshot with the same `hash`, which the import skips as already read, so those fields would
 * never appear. An empty hash matches no snapshot (a sent `hash` is never empty): the next upload is imported whole.
 * The stored menu still serves the catalogue until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update ementas set hash = ''`.execute(db)
}

/** Nothing to undo: the hashes are gone, and a menu read once more is the same menu. */
export async function down(): Promise<void> {}
