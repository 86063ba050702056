import { type Kysely, sql } from 'kysely'
import { flag } from './helpers.ts'

/**
 * A provider's request id belongs to one order at most (docs/decisions/0012, "A request that was made but not
 * recorded"): the index on (pagamento_provider, pagamento_id) becomes UNIQUE, so that two callbacks naming one request
 * for two orders cannot both record it (SQLite and PostgreSQL both allow any number of NULLs). Orders sharing a
 * request id already are not guessed at: the migration stops and names them for an operator.
 *
 * `pagamento_incerto` (0/1): the order's create call got no answer it could read (a timeout, a 5xx), so a request may
 * exist that it does not record; only such an order, or one whose create can no longer be in flight, is matched by a
 * callback's reference. `pagamento_candidato`: a request id such a callback named while the provider could not be
 * asked whether it was paid; the reconciliation asks it later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const repetidos = await sql<{ pagamento_provider: string; pagamento_id: string; n: number }>`
    select pagamento_provider, pagamento_id, count(*) as n from encomendas
    where pagamento_id is not null group by pagamento_provider, pagamento_id having count(*) > 1`.execute(db)
  if (repetidos.rows.length > 0) {
    const lista = repetidos.rows.map((r) => `${r.pagamento_provider}/${r.pagamento_id}`).join(', ')
    throw new Error(
      `encomendas: payment requests recorded on more than one order (${lista}). Check them in the provider's back office and set pagamento_id to null on the orders they do not belong to, then migrate again.`,
    )
  }
  await db.schema.dropIndex('encomendas_pagamento').execute()
  await db.schema
    .createIndex('encomendas_pagamento')
    .unique()
    .on('encomendas')
    .columns(['pagamento_provider', 'pagamento_id'])
    .execute()
  await db.schema.alterTable('encomendas').addColumn('pagamento_incerto', 'integer', flag).execute()
  await db.schema.alterTable('encomendas').addColumn('pagamento_candidato', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').dropColumn('pagamento_candidato').execute()
  await db.schema.alterTable('encomendas').dropColumn('pagamento_incerto').execute()
  await db.schema.dropIndex('encomendas_pagamento').execute()
  await db.schema
    .createIndex('encomendas_pagamento')
    .on('encomendas')
    .columns(['pagamento_provider', 'pagamento_id'])
    .execute()
}
