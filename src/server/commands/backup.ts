import { join } from 'node:path'
import { loadConfig, urlDireta } from '../config.ts'
import { backup, semPassword } from '../platform/backup.ts'
import { dialectOf } from '../platform/db.ts'

/**
 * `npm run backup -- [ficheiro]`: a consistent copy of the database while the server runs (`urlDireta`: past PgBouncer,
 * whose transaction pooling cannot carry pg_dump's session; SQLite's
 * `VACUUM INTO`, PostgreSQL's `pg_dump`), by default `backups/balcao-<instant>.sqlite` or `.dump`. Prints the file's
 * path alone on its last line. docs/operations.md says where to keep it.
 */
async function main(args: string[]): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('uso: npm run backup -- [ficheiro]')
    return 2
  }
  const DATABASE_URL = urlDireta(loadConfig())
  const instante = new Date().toISOString().replace(/[:.]/g, '-')
  const extensao = dialectOf(DATABASE_URL) === 'postgres' ? 'dump' : 'sqlite'
  const ficheiro = args[0] ?? join('backups', `balcao-${instante}.${extensao}`)
  await backup(DATABASE_URL, ficheiro)
  console.log(ficheiro)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // The database's password never reaches the terminal (nor the logs that keep it).
    const mensagem = semPassword(error instanceof Error ? error.message : String(error), process.env.DATABASE_URL ?? '')
    console.error(semPassword(mensagem, process.env.DATABASE_DIRECT_URL ?? ''))
    process.exit(1)
  },
)
