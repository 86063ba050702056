import { type Kysely, sql } from 'kysely'
import { isPostgres, withId } from './helpers.ts'

/**
 * Guest checkout (decision 0050): an order without an account.
 *
 * - `convidados`: a phone confirmed by an SMS code for one order, and the token (its SHA-256) that the device keeps and
 *   the SMS's link carries to follow that order. `usado_em`: when its order was placed (one order per code).
 *   `utilizador_id`, `creditado_em`: the account made with the same phone after paying, and when that order's purchase
 *   was credited to it (once).
 * - `encomendas.utilizador_id` may be null (a guest's order), `encomendas.convidado_id` names its guest; a guest's
 *   Idempotency-Key is unique per guest as a customer's is per customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('convidados'))
    .addColumn('telemovel', 'text', (c) => c.notNull())
    .addColumn('pais', 'text', (c) => c.notNull())
    .addColumn('telemovel_e164', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('usado_em', 'text')
    .addColumn('utilizador_id', 'integer', (c) => c.references('utilizadores.id'))
    .addColumn('creditado_em', 'text')
    .addColumn('criado_em', 'text', (c) => c.notNull())
    .addColumn('expira_em', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('convidados_expira').on('convidados').column('expira_em').execute()
  // One guest order credited per account: the purchase that made it.
  await sql`create unique index convidados_utilizador on convidados (utilizador_id) where utilizador_id is not null`.execute(
    db,
  )

  if (isPostgres(db)) {
    await sql`alter table encomendas alter column utilizador_id drop not null`.execute(db)
  } else {
    await semNotNullSqlite(db, 'encomendas', 'utilizador_id')
  }
  await db.schema
    .alterTable('encomendas')
    .addColumn('convidado_id', 'integer', (c) => c.references('convidados.id'))
    .execute()
  await db.schema
    .createIndex('encomendas_convidado_idempotencia')
    .on('encomendas')
    .columns(['convidado_id', 'chave_idempotencia'])
    .unique()
    .execute()
}

/**
 * SQLite cannot drop a NOT NULL: the table is made again from its own definition without it, its rows copied, and its
 * indexes made again (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes").
 * Migrations run outside a transaction on SQLite, so the foreign keys can be switched off around it.
 */
async function semNotNullSqlite(db: Kysely<unknown>, tabela: string, coluna: string): Promise<void> {
  const { rows } = await sql<{
    sql: string
  }>`select sql from sqlite_master where type = 'table' and name = ${tabela}`.execute(db)
  const definicao = rows[0]?.sql
  const semNotNull = new RegExp(`("${coluna}"\\s+integer)\\s+not null`, 'i')
  if (!definicao || !semNotNull.test(definicao)) throw new Error(`${tabela}.${coluna}: definição inesperada`)
  const nova = `${tabela}_nova`
  const criar = definicao
    .replace(new RegExp(`^create table "?${tabela}"?`, 'i'), `create table "${nova}"`)
    .replace(semNotNull, '$1')
  const indices = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = ${tabela} and sql is not null`.execute(db)
  // Off outside the transaction (inside one the pragma is ignored), and checked off: a drop with them on would cascade.
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    const { rows: estado } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)
    if (estado[0]?.foreign_keys !== 0) throw new Error('as chaves estrangeiras não desligaram')
    // All of it or nothing: a crash halfway leaves the table as it was.
    await sql`begin`.execute(db)
    try {
      await sql.raw(criar).execute(db)
      await sql.raw(`insert into "${nova}" select * from "${tabela}"`).execute(db)
      await sql.raw(`drop table "${tabela}"`).execute(db)
      await sql.raw(`alter table "${nova}" rename to "${tabela}"`).execute(db)
      for (const i of indices.rows) await sql.raw(i.sql).execute(db)
      const { rows: violacoes } = await sql.raw(`pragma foreign_key_check("${tabela}")`).execute(db)
      if (violacoes.length > 0) throw new Error(`${tabela}: chaves estrangeiras inválidas depois de a refazer`)
      await sql`commit`.execute(db)
    } catch (error) {
      await sql`rollback`.execute(db)
      throw error
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('encomendas_convidado_idempotencia').execute()
  await db.schema.alterTable('encomendas').dropColumn('convidado_id').execute()
  await db.schema.dropTable('convidados').execute()
}
