import { type Kysely, sql } from 'kysely'
import { withId } from './helpers.ts'

/**
 * The customer's GDPR rights (docs/decisions/0017-rgpd.md):
 *
 * - `consentimentos`: every consent given or withdrawn, with its moment and the version of the text it was given to
 *   (terms and privacy at registration; each change of the communication consents), kept as a history;
 * - `rgpd_pedidos`: the single-use links an erasure or portability request e-mails to the account's own address
 *   (only the token's hash is kept);
 * - `utilizadores.terminado_em` / `anonimizado_em`: when a registration ended (erased, or a provisional account that
 *   lapsed) and when all its personal data were removed (at once for an erasure, a year after for a lapse).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('consentimentos'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('versao', 'text', (c) => c.notNull())
    .addColumn('valor', 'integer', (c) => c.notNull())
    .addColumn('registado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('consentimentos_utilizador').on('consentimentos').column('utilizador_id').execute()

  await withId(db, db.schema.createTable('rgpd_pedidos'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('utilizadores.id'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .addColumn('usado_em', 'text')
    .execute()
  await db.schema.createIndex('rgpd_pedidos_expira').on('rgpd_pedidos').column('expira_em').execute()
  await db.schema.createIndex('rgpd_pedidos_utilizador').on('rgpd_pedidos').column('utilizador_id').execute()

  await db.schema.alterTable('utilizadores').addColumn('terminado_em', 'text').execute()
  await db.schema.alterTable('utilizadores').addColumn('anonimizado_em', 'text').execute()
  // Accounts that lapsed before this migration ended then: the retention job counts its year from their last change.
  await sql`update utilizadores set terminado_em = atualizado_em where eliminado = 1 and terminado_em is null`.execute(
    db,
  )
  await db.schema.createIndex('utilizadores_terminado').on('utilizadores').column('terminado_em').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('utilizadores_terminado').execute()
  await db.schema.alterTable('utilizadores').dropColumn('anonimizado_em').execute()
  await db.schema.alterTable('utilizadores').dropColumn('terminado_em').execute()
  await db.schema.dropTable('rgpd_pedidos').execute()
  await db.schema.dropTable('consentimentos').execute()
}
