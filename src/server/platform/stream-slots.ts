import { TooManyRequests } from './errors.ts'

/**
 * How long a client refused a stream slot is told to wait (Retry-After): a slot frees only when one of its owner's
 * streams closes, which nobody can foresee; a board or a tab that reconnects in half a minute is soon enough.
 */
export const STREAM_RETRY_AFTER_MS = 30_000

export interface StreamSlots {
  /**
   * Takes one of `owner`'s slots, or throws a 429 (TooManyRequests, with Retry-After) when all are taken. The slot is
   * given back by the returned function, once (further calls do nothing): call it when the stream closes, however.
   */
  take(owner: string | number): () => void
  /** Open streams `owner` holds now. */
  open(owner: string | number): number
}

/**
 * A bound on the long-lived streams (Server-Sent Events) one owner holds open at once: each holds a connection, a
 * listener on the event bus and timers for as long as it stays open, so a script holding hundreds of them would cost
 * the server what hundreds of boards would. Counted in this process's memory: with N app servers an owner may hold up
 * to N times `max` (a stream lives on one process, and the count must go down with the connection, abrupt ends
 * included, which a shared count would miss when a process dies); the bound is against exhaustion, not a security
 * count.
 */
export function createStreamSlots(max: number): StreamSlots {
  const abertos = new Map<string | number, number>()
  return {
    take(owner) {
      const n = abertos.get(owner) ?? 0
      if (n >= max) throw new TooManyRequests(STREAM_RETRY_AFTER_MS)
      abertos.set(owner, n + 1)
      let devolvido = false
      return () => {
        if (devolvido) return
        devolvido = true
        const left = (abertos.get(owner) ?? 1) - 1
        if (left > 0) abertos.set(owner, left)
        else abertos.delete(owner)
      }
    },
    open: (owner) => abertos.get(owner) ?? 0,
  }
}
