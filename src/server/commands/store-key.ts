import { randomBytes } from 'node:crypto'
import { loadConfig } from '../config.ts'
import { type Ator, auditar } from '../features/admin/context.ts'
import { createRestaurantesRepository } from '../features/restaurantes/repository.ts'
import { createRestaurantesService } from '../features/restaurantes/service.ts'
import { type Clock, systemClock } from '../platform/clock.ts'
import { type Database, openDatabase } from '../platform/db.ts'
import { migrateDatabase } from '../platform/migrate.ts'
import { type ChaveLojaRegisto, lojasChavesRepo } from '../platform/store-keys.ts'

/**
 * `npm run store:key -- <id_loja> [etiqueta]`: makes a Store API key for one store and prints it alone on the last line
 * of stdout (only its hash is kept: this is the one time it can be read). `npm run store:key -- --revoke <etiqueta>`
 * ends one. Works while the server runs, on SQLite or PostgreSQL (DATABASE_URL). Each change is in the back-office's
 * audit log as the back-office's own are (the command line as its author), written in the change's transaction.
 */
export const USAGE = 'uso: npm run store:key -- <id_loja> [etiqueta]  |  npm run store:key -- --revoke <etiqueta>'

/** What the command says: `chave` (the new key, for stdout) and a sentence for stderr; `codigo` its exit code. */
export interface ResultadoStoreKey {
  codigo: number
  mensagem: string
  chave?: string
}

/** The command line: no staff member, no address. */
const LINHA_DE_COMANDOS: Ator = { id: null, email: null, ip: null }

const vista = (registo: ChaveLojaRegisto, loja: string | null) => ({ ...registo, loja })

export async function storeKey(args: string[], db: Database, clock: Clock): Promise<ResultadoStoreKey> {
  if (args[0] === '--revoke') {
    const etiqueta = args[1]
    if (!etiqueta) return { codigo: 2, mensagem: USAGE }
    const revogada = await db.transaction().execute(async (trx) => {
      const keys = lojasChavesRepo(trx, clock)
      const antes = await keys.findActiveByLabel(etiqueta)
      if (!antes || !(await keys.revokeById(antes.id))) return false
      await auditar(trx, clock, LINHA_DE_COMANDOS, {
        acao: 'chave_loja.revogar',
        entidade: 'chave_loja',
        entidadeId: antes.id,
        antes: vista(antes, null),
        depois: vista((await keys.find(antes.id)) as ChaveLojaRegisto, null),
      })
      return true
    })
    if (!revogada) return { codigo: 1, mensagem: `Não há nenhuma chave ativa com a etiqueta "${etiqueta}".` }
    return { codigo: 0, mensagem: `Chave "${etiqueta}" revogada.` }
  }
  const idLoja = Number(args[0])
  if (!Number.isInteger(idLoja) || idLoja <= 0) return { codigo: 2, mensagem: USAGE }
  // The stores are the restaurants feature's: asked through its service, as any client would.
  const lojas = createRestaurantesService(createRestaurantesRepository(db))
  const [loja] = await lojas.listLojasPorId([idLoja])
  if (!loja) {
    const known = (await lojas.listLojasPorId()).sort((a, b) => a.id_loja - b.id_loja)
    return {
      codigo: 1,
      mensagem: `A loja ${idLoja} não existe. Lojas: ${known.map((l) => l.id_loja).join(', ') || 'nenhuma'}.`,
    }
  }
  const etiqueta = args[1] ?? `loja-${idLoja}-${randomBytes(4).toString('hex')}`
  const chave = await db.transaction().execute(async (trx) => {
    const keys = lojasChavesRepo(trx, clock)
    if (await keys.labelTaken(etiqueta)) return null
    const criada = await keys.create(idLoja, etiqueta)
    // The key's secret is never audited: its record only (as the back-office's creation writes it).
    await auditar(trx, clock, LINHA_DE_COMANDOS, {
      acao: 'chave_loja.criar',
      entidade: 'chave_loja',
      entidadeId: criada.registo.id,
      depois: vista((await keys.find(criada.registo.id)) as ChaveLojaRegisto, loja.nome),
    })
    return criada.chave
  })
  if (chave === null) {
    return {
      codigo: 1,
      mensagem: `Já existe uma chave com a etiqueta "${etiqueta}" (as etiquetas não se repetem, nem depois de revogadas).`,
    }
  }
  return {
    codigo: 0,
    chave,
    mensagem: `Chave "${etiqueta}" da loja ${idLoja} (${loja.nome}). Guarde-a agora: não volta a ser mostrada.`,
  }
}

if (process.argv[1]?.endsWith('commands/store-key.ts')) {
  const config = loadConfig()
  const database = openDatabase(config.DATABASE_URL)
  try {
    await migrateDatabase(database, config.DATABASE_DIRECT_URL)
    const r = await storeKey(process.argv.slice(2), database.db, systemClock)
    console.error(r.mensagem)
    if (r.chave) console.log(r.chave)
    process.exitCode = r.codigo
  } catch (error) {
    console.error((error as Error).message)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}
