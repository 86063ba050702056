import { type Kysely, sql } from 'kysely'

/**
 * Orders gain a last state, 3 'Pedido entregue' (collected), which the board now waits for before it lets a ready order
 * go. Until now 'ready' was the last state and the board forgot an order there, so every order made ready before this
 * version was handed over without being marked: all but those made ready in the last hour (still perhaps at the
 * counter, kept in the board's 'Prontas' column) are marked collected, so the column does not open full of old orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const umaHoraAntes = new Date(Date.now() - 60 * 60_000).toISOString()
  await sql`update encomendas set estado = 3 where estado = 2 and atualizada_em < ${umaHoraAntes}`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update encomendas set estado = 2 where estado = 3`.execute(db)
}
