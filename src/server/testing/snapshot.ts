import { sql } from 'kysely'
import type { Database } from '../platform/db.ts'

/**
 * Bookkeeping of access, not data a request writes: a store key's last use moves whenever the key is presented (at
 * most once a minute), a refused request included; a staff session's last use moves with every request it makes (its
 * idle expiry counts from there); a store's board is seen when it reads its orders. Left out, so "a refused write changes no row" keeps its meaning.
 */
export const COLUNAS_DE_ACESSO: Record<string, readonly string[]> = {
  lojas_chaves: ['ultimo_uso_em'],
  admin_sessoes: ['ultimo_uso_em'],
  // A store's board marks itself there as it reads its orders (features/encomendas/cozinha.ts).
  lojas: ['painel_visto_em'],
}

/** The app's tables (Kysely's migration tables left out), read once per database: tests do not add tables. */
const tabelasDe = new WeakMap<Database, Promise<{ postgres: boolean; nomes: string[] }>>()

function tabelas(db: Database) {
  let t = tabelasDe.get(db)
  if (!t) {
    t = (async () => {
      // PostgreSQL knows current_schema(); SQLite does not (and has one schema).
      const postgres = await sql`select current_schema()`.execute(db).then(
        () => true,
        () => false,
      )
      const nomes = postgres
        ? (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
          ).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`select name from sqlite_master
              where type = 'table' and name not like 'sqlite_%'`.execute(db)
          ).rows.map((r) => r.name)
      // The fuzz suite's journal (testing/fuzz/journal.ts) is the suite's, not the app's.
      return { postgres, nomes: nomes.filter((n) => !n.startsWith('kysely_') && !n.startsWith('_fuzz')).sort() }
    })()
    tabelasDe.set(db, t)
  }
  return t
}

/**
 * Every row of every table of the app: two snapshots are equal exactly when no request wrote anything. On PostgreSQL
 * one statement answers a digest of each table (its rows as JSON, sorted), a round trip per snapshot rather than one
 * per table; on SQLite, in the same process, the rows themselves. `excluir`: what a refusal may write (counters), as
 * a table (`limites`) or one column of a table (`sms_desafios.tentativas`).
 */
export async function snapshotRows(db: Database, excluir: ReadonlySet<string> = new Set()): Promise<string> {
  const { postgres, nomes: todas } = await tabelas(db)
  const nomes = todas.filter((n) => !excluir.has(n))
  const colunasFora = (nome: string) => [
    ...(COLUNAS_DE_ACESSO[nome] ?? []),
    ...[...excluir].filter((e) => e.startsWith(`${nome}.`)).map((e) => e.slice(nome.length + 1)),
  ]
  if (postgres) {
    const partes = nomes.map((nome) => {
      const fora = colunasFora(nome).map((c) => sql` - ${sql.lit(c)}`)
      return sql`select ${sql.lit(nome)} as tabela, count(*)::text || ':' || coalesce(md5(string_agg((to_jsonb(x)${sql.join(fora, sql``)})::text, ',' order by (to_jsonb(x)${sql.join(fora, sql``)})::text)), '') as resumo from ${sql.table(nome)} x`
    })
    const { rows } = await sql<{ tabela: string; resumo: string }>`${sql.join(partes, sql` union all `)}`.execute(db)
    return JSON.stringify(Object.fromEntries(rows.map((r) => [r.tabela, r.resumo]).sort()))
  }
  const out: Record<string, unknown[]> = {}
  for (const table of nomes) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
    const fora = colunasFora(table)
    out[table] = rows
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !fora.includes(k)))))
      .sort()
  }
  return JSON.stringify(out)
}
