import { randomBytes } from 'node:crypto'
import { loadConfig } from '../config.ts'
import { createRestaurantesRepository } from '../features/restaurantes/repository.ts'
import { createRestaurantesService } from '../features/restaurantes/service.ts'
import { systemClock } from '../platform/clock.ts'
import { migrateToLatest, openDatabase } from '../platform/db.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'

/**
 * `npm run store:key -- <id_loja> [etiqueta]`: makes a Store API key for one store and prints it alone on the last line
 * of stdout (only its hash is kept: this is the one time it can be read). `npm run store:key -- --revoke <etiqueta>`
 * ends one. Works while the server runs, on SQLite or PostgreSQL (DATABASE_URL).
 */
const USAGE = 'uso: npm run store:key -- <id_loja> [etiqueta]  |  npm run store:key -- --revoke <etiqueta>'

async function main(args: string[]): Promise<number> {
  const config = loadConfig()
  const database = openDatabase(config.DATABASE_URL)
  try {
    await migrateToLatest(database.db)
    const keys = lojasChavesRepo(database.db, systemClock)
    if (args[0] === '--revoke') {
      const etiqueta = args[1]
      if (!etiqueta) {
        console.error(USAGE)
        return 2
      }
      if (!(await keys.revoke(etiqueta))) {
        console.error(`Não há nenhuma chave ativa com a etiqueta "${etiqueta}".`)
        return 1
      }
      console.error(`Chave "${etiqueta}" revogada.`)
      return 0
    }
    const idLoja = Number(args[0])
    if (!Number.isInteger(idLoja) || idLoja <= 0) {
      console.error(USAGE)
      return 2
    }
    // The stores are the restaurants feature's: asked through its service, as any client would.
    const lojas = createRestaurantesService(createRestaurantesRepository(database.db))
    const [loja] = await lojas.listLojasPorId([idLoja])
    if (!loja) {
      const known = (await lojas.listLojasPorId()).sort((a, b) => a.id_loja - b.id_loja)
      console.error(`A loja ${idLoja} não existe. Lojas: ${known.map((l) => l.id_loja).join(', ') || 'nenhuma'}.`)
      return 1
    }
    const etiqueta = args[1] ?? `loja-${idLoja}-${randomBytes(4).toString('hex')}`
    if (await keys.labelTaken(etiqueta)) {
      console.error(
        `Já existe uma chave com a etiqueta "${etiqueta}" (as etiquetas não se repetem, nem depois de revogadas).`,
      )
      return 1
    }
    const { chave } = await keys.create(idLoja, etiqueta)
    console.error(`Chave "${etiqueta}" da loja ${idLoja} (${loja.nome}). Guarde-a agora: não volta a ser mostrada.`)
    console.log(chave)
    return 0
  } catch (error) {
    console.error((error as Error).message)
    return 1
  } finally {
    await database.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
