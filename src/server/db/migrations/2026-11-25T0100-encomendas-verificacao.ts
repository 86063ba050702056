import { type Kysely, sql } from 'kysely'

/**
 * When the payment reconciliation looks at an order next (docs/decisions/0012): `verificar_em` (ISO; null when there
 * is nothing left to ask the provider) and `tentativas` (checks or refunds that settled nothing, for the backoff). The
 * reconciliation takes the orders due longest ago first, so that stuck ones (a status the provider cannot answer, a
 * refund that keeps failing) no longer starve newer ones. `reembolso_estado` gains 'reembolsando': a refund claimed by
 * one process and sent to the provider, whose outcome is not known yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('encomendas').addColumn('verificar_em', 'text').execute()
  await db.schema
    .alterTable('encomendas')
    .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // What was waiting before this migration is due at once.
  await sql`update encomendas set verificar_em = atualizada_em
    where pagamento_estado in ('a-pedir', 'pendente') or reembolso_estado = 'a-reembolsar'`.execute(db)
  await db.schema.createIndex('encomendas_verificar').on('encomendas').column('verificar_em').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('encomendas_verificar').execute()
  await db.schema.alterTable('encomendas').dropColumn('tentativas').execute()
  await db.schema.alterTable('encomendas').dropColumn('verificar_em').execute()
}
