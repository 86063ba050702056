// A second app process on a test's PostgreSQL schema, for the tests that need two (the event bus across processes):
// `node --import tsx src/server/testing/second-process.ts` with TEST_DATABASE_URL and TEST_SCHEMA set. It prints
// `PORT <n>` once it listens, and stops on SIGTERM.
import { buildApp } from '../app.ts'
import { configWith } from '../config.ts'
import { HASH_COST_MIN } from '../platform/crypto.ts'
import { openDatabase } from '../platform/db.ts'

const url = process.env.TEST_DATABASE_URL
const schema = process.env.TEST_SCHEMA
if (!url || !schema) throw new Error('TEST_DATABASE_URL and TEST_SCHEMA must be set')
const database = openDatabase(url, { schema })
const config = configWith({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: 'dist/none',
  HASH_COST: HASH_COST_MIN,
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
