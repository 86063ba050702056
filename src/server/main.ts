import { buildApp } from './app.ts'
import { ConfigError, listenHost, loadConfig, shouldSeedDemo } from './config.ts'
import { openDatabase } from './platform/db.ts'
import { migrateDatabase } from './platform/migrate.ts'

async function main(): Promise<void> {
  const config = loadConfig()
  // The server's logger exists once the app is built; a pool error before that (at the migrations) goes to stderr.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  const database = openDatabase(config.DATABASE_URL, {
    onIdleError: (error) => {
      if (app) app.log.warn({ err: error }, 'idle database connection lost')
      else console.warn('idle database connection lost:', error.message)
    },
  })
  await migrateDatabase(database, config.DATABASE_DIRECT_URL)
  if (shouldSeedDemo(config)) {
    // Loaded only here: a production start never reads the demo group's thousands of lines.
    const { seedIfEmpty } = await import('./demo/index.ts')
    await seedIfEmpty(database.db, config)
  }
  app = await buildApp(config, database)
  const servidor = app

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    servidor.log.info({ signal }, 'shutting down')
    // close() stops accepting connections and waits for requests in flight; then the database goes.
    await servidor.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await servidor.listen({ host: listenHost(config), port: config.PORT })
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
