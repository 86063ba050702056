// Another app process on a test's database, for the tests that need more than one (the event bus across processes) or
// one that dies and starts again (a restart between payment and callback): `node --import tsx
// src/server/testing/second-process.ts` with TEST_DATABASE_URL (PostgreSQL, with TEST_SCHEMA, or a SQLite file) set.
// TEST_APP_NODE_ENV=development runs what production runs at start and every minute (the schedulers), which tests
// leave off. It prints `PORT <n>` once it listens, and stops on SIGTERM.
import { buildApp } from '../app.ts'
import { configWith } from '../config.ts'
import { HASH_COST_MIN } from '../platform/crypto.ts'
import { openDatabase } from '../platform/db.ts'
import { TEST_DATA_ENCRYPTION_KEY } from './harness.ts'

const url = process.env.TEST_DATABASE_URL
const schema = process.env.TEST_SCHEMA
if (!url) throw new Error('TEST_DATABASE_URL must be set')
const database = openDatabase(url, schema ? { schema } : {})
const config = configWith({
  NODE_ENV: process.env.TEST_APP_NODE_ENV === 'development' ? 'development' : 'test',
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
