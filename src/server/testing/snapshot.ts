import { sql } from 'kysely'
import type { Database } from '../platform/db.ts'

/**
 * Every row of every table of the app, as JSON text: two snapshots are equal exactly when no request wrote anything.
 * Kysely's own migration tables are left out.
 */
export async function snapshotRows(db: Database): Promise<string> {
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort()
  const out: Record<string, unknown[]> = {}
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
    out[table] = rows.map((r) => JSON.stringify(r)).sort()
  }
  return JSON.stringify(out)
}
