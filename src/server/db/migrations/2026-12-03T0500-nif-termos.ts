import type { Kysely } from 'kysely'

/**
 * The NIF a till purchase was made with (the one the customer chose in the app, as the till was told it), and a legal
 * text's relevant change: the version customers must accept again, what changed, and since when
 * (docs/decisions/0033-nif-na-caixa-e-termos-aceites-de-novo.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transacoes').addColumn('nif', 'text').execute()
  await db.schema.alterTable('transacoes').addColumn('nif_nome', 'text').execute()
  await db.schema.alterTable('informacao_legal').addColumn('versao_relevante', 'text').execute()
  await db.schema.alterTable('informacao_legal').addColumn('o_que_mudou', 'text').execute()
  await db.schema.alterTable('informacao_legal').addColumn('relevante_em', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('informacao_legal').dropColumn('relevante_em').execute()
  await db.schema.alterTable('informacao_legal').dropColumn('o_que_mudou').execute()
  await db.schema.alterTable('informacao_legal').dropColumn('versao_relevante').execute()
  await db.schema.alterTable('transacoes').dropColumn('nif_nome').execute()
  await db.schema.alterTable('transacoes').dropColumn('nif').execute()
}
