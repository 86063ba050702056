import type { Kysely } from 'kysely'
import { withId } from './helpers.ts'

/**
 * People and loyalty in the back-office:
 * - a manual adjustment of a customer's balance or points is a ledger movement of its own type (`ajuste`), with the
 *   reason the staff member gave (`motivo`, shown to the customer) and the form's idempotency key (`chave_ajuste`,
 *   unique: a double click writes one movement);
 * - customer profiles (spec §3 `id_perfil`, §6 "a profile-specific style class"): named by admins, each with the style
 *   class the app applies. The first row is the profile every account has had since 2026-11-22T0600 (`id_perfil` 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transacoes').addColumn('motivo', 'text').execute()
  await db.schema.alterTable('transacoes').addColumn('chave_ajuste', 'text').execute()
  await db.schema.createIndex('transacoes_chave_ajuste').unique().on('transacoes').column('chave_ajuste').execute()

  await withId(db, db.schema.createTable('perfis'))
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('classe', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('perfis_nome').unique().on('perfis').column('nome').execute()
  await (db as Kysely<{ perfis: { nome: string; classe: string; criado_em: string } }>)
    .insertInto('perfis')
    .values({ nome: 'Cliente', classe: 'perfil-cliente', criado_em: '2026-11-30T04:00:00.000Z' })
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('perfis').execute()
  await db.schema.dropIndex('transacoes_chave_ajuste').execute()
  await db.schema.alterTable('transacoes').dropColumn('chave_ajuste').execute()
  await db.schema.alterTable('transacoes').dropColumn('motivo').execute()
}
