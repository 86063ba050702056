import { type Clock, isoNow } from './clock.ts'
import { randomToken, sha256 } from './crypto.ts'
import type { Database } from './db.ts'

/**
 * Store API keys (STORE-API.md "Common rules"): each belongs to one store (`id_loja`); only its SHA-256 is kept (a key
 * is 32 random bytes, so a fast hash is enough), and a label names it for revocation.
 */
export interface ChaveLoja {
  id: number
  idLoja: number
  etiqueta: string
}

export const STORE_KEY_PREFIX = 'loja_'

export function lojasChavesRepo(db: Database, clock: Clock) {
  return {
    /** Makes a key for a store; returns it in clear, the only time it exists so. */
    async create(idLoja: number, etiqueta: string): Promise<{ chave: string; registo: ChaveLoja }> {
      const chave = `${STORE_KEY_PREFIX}${randomToken(32)}`
      const row = await db
        .insertInto('lojas_chaves')
        .values({ id_loja: idLoja, etiqueta, chave_hash: sha256(chave), criado_em: isoNow(clock) })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { chave, registo: { id: row.id, idLoja, etiqueta } }
    },

    async findActive(chave: string): Promise<ChaveLoja | undefined> {
      const row = await db
        .selectFrom('lojas_chaves')
        .select(['id', 'id_loja', 'etiqueta'])
        .where('chave_hash', '=', sha256(chave))
        .where('revogada_em', 'is', null)
        .executeTakeFirst()
      return row && { id: row.id, idLoja: row.id_loja, etiqueta: row.etiqueta }
    },

    /** Whether a key (active or revoked) already has this label: labels name one key for good. */
    async labelTaken(etiqueta: string): Promise<boolean> {
      const row = await db.selectFrom('lojas_chaves').select('id').where('etiqueta', '=', etiqueta).executeTakeFirst()
      return row !== undefined
    },

    /** Ends a key by its label; false when no active key has it. */
    async revoke(etiqueta: string): Promise<boolean> {
      const result = await db
        .updateTable('lojas_chaves')
        .set({ revogada_em: isoNow(clock) })
        .where('etiqueta', '=', etiqueta)
        .where('revogada_em', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}
