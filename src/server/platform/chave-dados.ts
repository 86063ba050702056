import { ConfigError } from '../config.ts'
import { type Clock, isoNow } from './clock.ts'
import { type DataKeyring, openText, SealedValueError, sealText } from './crypto.ts'
import type { Database } from './db.ts'

/**
 * The data key's check value (docs/decisions/0034): a known text sealed with DATA_ENCRYPTION_KEY the first time the key
 * is used on a database, kept in `segredos`. Every start opens it before serving anything, so a key that is not the
 * one the data was sealed with (a restore onto another deployment's key, a mistyped secret) stops the server at once,
 * naming the variable, instead of starting and answering 500 at the first sealed value it reads (a staff TOTP step).
 */
export const CHAVE_DADOS_SEGREDO = 'chave-de-dados'
const TEXTO = 'balcao:chave-de-dados'
const AAD = `segredos.valor:${CHAVE_DADOS_SEGREDO}`

/** The error that stops a start (and a restore) whose key does not open the data. */
export function chaveDeDadosErrada(onde: string): ConfigError {
  return new ConfigError([
    `DATA_ENCRYPTION_KEY: não abre os dados cifrados ${onde} (foram cifrados com outra chave). Use a chave com que ` +
      'foram cifrados, a da instalação de onde vieram; com outra, os segredos TOTP da equipa e os códigos de ' +
      'segurança dos clientes ficam ilegíveis.',
  ])
}

/** Whether the keyring opens a check value (of any version it holds). */
export function chaveAbre(cifra: DataKeyring, valor: string): boolean {
  try {
    return openText(cifra, valor, AAD) === TEXTO
  } catch (error) {
    if (error instanceof SealedValueError) return false
    throw error
  }
}

/**
 * The authenticated data of the columns sealed before the check value existed: a staff member's TOTP secret and a
 * customer's security code, each bound to its row. Defined here, the features that seal them use these, so the check
 * below opens exactly what they seal.
 */
export const aadTotpEquipa = (id: number) => `admin_utilizadores.totp_segredo:${id}`
export const aadCodigoSeguranca = (id: number) => `utilizadores.codigo_seguranca:${id}`

/** One value sealed by a feature, with the authenticated data it was sealed with. */
export interface ValorSelado {
  valor: string
  aad: string
}

/** Whether the keyring opens a feature's sealed value. */
export function seladoAbre(cifra: DataKeyring, { valor, aad }: ValorSelado): boolean {
  try {
    openText(cifra, valor, aad)
    return true
  } catch (error) {
    if (error instanceof SealedValueError) return false
    throw error
  }
}

/**
 * Finds one value the database already holds sealed (a staff TOTP secret, a customer's security code), or null. The
 * features that own those tables provide them (the composition passes them in): the platform names no feature's table.
 */
export type AmostraSelada = (db: Database) => Promise<ValorSelado | null>

/**
 * At start: refuses the key (ConfigError naming DATA_ENCRYPTION_KEY) when it does not open the check value. A database
 * without one (sealed before the check existed, or restored from such a copy) is first checked against a value it
 * already holds sealed, and only a key that opens it writes the check value: otherwise whatever key started first
 * after the upgrade (or the restore) would be trusted, and the right one refused from then on. The insert is safe with
 * N processes: the first wins and every process then reads the same row.
 *
 * The check value is never sealed again here: re-sealing it alone under a rotated key would let a keyring without the
 * older key start while the TOTP secrets and security codes are still sealed with that older key.
 */
export async function verificarChaveDeDados(
  db: Database,
  clock: Clock,
  cifra: DataKeyring,
  amostras: readonly AmostraSelada[],
): Promise<void> {
  const existente = await db
    .selectFrom('segredos')
    .select('valor')
    .where('nome', '=', CHAVE_DADOS_SEGREDO)
    .executeTakeFirst()
  if (!existente) {
    for (const amostra of amostras) {
      const selado = await amostra(db)
      if (!selado) continue
      if (!seladoAbre(cifra, selado)) throw chaveDeDadosErrada('desta base de dados')
      break
    }
    await db
      .insertInto('segredos')
      .values({ nome: CHAVE_DADOS_SEGREDO, valor: sealText(cifra, TEXTO, AAD), criado_em: isoNow(clock) })
      .onConflict((oc) => oc.column('nome').doNothing())
      .execute()
  }
  const { valor } = await db
    .selectFrom('segredos')
    .select('valor')
    .where('nome', '=', CHAVE_DADOS_SEGREDO)
    .executeTakeFirstOrThrow()
  if (!chaveAbre(cifra, valor)) throw chaveDeDadosErrada('desta base de dados')
}
