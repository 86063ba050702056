import { loadConfig } from '../config.ts'
import { restore } from '../platform/backup.ts'

/**
 * `npm run restore -- <ficheiro> --confirmar`: replaces the database of DATABASE_URL with a copy made by
 * `npm run backup`. Stop the server first. Without `--confirmar` it says what it would do and changes nothing.
 */
async function main(args: string[]): Promise<number> {
  const confirmar = args.includes('--confirmar')
  const ficheiros = args.filter((a) => a !== '--confirmar')
  if (ficheiros.length !== 1 || ficheiros[0]?.startsWith('-')) {
    console.error('uso: npm run restore -- <ficheiro> --confirmar')
    return 2
  }
  const ficheiro = ficheiros[0] as string
  const { DATABASE_URL } = loadConfig()
  const destino = DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@')
  if (!confirmar) {
    console.error(
      `Isto substitui a base de dados ${destino} pela cópia ${ficheiro}. Pare o servidor e repita com --confirmar.`,
    )
    return 2
  }
  await restore(DATABASE_URL, ficheiro)
  console.log(`reposta: ${ficheiro} → ${destino}`)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
