import type { Database } from '../../platform/db.ts'

/** Ids per `in (…)` list: well under SQLite's bound variables and PostgreSQL's parameters. */
const LOTE = 500

async function emLotes<T>(ids: number[], ler: (lote: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < ids.length; i += LOTE) out.push(...(await ler(ids.slice(i, i + LOTE))))
  return out
}

/**
 * Who may be sent marketing (the back-office's notification composer): the customers who consented to
 * communications (`comunicacao`, spec §9), and how far each has read their notifications (its delivery counts).
 * Erased accounts never consent.
 */
export function createAudienciaConta(db: Database) {
  const consentidos = (lote?: number[]) => {
    let q = db.selectFrom('utilizadores').select('id').where('comunicacao', '=', 1).where('eliminado', '=', 0)
    if (lote) q = q.where('id', 'in', lote)
    return q.orderBy('id').execute()
  }
  return {
    /** Of `ids` (unsaid: every customer), those who consented to communications, in id order. */
    async comComunicacao(ids?: number[]): Promise<number[]> {
      if (ids === undefined) return (await consentidos()).map((r) => r.id)
      if (ids.length === 0) return []
      return (await emLotes([...new Set(ids)], consentidos)).map((r) => r.id).sort((a, b) => a - b)
    },

    /** Each customer's read mark (notifications up to it are read). */
    async notificacoesLidasAteDe(ids: number[]): Promise<Map<number, number>> {
      const rows = await emLotes([...new Set(ids)], (lote) =>
        db.selectFrom('utilizadores').select(['id', 'notificacoes_lidas_ate']).where('id', 'in', lote).execute(),
      )
      return new Map(rows.map((r) => [r.id, r.notificacoes_lidas_ate]))
    },
  }
}
