import type { Kysely } from 'kysely'

/**
 * A staff member's reach over customers (docs/decisions/0032-staff-alcance.md): the customers a store's or a gestor's
 * account found by their whole phone number, each for a while (`admin_clientes_encontrados`), and the store that made
 * a provisional account (`utilizadores.id_loja_origem`, null for the accounts made before: only an admin resends
 * their SMS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_clientes_encontrados')
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('admin_utilizadores.id').onDelete('cascade'))
    .addColumn('cliente_id', 'integer', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_clientes_encontrados_pk', ['utilizador_id', 'cliente_id'])
    .execute()
  await db.schema
    .createIndex('admin_clientes_encontrados_expira')
    .on('admin_clientes_encontrados')
    .column('expira_em')
    .execute()
  await db.schema.alterTable('utilizadores').addColumn('id_loja_origem', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('utilizadores').dropColumn('id_loja_origem').execute()
  await db.schema.dropTable('admin_clientes_encontrados').execute()
}
