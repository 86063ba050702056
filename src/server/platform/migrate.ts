import { type MigrationResultSet, Migrator } from 'kysely'
import { migrations } from '../db/migrations/index.ts'
import { type Database, type DatabaseHandle, openDatabase } from './db.ts'

/** Runs every migration the database lacks (db/migrations), throwing the first that fails. */
export async function migrateToLatest(db: Database, schema?: string): Promise<MigrationResultSet> {
  // Kysely looks for its own tables in every schema; naming ours keeps parallel test schemas apart.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Each migration stands alone (its own tables or columns), and parallel work lands them out of name order: a
    // database that ran a later one runs an earlier one it lacks, rather than refusing to start.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const result = await migrator.migrateToLatest()
  if (result.error) throw result.error
  return result
}

/**
 * Migrates the database of `database`, through `urlDireta` (PostgreSQL itself) when a pooler stands in front of it
 * (decision 0055). Kysely's migration lock is a session advisory lock (`pg_advisory_lock`, and `pg_advisory_unlock` in
 * a later statement), which transaction pooling hands to whichever server connection is free: the unlock could run on
 * another one, leaving the lock held on the first and the next migration (a second process starting, `npm run
 * store:key`) waiting on it for an hour. On a connection of its own to PostgreSQL, lock and unlock are one session's.
 */
export async function migrateDatabase(database: DatabaseHandle, urlDireta?: string): Promise<MigrationResultSet> {
  if (database.dialect !== 'postgres' || !urlDireta || urlDireta === database.url) {
    return migrateToLatest(database.db, database.schema)
  }
  const direta = openDatabase(urlDireta, database.schema ? { schema: database.schema } : {})
  try {
    return await migrateToLatest(direta.db, database.schema)
  } finally {
    await direta.close()
  }
}
