// The server process the chaos suite kills (src/server/chaos.ts): what main.ts does at start (migrations, then the app
// with its schedulers, as in production: NODE_ENV=development runs them) on the test's database, CHAOS_DATABASE_URL
// (a SQLite file, or PostgreSQL with CHAOS_SCHEMA). With CHAOS_STANDBY=1 it loads its code and then waits for a line
// on stdin before it touches the database: the suite keeps the next process loaded while the current one runs, so a
// restart after a SIGKILL costs the start itself (open, migrate, reconcile, listen), not the loading of the code. It
// prints `PORT <n>` once it listens.
import { createInterface } from 'node:readline'
import { buildApp } from '../app.ts'
import { configWith } from '../config.ts'
import { HASH_COST_MIN } from '../platform/crypto.ts'
import { openDatabase } from '../platform/db.ts'
import { migrateToLatest } from '../platform/migrate.ts'
import { TEST_DATA_ENCRYPTION_KEY } from './harness.ts'

const url = process.env.CHAOS_DATABASE_URL
const schema = process.env.CHAOS_SCHEMA
if (!url) throw new Error('CHAOS_DATABASE_URL must be set')

if (process.env.CHAOS_STANDBY === '1') {
  await new Promise<void>((resolve) => {
    const lines = createInterface({ input: process.stdin })
    lines.once('line', () => resolve())
    // The suite went away (its end, or its own death): this process goes too, started or not, rather than be left
    // serving as an orphan.
    lines.once('close', () => process.exit(0))
  })
}

const database = openDatabase(url, schema ? { schema } : {})
// As main.ts does, on SQLite. On PostgreSQL the test migrated its schema under the test suites' schema lock
// (testing/harness.ts): the migrator's scan of every schema must not race another suite dropping its own.
if (!schema) await migrateToLatest(database.db)
const config = configWith({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  WEB_DIST: 'dist/none',
  HASH_COST: HASH_COST_MIN,
  DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
  DATABASE_URL: url,
})
const app = await buildApp(config, database)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`)
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
})
