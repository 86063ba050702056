// `npm start`: install what is missing, build what is stale, then run the server (migrating and, on first start,
// seeding the embedded SQLite database under ./data/, or the PostgreSQL one named by DATABASE_URL).
import { ensureDependencies, ensureWebBuild } from './bootstrap.mjs'

try {
  await ensureDependencies()
  await ensureWebBuild()
} catch (error) {
  console.error(`✖ ${error.message}`)
  process.exit(1)
}
const { register } = await import('tsx/esm/api')
register()
await import('../src/server/main.ts')
