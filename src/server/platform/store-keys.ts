import { type Clock, isoNow, MINUTE } from './clock.ts'
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

/** What the back-office lists of a key: never its hash. */
export interface ChaveLojaRegisto {
  id: number
  id_loja: number
  etiqueta: string
  criado_em: string
  ultimo_uso_em: string | null
  revogada_em: string | null
}

export const CHAVES_ORDENAVEIS = ['criado_em', 'etiqueta', 'id_loja', 'ultimo_uso_em'] as const

/** A key's last use is written at most this often (each authenticated call would otherwise cost a write). */
export const ULTIMO_USO_PASSO_MS = MINUTE

const REGISTO = ['id', 'id_loja', 'etiqueta', 'criado_em', 'ultimo_uso_em', 'revogada_em'] as const

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

    /**
     * The active key with this secret, its use recorded (`ultimo_uso_em`): written only when the last one is older than
     * a minute, by a conditional update, so a busy till costs one write a minute, and parallel calls at most one each.
     */
    async findActive(chave: string): Promise<ChaveLoja | undefined> {
      const row = await db
        .selectFrom('lojas_chaves')
        .select(['id', 'id_loja', 'etiqueta', 'ultimo_uso_em'])
        .where('chave_hash', '=', sha256(chave))
        .where('revogada_em', 'is', null)
        .executeTakeFirst()
      if (!row) return undefined
      const agora = clock.now().getTime()
      if (row.ultimo_uso_em === null || agora - Date.parse(row.ultimo_uso_em) >= ULTIMO_USO_PASSO_MS) {
        const antes = new Date(agora - ULTIMO_USO_PASSO_MS).toISOString()
        await db
          .updateTable('lojas_chaves')
          .set({ ultimo_uso_em: new Date(agora).toISOString() })
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('ultimo_uso_em', 'is', null), eb('ultimo_uso_em', '<=', antes)]))
          .execute()
      }
      return { id: row.id, idLoja: row.id_loja, etiqueta: row.etiqueta }
    },

    /** The keys of some stores (`todas`: every store), one page, sorted on the server. */
    async listar(filtro: {
      idsLoja: number[] | 'todas'
      ordenar: (typeof CHAVES_ORDENAVEIS)[number]
      direcao: 'asc' | 'desc'
      pagina: number
      porPagina: number
    }): Promise<{ total: number; itens: ChaveLojaRegisto[] }> {
      if (filtro.idsLoja !== 'todas' && filtro.idsLoja.length === 0) return { total: 0, itens: [] }
      let query = db.selectFrom('lojas_chaves')
      if (filtro.idsLoja !== 'todas') query = query.where('id_loja', 'in', filtro.idsLoja)
      const total = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
      const itens = await query
        .select(REGISTO)
        .orderBy(filtro.ordenar, filtro.direcao)
        .orderBy('id', filtro.direcao)
        .limit(filtro.porPagina)
        .offset((filtro.pagina - 1) * filtro.porPagina)
        .execute()
      return { total: Number(total.n), itens }
    },

    async find(id: number): Promise<ChaveLojaRegisto | undefined> {
      return db.selectFrom('lojas_chaves').select(REGISTO).where('id', '=', id).executeTakeFirst()
    },

    async relabel(id: number, etiqueta: string): Promise<void> {
      await db.updateTable('lojas_chaves').set({ etiqueta }).where('id', '=', id).execute()
    },

    /** Ends a key by its id; false when it was already revoked (or unknown). */
    async revokeById(id: number): Promise<boolean> {
      const result = await db
        .updateTable('lojas_chaves')
        .set({ revogada_em: isoNow(clock) })
        .where('id', '=', id)
        .where('revogada_em', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Whether a key (active or revoked) already has this label: labels name one key for good. */
    async labelTaken(etiqueta: string): Promise<boolean> {
      const row = await db.selectFrom('lojas_chaves').select('id').where('etiqueta', '=', etiqueta).executeTakeFirst()
      return row !== undefined
    },

    /** The active key with this label (what a revocation by label ends). */
    async findActiveByLabel(etiqueta: string): Promise<ChaveLojaRegisto | undefined> {
      return db
        .selectFrom('lojas_chaves')
        .select(REGISTO)
        .where('etiqueta', '=', etiqueta)
        .where('revogada_em', 'is', null)
        .executeTakeFirst()
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
