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
 * At start: writes the check value if the database has none (safe with N processes: the first insert wins and every
 * process then reads the same row), and refuses the key (ConfigError naming DATA_ENCRYPTION_KEY) when it does not open
 * it. A value sealed with an older key of the keyring is sealed again with the current one, so that the older key can
 * later leave the keyring.
 */
export async function verificarChaveDeDados(db: Database, clock: Clock, cifra: DataKeyring): Promise<void> {
  await db
    .insertInto('segredos')
    .values({ nome: CHAVE_DADOS_SEGREDO, valor: sealText(cifra, TEXTO, AAD), criado_em: isoNow(clock) })
    .onConflict((oc) => oc.column('nome').doNothing())
    .execute()
  const { valor } = await db
    .selectFrom('segredos')
    .select('valor')
    .where('nome', '=', CHAVE_DADOS_SEGREDO)
    .executeTakeFirstOrThrow()
  if (!chaveAbre(cifra, valor)) throw chaveDeDadosErrada('desta base de dados')
  if (!valor.startsWith(`${cifra.current}:`)) {
    await db
      .updateTable('segredos')
      .set({ valor: sealText(cifra, TEXTO, AAD) })
      .where('nome', '=', CHAVE_DADOS_SEGREDO)
      .where('valor', '=', valor)
      .execute()
  }
}
