import type { Clock } from './clock.ts'
import type { Database } from './db.ts'

export interface Limit {
  /** How many hits a window allows. */
  max: number
  windowMs: number
}

export interface RateLimiter {
  /** Counts one hit on `key`; false when the window's allowance is spent. */
  hit(key: string, limit: Limit): Promise<{ allowed: boolean; retryAfterMs: number }>
  /** Hits so far in the current window, without counting one. */
  count(key: string, limit: Limit): Promise<number>
}

/**
 * Fixed-window counters kept in the database, so that every app server shares them. One upsert a hit, atomic on
 * both dialects.
 */
export function createRateLimiter(db: Database, clock: Clock): RateLimiter {
  const windowOf = (limit: Limit) => {
    const now = clock.now().getTime()
    const start = now - (now % limit.windowMs)
    return { janela: new Date(start).toISOString(), retryAfterMs: start + limit.windowMs - now }
  }
  return {
    async hit(key, limit) {
      const { janela, retryAfterMs } = windowOf(limit)
      const row = await db
        .insertInto('limites')
        .values({ chave: key, janela, contador: 1 })
        .onConflict((oc) =>
          oc.columns(['chave', 'janela']).doUpdateSet((eb) => ({ contador: eb('limites.contador', '+', 1) })),
        )
        .returning('contador')
        .executeTakeFirstOrThrow()
      return { allowed: row.contador <= limit.max, retryAfterMs }
    },
    async count(key, limit) {
      const { janela } = windowOf(limit)
      const row = await db
        .selectFrom('limites')
        .select('contador')
        .where('chave', '=', key)
        .where('janela', '=', janela)
        .executeTakeFirst()
      return row?.contador ?? 0
    },
  }
}

/** Old windows are useless once passed; the hourly job clears them. */
export async function purgeOldLimits(db: Database, olderThan: string): Promise<void> {
  await db.deleteFrom('limites').where('janela', '<', olderThan).execute()
}
