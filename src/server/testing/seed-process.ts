// A process seeding a test's database as a server's first start does (main.ts: seedIfEmpty), for the test of
// replicas started together on an empty database: `node --import tsx src/server/testing/seed-process.ts` with
// TEST_DATABASE_URL (PostgreSQL, with TEST_SCHEMA, or a SQLite file) set, already migrated. Prints `SEEDED true` when
// this process seeded, `SEEDED false` when it found the content there.
import { configWith } from '../config.ts'
import { openDatabase } from '../platform/db.ts'

const url = process.env.TEST_DATABASE_URL
const schema = process.env.TEST_SCHEMA
if (!url) throw new Error('TEST_DATABASE_URL must be set')
const database = openDatabase(url, schema ? { schema } : {})
try {
  // Loaded on demand, as main.ts loads it.
  const { seedIfEmpty } = await import('../demo/index.ts')
  const seeded = await seedIfEmpty(database.db, configWith({}))
  process.stdout.write(`SEEDED ${seeded}\n`)
} finally {
  await database.close()
}
