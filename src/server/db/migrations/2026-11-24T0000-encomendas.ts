import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * Orders from the app and the sandbox's MB WAY requests. An order keeps its own copy of what was priced
 * (its lines, as JSON) and the state of its payment, so that a restart in the middle of any step finds where it was:
 * `pagamento_estado` 'a-pedir' (written, the provider not asked yet), 'pendente', 'pago', 'recusado', 'expirado',
 * 'sem-pagamento' (the balance paid it all); `reembolso_estado` 'a-reembolsar', 'reembolsado'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('encomendas'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('estado', 'integer', (c) => c.notNull())
    .addColumn('id_tipo_entrega', 'integer', (c) => c.notNull())
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('telemovel', 'text', (c) => c.notNull())
    .addColumn('pais', 'text', (c) => c.notNull())
    .addColumn('nif', 'text')
    .addColumn('linhas', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('desconto', 'integer', (c) => c.notNull())
    .addColumn('valor_pago', 'integer', (c) => c.notNull())
    .addColumn('pontos_ganhos', 'integer', (c) => c.notNull().defaultTo(0))
    // The ledger movements: the balance held at checkout, the purchase written when paid.
    .addColumn('reserva_id', 'integer', (c) => c.references('transacoes.id'))
    .addColumn('compra_id', 'integer', (c) => c.references('transacoes.id'))
    .addColumn('pagamento_provider', 'text')
    .addColumn('pagamento_id', 'text')
    .addColumn('pagamento_estado', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text')
    .addColumn('reembolso_estado', 'text')
    .addColumn('motivo', 'text')
    // The checkout's Idempotency-Key, per customer, and a hash of what was sent with it.
    .addColumn('chave_idempotencia', 'text', (c) => c.notNull())
    .addColumn('pedido_hash', 'text', (c) => c.notNull())
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .addColumn('paga_em', 'text')
    .addColumn('atualizada_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('encomendas_idempotencia', ['utilizador_id', 'chave_idempotencia'])
    .execute()
  await db.schema.createIndex('encomendas_loja').on('encomendas').columns(['id_loja', 'estado']).execute()
  await db.schema.createIndex('encomendas_utilizador').on('encomendas').columns(['utilizador_id', 'id']).execute()
  await db.schema
    .createIndex('encomendas_pagamento')
    .on('encomendas')
    .columns(['pagamento_provider', 'pagamento_id'])
    .execute()
  await db.schema.createIndex('encomendas_por_resolver').on('encomendas').columns(['pagamento_estado']).execute()

  await db.schema
    .createTable('pagamentos_sandbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('referencia', 'text', (c) => c.notNull())
    .addColumn('telemovel', 'text', (c) => c.notNull())
    .addColumn('pais', 'text', (c) => c.notNull())
    .addColumn('valor', 'integer', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('reembolsado', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .execute()
}
