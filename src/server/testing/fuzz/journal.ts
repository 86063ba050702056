import { sql } from 'kysely'
import type { Database } from '../../platform/db.ts'
import { COLUNAS_DE_ACESSO } from '../snapshot.ts'

/**
 * "A refusal writes nothing", checked in constant time per request: triggers on every table of the fuzzed test
 * database write one line to `_fuzz_journal` for each row inserted, deleted, or updated in a column that counts (an
 * update that leaves every counted column as it was writes no line). A request was refused without writing exactly
 * when the journal did not grow. A snapshot of every table (testing/snapshot.ts) says the same at a cost that grows
 * with the rows, which ten thousand requests make long; the runner still compares snapshots on a sample of refusals,
 * so that the journal itself is held to the checksums.
 *
 * `excluir`: what a refusal may write, as in snapshotRows: a table, or `table.column`. Installed on a test database
 * only (the journal and its triggers are the suite's, never the app's).
 */
export interface Journal {
  /** Where the journal is now. */
  mark(): Promise<number>
  /** The tables written since a mark, one entry per row written (empty: nothing was), and the mark now. */
  since(mark: number): Promise<{ tables: string[]; mark: number }>
}

export async function installJournal(db: Database, excluir: ReadonlySet<string>): Promise<Journal> {
  const postgres = await sql`select current_schema()`.execute(db).then(
    () => true,
    () => false,
  )
  const tabelas = (
    postgres
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{
          name: string
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_') && !n.startsWith('_fuzz') && !excluir.has(n))

  if (postgres) {
    await sql`create table _fuzz_journal (id bigserial primary key, tabela text not null)`.execute(db)
    await sql`create function _fuzz_log() returns trigger language plpgsql as $$
      begin insert into _fuzz_journal (tabela) values (TG_TABLE_NAME); return null; end $$`.execute(db)
  } else {
    await sql`create table _fuzz_journal (id integer primary key, tabela text not null)`.execute(db)
  }

  for (const tabela of tabelas) {
    const fora = new Set([
      ...(COLUNAS_DE_ACESSO[tabela] ?? []),
      ...[...excluir].filter((e) => e.startsWith(`${tabela}.`)).map((e) => e.slice(tabela.length + 1)),
    ])
    const colunas = (
      postgres
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${tabela}`.execute(db)
        : await sql<{ name: string }>`select name from pragma_table_info(${tabela})`.execute(db)
    ).rows
      .map((r) => r.name)
      .filter((c) => !fora.has(c))
    const t = sql.table(tabela)
    const changed = sql.join(
      colunas.map((c) =>
        postgres
          ? sql`old.${sql.ref(c)} is distinct from new.${sql.ref(c)}`
          : sql`old.${sql.ref(c)} is not new.${sql.ref(c)}`,
      ),
      sql` or `,
    )
    const nome = (op: string) => sql.raw(`_fz_${op}_${tabela}`)
    if (postgres) {
      await sql`create trigger ${nome('id')} after insert or delete on ${t}
        for each row execute function _fuzz_log()`.execute(db)
      await sql`create trigger ${nome('u')} after update on ${t}
        for each row when (${changed}) execute function _fuzz_log()`.execute(db)
    } else {
      const log = sql`insert into _fuzz_journal (tabela) values (${sql.lit(tabela)})`
      await sql`create trigger ${nome('i')} after insert on ${t} begin ${log}; end`.execute(db)
      await sql`create trigger ${nome('d')} after delete on ${t} begin ${log}; end`.execute(db)
      await sql`create trigger ${nome('u')} after update on ${t} when ${changed} begin ${log}; end`.execute(db)
    }
  }

  return {
    async mark() {
      const { rows } = await sql<{ id: number | string | null }>`select max(id) as id from _fuzz_journal`.execute(db)
      return Number(rows[0]?.id ?? 0)
    },
    async since(mark) {
      const { rows } = await sql<{ id: number | string; tabela: string }>`select id, tabela from _fuzz_journal
        where id > ${mark} order by id`.execute(db)
      return { tables: rows.map((r) => r.tabela), mark: rows.length > 0 ? Number(rows[rows.length - 1]?.id) : mark }
    },
  }
}
