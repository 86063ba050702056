import { loadConfig, urlDireta } from '../config.ts'
import { restore, semPassword, verificarChaveDaCopia } from '../platform/backup.ts'
import { dataKeyringFor } from '../platform/crypto.ts'

/**
 * `npm run restore -- <ficheiro> --confirmar`: replaces the database (`urlDireta`: past PgBouncer) with a copy made by
 * `npm run backup`. Stop the server first. Without `--confirmar` it says what it would do and changes nothing. Either
 * way it first checks that this installation's data key (DATA_ENCRYPTION_KEY) opens the copy's sealed data (its check
 * value, or in an older copy a sealed TOTP secret or security code), and refuses the copy when it does not: the server
 * would refuse to start on it (docs/decisions/0034).
 */
async function main(args: string[]): Promise<number> {
  const confirmar = args.includes('--confirmar')
  const ficheiros = args.filter((a) => a !== '--confirmar')
  if (ficheiros.length !== 1 || ficheiros[0]?.startsWith('-')) {
    console.error('uso: npm run restore -- <ficheiro> --confirmar')
    return 2
  }
  const ficheiro = ficheiros[0] as string
  const config = loadConfig()
  const DATABASE_URL = urlDireta(config)
  const destino = DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@')
  const cifra = await dataKeyringFor({
    configured: config.DATA_ENCRYPTION_KEY,
    production: config.NODE_ENV === 'production',
    databaseUrl: DATABASE_URL,
  })
  if (!(await verificarChaveDaCopia(DATABASE_URL, ficheiro, cifra))) {
    console.error('Aviso: a cópia não tem dados cifrados; o servidor verifica a chave ao arrancar.')
  }
  if (!confirmar) {
    console.error(
      `Isto substitui a base de dados ${destino} pela cópia ${ficheiro}. Pare o servidor e repita com --confirmar.`,
    )
    return 2
  }
  await restore(DATABASE_URL, ficheiro, { cifra })
  console.log(`reposta: ${ficheiro} → ${destino}`)
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
