import { type Kysely, sql } from 'kysely'

/**
 * One consent to communications (docs/decisions/0031-um-consentimento.md).
 *
 * - `utilizadores.comunicacoes` (the personal data's box, which decided nothing) goes; `comunicacao` is the one value
 *   both screens show and change. An account keeps its consent only when BOTH boxes were ticked: two answers that
 *   disagree are no unambiguous consent, so the conservative reading is "no". Each account whose answer this changes
 *   (either box was ticked, not both) gets a history row saying so (`origem` 'migracao').
 * - `consentimentos.origem`: where a change was made (`registo`, `dados-pessoais`, `rgpd`, `migracao`…); the rows
 *   written before it are given the screen their type came from.
 * - `campanhas_escrita`: a composed message still being written to its audience, and the last customer id written
 *   (the resumable mark of its short batches: features/notificacoes/lotes.ts).
 * - `admin_notificacoes.ligacao`: the screen a message opens (`npm run notify --ligacao`, which now sends its
 *   marketing through the composer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('consentimentos')
    .addColumn('origem', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update consentimentos set origem = case tipo
      when 'comunicacoes' then 'dados-pessoais' when 'comunicacao' then 'rgpd' else 'registo' end`.execute(db)

  const agora = new Date().toISOString()
  await sql`insert into consentimentos (utilizador_id, tipo, versao, valor, registado_em, origem)
    select id, 'comunicacao', 'app-1', 0, ${agora}, 'migracao' from utilizadores
    where eliminado = 0 and comunicacao <> comunicacoes`.execute(db)
  await sql`update utilizadores set comunicacao = 0 where comunicacoes = 0`.execute(db)
  await db.schema.alterTable('utilizadores').dropColumn('comunicacoes').execute()

  await db.schema
    .createTable('campanhas_escrita')
    .addColumn('campanha_id', 'integer', (c) => c.primaryKey().references('admin_notificacoes.id'))
    .addColumn('escritas_ate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('criada_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('admin_notificacoes').addColumn('ligacao', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_notificacoes').dropColumn('ligacao').execute()
  await db.schema.dropTable('campanhas_escrita').execute()
  await db.schema
    .alterTable('utilizadores')
    .addColumn('comunicacoes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update utilizadores set comunicacoes = comunicacao`.execute(db)
  await db.schema.alterTable('consentimentos').dropColumn('origem').execute()
}
