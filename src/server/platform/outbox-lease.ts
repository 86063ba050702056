import { type Clock, isoIn, isoNow } from './clock.ts'
import type { Database, DatabaseTransaction } from './db.ts'

/**
 * The outboxes whose rows are claimed under a lease: each has an id and the time it is next due (`proxima_em`). The
 * kitchen printer's jobs too (features/impressoras), which settle a send whose bytes went out differently (at most once).
 */
export type OutboxTable = 'email_outbox' | 'push_envios' | 'impressoes' | 'carteira_envios'

/** A row this process claimed: its id and the end of the lease it wrote, which says the claim is still its own. */
export interface Arrendamento {
  id: number
  ate: string
}

/**
 * The claim, lease and settle of an outbox's rows (the e-mail and the push outboxes, the printers' jobs), safe with N
 * processes sending at once (docs/decisions/0016, 0034):
 *
 * - **Claim**: the due rows read are moved to the end of a lease, only if they are still due (a conditional update):
 *   two processes reading the same rows both try, and the row lock (PostgreSQL) or the single writer (SQLite) lets
 *   the first through and makes the second's condition false.
 * - **Lease**: a process that dies holding rows lets them go when the lease ends; another then claims them again.
 * - **Settle**: what a send ended in (sent, retried later, given up, the device let go, the counts) is written in one
 *   transaction that first checks the lease is still this process's (the row still ends its lease where this process
 *   wrote it), and locks the row while it writes. A send that outlived its lease was taken over by another process,
 *   which settles it: settling it again would count it twice, or undo the other's retry.
 */
export function createOutboxLease(db: Database, clock: Clock, table: OutboxTable, duracaoMs: number) {
  return {
    /** Claims those of `ids` still due; answers the ones this process got, and the end of their lease. */
    async reclamar(ids: number[]): Promise<{ ate: string; reclamados: Set<number> }> {
      const agora = isoNow(clock)
      const ate = isoIn(clock, duracaoMs)
      if (ids.length === 0) return { ate, reclamados: new Set() }
      const claimed = await db
        .updateTable(table)
        .set({ proxima_em: ate })
        .where('id', 'in', ids)
        .where('proxima_em', '<=', agora)
        .returning('id')
        .execute()
      return { ate, reclamados: new Set(claimed.map((r) => r.id)) }
    },

    /**
     * Runs `liquidar` in a transaction of its own if the lease is still this process's, the row locked until it
     * commits; answers whether it ran (false: the lease was lost, and nothing was written).
     */
    async liquidar(
      arrendamento: Arrendamento,
      liquidar: (trx: DatabaseTransaction) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // A write that changes nothing but takes the row's lock (PostgreSQL) and tells whether the lease is ours.
        const { numUpdatedRows } = await trx
          .updateTable(table)
          .set({ proxima_em: arrendamento.ate })
          .where('id', '=', arrendamento.id)
          .where('proxima_em', '=', arrendamento.ate)
          .executeTakeFirst()
        if (numUpdatedRows === 0n) return false
        await liquidar(trx)
        return true
      })
    },
  }
}

export type OutboxLease = ReturnType<typeof createOutboxLease>
