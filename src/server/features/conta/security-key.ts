import { SMS_CODE_LENGTH } from '../../../shared/validacao.ts'
import { aadCodigoSeguranca } from '../../platform/chave-dados.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { type DataKeyring, randomDigits, randomToken, sealText } from '../../platform/crypto.ts'
import type { Database } from '../../platform/db.ts'

/** The loyalty QR's content: opaque, random, per customer (never the phone). */
export const newQrToken = () => randomToken(18)

/**
 * The security code's additional authenticated data: its column and the row's id, so that a sealed code copied to
 * another account (or column) does not open (the data key's check opens it too).
 */
export const codigoSegurancaAad = aadCodigoSeguranca

/** A new security code for an account, sealed for its row. */
export function novoCodigoSeguranca(cifra: DataKeyring, utilizadorId: number) {
  const codigo = randomDigits(SMS_CODE_LENGTH)
  return { codigo, cifrado: sealText(cifra, codigo, codigoSegurancaAad(utilizadorId)) }
}

/**
 * Start-up step (docs/decisions/0004, "Security key"): the keys kept only as a scrypt hash, from before codes were
 * sealed (or written since by a process of an older version), cannot be shown: their code is gone. A key that is on
 * gets a new code, sealed, and a new loyalty QR token; one that is off just loses its hash (turning it on makes a new
 * one). Each row changes in one UPDATE conditional on the hash it was read with, so N processes starting at once
 * upgrade it once, and a key made meanwhile is never overwritten. Returns the ids of the keys renewed.
 */
export async function upgradeLegacySecurityKeys(db: Database, cifra: DataKeyring, clock: Clock): Promise<number[]> {
  const renovados: number[] = []
  let depoisDe = 0
  for (;;) {
    const legados = await db
      .selectFrom('utilizadores')
      .select(['id', 'codigo_seguranca_hash', 'usar_codigo_seguranca', 'eliminado'])
      .where('codigo_seguranca_hash', 'is not', null)
      .where('id', '>', depoisDe)
      .orderBy('id')
      .limit(500)
      .execute()
    for (const legado of legados) {
      const hash = legado.codigo_seguranca_hash
      if (hash === null) continue
      const renovar = legado.usar_codigo_seguranca === 1 && legado.eliminado === 0
      const result = await db
        .updateTable('utilizadores')
        .set(
          renovar
            ? {
                codigo_seguranca_hash: null,
                codigo_seguranca_cifrado: novoCodigoSeguranca(cifra, legado.id).cifrado,
                qr_code: newQrToken(),
                atualizado_em: isoNow(clock),
              }
            : { codigo_seguranca_hash: null, codigo_seguranca_cifrado: null },
        )
        .where('id', '=', legado.id)
        .where('codigo_seguranca_hash', '=', hash)
        .executeTakeFirst()
      if (renovar && result.numUpdatedRows > 0n) renovados.push(legado.id)
    }
    const ultimo = legados.at(-1)
    if (!ultimo) return renovados
    depoisDe = ultimo.id
  }
}
