import { type Kysely, sql } from 'kysely'
import { flag, withId } from './helpers.ts'

/**
 * Loyalty (ARCHITECTURE.md "Units of work"): an append-only ledger owned by `fidelizacao`, whose newest movement holds
 * a customer's balances (the account row no longer does); opinions; the store side's keys, idempotency records and
 * staff sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('transacoes'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    // 1, 2, 3… per customer: a second movement written on the same balance cannot take the same number.
    .addColumn('sequencia', 'integer', (c) => c.notNull())
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('chave_id', 'integer')
    .addColumn('referencia', 'text')
    .addColumn('compra_id', 'integer', (c) => c.references('transacoes.id'))
    .addColumn('subtotal', 'integer', flag)
    .addColumn('desconto', 'integer', flag)
    .addColumn('valor_pago', 'integer', flag)
    .addColumn('valor_devolvido', 'integer', flag)
    .addColumn('ganha', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('saldo_anterior', 'integer', (c) => c.notNull())
    .addColumn('saldo_adicionado', 'integer', (c) => c.notNull())
    .addColumn('saldo_removido', 'integer', (c) => c.notNull())
    .addColumn('saldo_actual', 'integer', (c) => c.notNull().check(sqlNonNegative('saldo_actual')))
    .addColumn('pontos_anterior', 'integer', (c) => c.notNull())
    .addColumn('pontos_ganhos', 'integer', (c) => c.notNull())
    .addColumn('pontos_convertidos', 'integer', (c) => c.notNull())
    .addColumn('pontos_actual', 'integer', (c) => c.notNull().check(sqlNonNegative('pontos_actual')))
    .addColumn('itens_anterior', 'integer', (c) => c.notNull())
    .addColumn('itens_adicionados', 'integer', (c) => c.notNull())
    .addColumn('itens_redimidos', 'integer', (c) => c.notNull())
    .addColumn('itens_actual', 'integer', (c) => c.notNull().check(sqlNonNegative('itens_actual')))
    .addColumn('itens_revertidos', 'integer', flag)
    .addColumn('saldo_nao_recuperado', 'integer', flag)
    .addColumn('pontos_nao_recuperados', 'integer', flag)
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addUniqueConstraint('transacoes_sequencia', ['utilizador_id', 'sequencia'])
    .execute()
  await db.schema.createIndex('transacoes_compra').on('transacoes').column('compra_id').execute()
  await db.schema.createIndex('transacoes_loja').on('transacoes').columns(['id_loja', 'criado_em']).execute()

  await withId(db, db.schema.createTable('opinioes'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    // One opinion per transaction; opinions of a shop alone have none.
    .addColumn('transacao_id', 'integer', (c) => c.unique().references('transacoes.id'))
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('rating1', 'integer')
    .addColumn('rating2', 'integer')
    .addColumn('rating3', 'integer')
    .addColumn('comentario', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('lojas_chaves'))
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('etiqueta', 'text', (c) => c.notNull().unique())
    .addColumn('chave_hash', 'text', (c) => c.notNull().unique())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('revogada_em', 'text')
    .execute()

  await db.schema
    .createTable('idempotencia')
    .addColumn('chave_id', 'integer', (c) => c.notNull())
    .addColumn('chave', 'text', (c) => c.notNull())
    .addColumn('pedido_hash', 'text', (c) => c.notNull())
    .addColumn('estado', 'integer', (c) => c.notNull())
    .addColumn('resposta', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotencia_pk', ['chave_id', 'chave'])
    .execute()

  await withId(db, db.schema.createTable('painel_sessoes'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('chave_id', 'integer', (c) => c.notNull().references('lojas_chaves.id'))
    .addColumn('id_loja', 'integer', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .addColumn('revogada_em', 'text')
    .execute()

  // Balances and their totals now live in the ledger; whether opinions are asked is a setting.
  for (const column of ['saldo', 'pontos', 'patamar', 've_rating', 'acumulado', 'ja_poupou', 'total_valor_desconto']) {
    await db.schema.alterTable('utilizadores').dropColumn(column).execute()
  }
}

function sqlNonNegative(column: string) {
  return sql.raw(`${column} >= 0`)
}
