import { EmailStaffSchema } from '../../shared/admin.ts'
import { AMOSTRAS_SELADAS } from '../amostras-seladas.ts'
import { loadConfig } from '../config.ts'
import { createAdminEquipa } from '../features/admin/equipa.ts'
import { createRestaurantesRepository } from '../features/restaurantes/repository.ts'
import { createRestaurantesService } from '../features/restaurantes/service.ts'
import { verificarChaveDeDados } from '../platform/chave-dados.ts'
import { systemClock } from '../platform/clock.ts'
import { dataKeyringFor, setHashCost } from '../platform/crypto.ts'
import { openDatabase } from '../platform/db.ts'
import { HttpError } from '../platform/errors.ts'
import { migrateDatabase } from '../platform/migrate.ts'
import { createRateLimiter } from '../platform/rate-limit.ts'

/**
 * `npm run admin:create -- <email>`: makes a back-office admin with a random one-time password, printed alone on the
 * last line of stdout (only its hash is kept). The first sign-in at /admin/entrar asks for a new password, then the
 * TOTP enrolment. Works while the server runs, on SQLite or PostgreSQL (DATABASE_URL).
 */
const USAGE = 'uso: npm run admin:create -- <email>'

async function main(args: string[]): Promise<number> {
  const parsed = EmailStaffSchema.safeParse(args[0] ?? '')
  if (!parsed.success || args.length !== 1) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  setHashCost(config.HASH_COST)
  const database = openDatabase(config.DATABASE_URL)
  try {
    await migrateDatabase(database, config.DATABASE_DIRECT_URL)
    const cifra = await dataKeyringFor({
      configured: config.DATA_ENCRYPTION_KEY,
      production: config.NODE_ENV === 'production',
      databaseUrl: config.DATABASE_URL,
    })
    // An admin's TOTP secret sealed with a key the server would refuse could never be read back.
    await verificarChaveDeDados(database.db, systemClock, cifra, AMOSTRAS_SELADAS)
    const equipa = createAdminEquipa({
      db: database.db,
      clock: systemClock,
      limiter: createRateLimiter(database.db, systemClock),
      cifra,
      appUrl: config.APP_URL,
      lojas: createRestaurantesService(createRestaurantesRepository(database.db)),
    })
    const { password } = await equipa.criarAdmin(parsed.data)
    console.error(
      `Administrador ${parsed.data} criado. Palavra-passe temporária (mude-a ao entrar em /admin/entrar; não volta a ser mostrada):`,
    )
    console.log(password)
    return 0
  } catch (error) {
    console.error(error instanceof HttpError ? error.message : (error as Error).message)
    return 1
  } finally {
    await database.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
