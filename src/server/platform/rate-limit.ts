import { isIPv6 } from 'node:net'
import type { Clock } from './clock.ts'
import type { Database } from './db.ts'

export interface Limit {
  /** How many hits a window allows. */
  max: number
  windowMs: number
}

export interface RateLimiter {
  /**
   * Counts one hit on `key`; false when the window's allowance is spent. `ex`: a transaction to count in (the database
   * counters), so that the hit is written with the change it allows, or not at all; a memory throttle ignores it.
   */
  hit(key: string, limit: Limit, ex?: Database): Promise<{ allowed: boolean; retryAfterMs: number }>
  /** Gives one hit of the current window back (an attempt counted up front that turned out not to be a failure). */
  release(key: string, limit: Limit): Promise<void>
  /** Hits so far in the current window, without counting one. */
  count(key: string, limit: Limit): Promise<{ count: number; retryAfterMs: number }>
}

/**
 * What a per-IP limit counts: an IPv4 address (also when IPv6-mapped), or the /64 network of an IPv6 address, since
 * one subscriber gets a whole /64 and could otherwise take a fresh address, and a fresh allowance, for every request.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  const address = ip.split('%')[0] ?? ip
  if (!isIPv6(address)) return ip
  const groupsOf = (part: string | undefined) =>
    // An embedded IPv4 tail (a.b.c.d) takes the room of two groups.
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []
  const [head, tail] = address.toLowerCase().split('::')
  const left = groupsOf(head)
  const right = groupsOf(tail)
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** The key of a per-IP limit: per address, or per IPv6 /64 (networkOf). */
export const ipKey = (scope: string, ip: string) => `ip:${scope}:${networkOf(ip)}`

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
    async hit(key, limit, ex = db) {
      const { janela, retryAfterMs } = windowOf(limit)
      const row = await ex
        .insertInto('limites')
        .values({ chave: key, janela, contador: 1 })
        .onConflict((oc) =>
          oc.columns(['chave', 'janela']).doUpdateSet((eb) => ({ contador: eb('limites.contador', '+', 1) })),
        )
        .returning('contador')
        .executeTakeFirstOrThrow()
      return { allowed: row.contador <= limit.max, retryAfterMs }
    },
    async release(key, limit) {
      const { janela } = windowOf(limit)
      await db
        .updateTable('limites')
        .set((eb) => ({ contador: eb('contador', '-', 1) }))
        .where('chave', '=', key)
        .where('janela', '=', janela)
        .where('contador', '>', 0)
        .execute()
    },
    async count(key, limit) {
      const { janela, retryAfterMs } = windowOf(limit)
      const row = await db
        .selectFrom('limites')
        .select('contador')
        .where('chave', '=', key)
        .where('janela', '=', janela)
        .executeTakeFirst()
      return { count: row?.contador ?? 0, retryAfterMs }
    },
  }
}

/**
 * Fixed-window counters in this process's memory: for throttles of request rates (a store key's identifications and
 * writes a minute), where a write to the database on every request would cost more than what it protects, and where
 * counting per process is acceptable (N processes allow N times the rate; the limit is a throttle, not a security
 * count). Limits that guard secrets (passwords, SMS codes, security codes) stay in the database, shared by every
 * process (createRateLimiter).
 */
export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  const current = (key: string, limit: Limit) => {
    const now = clock.now().getTime()
    const start = now - (now % limit.windowMs)
    let entry = windows.get(key)
    if (!entry || entry.start !== start) {
      entry = { start, count: 0 }
      windows.set(key, entry)
      // Forget windows that ended (at most one entry a key stays).
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.start < start) windows.delete(k)
    }
    return { entry, retryAfterMs: start + limit.windowMs - now }
  }
  return {
    async hit(key, limit) {
      const { entry, retryAfterMs } = current(key, limit)
      entry.count++
      return { allowed: entry.count <= limit.max, retryAfterMs }
    },
    async release(key, limit) {
      const { entry } = current(key, limit)
      if (entry.count > 0) entry.count--
    },
    async count(key, limit) {
      const { entry, retryAfterMs } = current(key, limit)
      return { count: entry.count, retryAfterMs }
    },
  }
}

/** Old windows are useless once passed; the hourly job clears them. */
export async function purgeOldLimits(db: Database, olderThan: string): Promise<void> {
  await db.deleteFrom('limites').where('janela', '<', olderThan).execute()
}
