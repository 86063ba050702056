import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * Proof that a store identified a customer just now (STORE-API.md `clientes/identificar` → `identificacao`;
 * docs/decisions/0014): only its SHA-256 is kept, bound to the store and the customer, with its expiry; `usada_em` and
 * `transacao_id` say which purchase spent it (one purchase each). `transacoes.chave_id` already names the store key of
 * every till movement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('identificacoes'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('chave_id', 'integer', (c) => c.notNull())
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .addColumn('usada_em', 'text')
    .addColumn('transacao_id', 'integer', (c) => c.references('transacoes.id'))
    .execute()
  await db.schema.createIndex('identificacoes_expira').on('identificacoes').column('expira_em').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identificacoes').execute()
}
