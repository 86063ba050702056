import type { Kysely } from 'kysely'
import { sql } from 'kysely'

/**
 * Access without a row per visitor (docs/decisions/0005): anonymous visitors carry a signed token instead of a session
 * row, so the rows of anonymous sessions go; login failures are counted per phone number, known or not, so the lock
 * moves from the account row to a table keyed by the number; the server's own secrets live in `segredos`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sessoes where utilizador_id is null`.execute(db)

  await db.schema
    .createTable('tentativas_login')
    // The number in E.164, or as typed when it is no valid mobile number: what a guesser attacks.
    .addColumn('chave', 'text', (c) => c.primaryKey())
    .addColumn('falhas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bloqueado_ate', 'text')
    .addColumn('atualizado_em', 'text', (c) => c.notNull())
    .execute()

  await db.schema.alterTable('utilizadores').dropColumn('falhas_login').execute()
  await db.schema.alterTable('utilizadores').dropColumn('bloqueado_ate').execute()

  await db.schema
    .createTable('segredos')
    .addColumn('nome', 'text', (c) => c.primaryKey())
    .addColumn('valor', 'text', (c) => c.notNull())
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .execute()
}
