import type { Kysely } from 'kysely'

/**
 * The back-office's reports (decision 0020, decision 0019) read a window of days per store: orders by when they were paid
 * and placed, opinions by when they were given, sign-ups by when they completed. Without these, each report reads the
 * stores' whole history (the ledger has its `transacoes_loja` since 2026-11-23T0800).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('encomendas_loja_paga').on('encomendas').columns(['id_loja', 'paga_em']).execute()
  await db.schema.createIndex('encomendas_loja_criada').on('encomendas').columns(['id_loja', 'criada_em']).execute()
  await db.schema.createIndex('opinioes_loja_criada').on('opinioes').columns(['id_loja', 'criado_em']).execute()
  await db.schema
    .createIndex('utilizadores_registo_completo')
    .on('utilizadores')
    .column('registo_completo_em')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const nome of [
    'utilizadores_registo_completo',
    'opinioes_loja_criada',
    'encomendas_loja_criada',
    'encomendas_loja_paga',
  ]) {
    await db.schema.dropIndex(nome).execute()
  }
}
