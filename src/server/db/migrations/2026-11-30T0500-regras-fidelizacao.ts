import type { Kysely } from 'kysely'

/**
 * The loyalty rules become the back-office's to change: credit percent, points per euro and threshold.
 *
 * - `fidelizacao_regras`: one row (`id` 1) once an admin has changed them; without it, the environment's values
 *   (LOYALTY_CREDIT_PERCENT, LOYALTY_POINTS_PER_EURO, LOYALTY_POINTS_THRESHOLD) are the rules.
 * - Every movement of `transacoes` keeps the rules it was made with (`taxa_credito` in hundredths of a percent: 500 is
 *   5 %), so a change applies from the next purchase on and never rewrites an earlier one. The rows already there were
 *   made with the environment's values, which this migration reads as the server would (the same defaults).
 */
const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isFinite(value) ? value : fallback
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const taxa = Math.round(envNumber('LOYALTY_CREDIT_PERCENT', 5) * 100)
  const pontos = Math.trunc(envNumber('LOYALTY_POINTS_PER_EURO', 1))
  const patamar = Math.trunc(envNumber('LOYALTY_POINTS_THRESHOLD', 100))
  await db.schema
    .createTable('fidelizacao_regras')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('taxa_credito', 'integer', (c) => c.notNull())
    .addColumn('pontos_por_euro', 'integer', (c) => c.notNull())
    .addColumn('patamar', 'integer', (c) => c.notNull())
    .addColumn('alterado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .alterTable('transacoes')
    .addColumn('taxa_credito', 'integer', (c) => c.notNull().defaultTo(taxa))
    .execute()
  await db.schema
    .alterTable('transacoes')
    .addColumn('pontos_por_euro', 'integer', (c) => c.notNull().defaultTo(pontos))
    .execute()
  await db.schema
    .alterTable('transacoes')
    .addColumn('patamar', 'integer', (c) => c.notNull().defaultTo(patamar))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['patamar', 'pontos_por_euro', 'taxa_credito']) {
    await db.schema.alterTable('transacoes').dropColumn(column).execute()
  }
  await db.schema.dropTable('fidelizacao_regras').execute()
}
