import { loadConfig } from '../config.ts'
import { openDatabase } from '../platform/db.ts'
import { migrateDatabase } from '../platform/migrate.ts'

/** `npm run db:migrate` and `npm run db:seed` (which migrates first and replaces the demo content). */
const command = process.argv[2]
const config = loadConfig()
const database = openDatabase(config.DATABASE_URL)
try {
  const { results } = await migrateDatabase(database, config.DATABASE_DIRECT_URL)
  for (const r of results ?? []) console.log(`migração ${r.migrationName}: ${r.status}`)
  if (command === 'seed') {
    // Loaded only for `seed`: a migration needs none of the demo content.
    const { seedDemoContent } = await import('../demo/index.ts')
    await seedDemoContent(database.db, config)
    console.log('conteúdo de demonstração criado')
  } else if (command !== 'migrate') {
    console.error('uso: cli.ts migrate|seed')
    process.exitCode = 2
  }
} finally {
  await database.close()
}
