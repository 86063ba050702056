import type { Database, DatabaseTransaction } from '../../platform/db.ts'

/** Ids per `in (…)` list: well under SQLite's bound variables and PostgreSQL's parameters. */
const LOTE = 500

async function emLotes<T>(ids: number[], ler: (lote: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < ids.length; i += LOTE) out.push(...(await ler(ids.slice(i, i + LOTE))))
  return out
}

/**
 * Who may be sent marketing (the back-office's notification composer, `npm run notify`): the customers who consented
 * to communications (`comunicacao`, spec §9: the one consent both the personal data and the GDPR screen show,
 * docs/decisions/0031-um-consentimento.md), and how far each has read their notifications (its delivery counts).
 * Erased accounts never consent.
 */
export function createAudienciaConta(db: Database) {
  const consentidos = (lote?: number[]) => {
    let q = db.selectFrom('utilizadores').select('id').where('comunicacao', '=', 1).where('eliminado', '=', 0)
    if (lote) q = q.where('id', 'in', lote)
    return q.orderBy('id').execute()
  }
  return {
    /**
     * The address to e-mail a service notice to (an expiry, decision 0058) when the customer consented to
     * communications and gave one; null otherwise. `ex`: the caller's transaction.
     */
    async emailConsentido(
      utilizadorId: number,
      ex: Database = db,
    ): Promise<{ email: string; nome: string | null } | null> {
      const row = await ex
        .selectFrom('utilizadores')
        .select(['email', 'nome'])
        .where('id', '=', utilizadorId)
        .where('comunicacao', '=', 1)
        .where('eliminado', '=', 0)
        .executeTakeFirst()
      return row?.email ? { email: row.email, nome: row.nome } : null
    },

    /** Of `ids` (unsaid: every customer), those who consented to communications, in id order. */
    async comComunicacao(ids?: number[]): Promise<number[]> {
      if (ids === undefined) return (await consentidos()).map((r) => r.id)
      if (ids.length === 0) return []
      return (await emLotes([...new Set(ids)], consentidos)).map((r) => r.id).sort((a, b) => a - b)
    },

    /**
     * In the caller's transaction (a composed message's batch, which writes to them): of `ids` (unsaid: every
     * customer), the next `limite` who consent now, after id `depoisDe`, in id order.
     */
    async consentidosDepoisDe(
      trx: DatabaseTransaction,
      ids: number[] | undefined,
      depoisDe: number,
      limite: number,
    ): Promise<number[]> {
      const ler = (lote?: number[]) => {
        let q = trx
          .selectFrom('utilizadores')
          .select('id')
          .where('comunicacao', '=', 1)
          .where('eliminado', '=', 0)
          .where('id', '>', depoisDe)
        if (lote) q = q.where('id', 'in', lote)
        return q.orderBy('id').limit(limite).execute()
      }
      if (ids === undefined) return (await ler()).map((r) => r.id)
      const depois = [...new Set(ids)].filter((id) => id > depoisDe).sort((a, b) => a - b)
      const out: number[] = []
      for (let i = 0; i < depois.length && out.length < limite; i += LOTE) {
        out.push(...(await ler(depois.slice(i, i + LOTE))).map((r) => r.id))
      }
      return out.slice(0, limite)
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
