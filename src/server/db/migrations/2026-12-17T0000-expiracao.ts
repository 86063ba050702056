import type { Kysely } from 'kysely'

/**
 * Expiry of credit and points (decision 0058): `fidelizacao_regras.validade_meses`, the months after the month they
 * were earned that credit and points last (0: they never expire); `validade_desde`, when it was last switched on or
 * shortened: nothing expires before the end of the first month that ends 30 days after it. The expiry itself is a ledger movement of its own
 * (`transacoes.tipo` `expiracao`), and its notices are keyed notifications: no other table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fidelizacao_regras')
    .addColumn('validade_meses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('fidelizacao_regras').addColumn('validade_desde', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fidelizacao_regras').dropColumn('validade_desde').execute()
  await db.schema.alterTable('fidelizacao_regras').dropColumn('validade_meses').execute()
}
