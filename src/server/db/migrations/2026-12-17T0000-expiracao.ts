import type { Kysely } from 'kysely'

/**
 * Expiry of credit and points (decision 0058): `fidelizacao_regras.validade_meses`, the months after the month they
 * were earned that credit and points last (0: they never expire). The expiry itself is a ledger movement of its own
 * (`transacoes.tipo` `expiracao`), and its notices are keyed notifications: no other table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fidelizacao_regras')
    .addColumn('validade_meses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fidelizacao_regras').dropColumn('validade_meses').execute()
}
