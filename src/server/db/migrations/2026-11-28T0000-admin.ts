import type { Kysely } from 'kysely'
import { flag, withId } from './helpers.ts'

/**
 * The back-office's staff (decision 0020, docs/decisions/0018-admin-access.md):
 *
 * - `admin_utilizadores`: staff accounts, apart from the customers' (e-mail kept lower-case and unique, scrypt
 *   password, role, TOTP secret sealed with the data key, when disabled);
 * - `admin_codigos_recuperacao`: the ten single-use recovery codes of a TOTP enrolment (scrypt hashes);
 * - `admin_sessoes`: staff sessions (token hash; idle expiry by `ultimo_uso_em`; whether the second factor was given);
 * - `admin_tentativas_login`: failed sign-ins per e-mail, and the lock they set;
 * - `admin_convites`: single-use links that let an invited person set a password (token hash);
 * - `admin_auditoria`: every change made from the back-office (who, when, what, before/after, never a secret).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('admin_utilizadores'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('papel', 'text', (c) => c.notNull())
    .addColumn('restaurantes', 'text')
    .addColumn('id_loja', 'integer')
    .addColumn('mudar_password', 'integer', flag)
    .addColumn('totp_segredo', 'text')
    .addColumn('totp_ativo', 'integer', flag)
    .addColumn('totp_ultimo_passo', 'integer')
    .addColumn('desativado_em', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('admin_codigos_recuperacao'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('admin_utilizadores.id'))
    .addColumn('codigo_hash', 'text', (c) => c.notNull())
    .addColumn('usado_em', 'text')
    .execute()
  await db.schema
    .createIndex('admin_codigos_recuperacao_utilizador')
    .on('admin_codigos_recuperacao')
    .column('utilizador_id')
    .execute()

  await withId(db, db.schema.createTable('admin_sessoes'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('admin_utilizadores.id'))
    .addColumn('segundo_fator', 'integer', flag)
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('ultimo_uso_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .addColumn('revogada_em', 'text')
    .execute()
  await db.schema.createIndex('admin_sessoes_utilizador').on('admin_sessoes').column('utilizador_id').execute()

  await db.schema
    .createTable('admin_tentativas_login')
    .addColumn('chave', 'text', (c) => c.primaryKey())
    .addColumn('falhas', 'integer', (c) => c.notNull())
    .addColumn('bloqueado_ate', 'text')
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('admin_convites'))
    .addColumn('utilizador_id', 'integer', (c) => c.notNull().references('admin_utilizadores.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .addColumn('usado_em', 'text')
    .execute()

  await withId(db, db.schema.createTable('admin_auditoria'))
    .addColumn('utilizador_id', 'integer')
    .addColumn('email', 'text')
    .addColumn('acao', 'text', (c) => c.notNull())
    .addColumn('entidade', 'text', (c) => c.notNull())
    .addColumn('entidade_id', 'text')
    .addColumn('antes', 'text')
    .addColumn('depois', 'text')
    .addColumn('ip', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('admin_auditoria_criado').on('admin_auditoria').column('criado_em').execute()
  await db.schema.createIndex('admin_auditoria_utilizador').on('admin_auditoria').column('utilizador_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'admin_auditoria',
    'admin_convites',
    'admin_tentativas_login',
    'admin_sessoes',
    'admin_codigos_recuperacao',
    'admin_utilizadores',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
