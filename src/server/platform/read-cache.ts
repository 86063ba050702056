import { type Clock, systemClock } from './clock.ts'

/**
 * Read models kept in process memory (docs/decisions/0008): public content changes a few times a day and is read on
 * every screen, so a process answers it from memory and reads the database again only after a writer says it changed.
 *
 * Whoever changes cached content calls `invalidate` with the entry's tags AFTER its transaction commits: a load that
 * started before the commit could otherwise be kept with the old rows. Across processes the call travels on the
 * realtime bus (decision 0008); `maxAgeMs` bounds how stale an entry can get if a notice is ever lost.
 */
export interface ReadCache {
  /**
   * The value under `key`, loaded once: callers that miss at the same time share one load, and a failed load (a 404,
   * the database down) is not kept, so the next caller tries again.
   */
  get<T>(key: string, tags: readonly string[], load: () => Promise<T>, options?: GetOptions<T>): Promise<T>
  /** Forgets every entry carrying any of `tags`, loads in flight included: the next read loads afresh. */
  invalidate(...tags: string[]): void
  /** Forgets everything (a process that may have missed invalidations, e.g. after the bus reconnects). */
  clear(): void
  readonly size: number
}

export interface GetOptions<T> {
  /**
   * When the value stops being true by itself, with no writer to say so (a campaign past its end): read again from
   * then on, on the wall clock. Null: only a writer or the maximum age ends it.
   */
  until?: (value: T) => Date | null
}

export interface ReadCacheOptions {
  /** Entries kept at most; past it the least recently read goes. */
  maxEntries: number
  /** An entry older than this is loaded again on its next read. */
  maxAgeMs: number
  /** Milliseconds on a monotonic clock (tests move it). */
  now?: () => number
  /** The wall clock that an entry's `until` is read against (tests pass one they move). */
  clock?: Clock
}

interface Entry {
  value: Promise<unknown>
  tags: readonly string[]
  loadedAt: number
  /** Wall-clock milliseconds from which the value is no longer true (`GetOptions.until`). */
  until?: number
}

export function createReadCache({
  maxEntries,
  maxAgeMs,
  now = () => performance.now(),
  clock = systemClock,
}: ReadCacheOptions): ReadCache {
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error('maxEntries: a positive integer')
  // Map keeps insertion order: re-inserting on every hit makes its first key the least recently read.
  const entries = new Map<string, Entry>()

  function load<T>(
    key: string,
    tags: readonly string[],
    loader: () => Promise<T>,
    options?: GetOptions<T>,
  ): Promise<T> {
    let value: Promise<T>
    try {
      value = loader()
    } catch (error) {
      return Promise.reject(error)
    }
    const entry: Entry = { value, tags, loadedAt: now() }
    entries.set(key, entry)
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) entries.delete(oldest)
    }
    value.then(
      (loaded) => {
        const until = options?.until?.(loaded)
        if (until) entry.until = until.getTime()
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key)
      },
    )
    return value
  }

  return {
    get<T>(key: string, tags: readonly string[], loader: () => Promise<T>, options?: GetOptions<T>): Promise<T> {
      const entry = entries.get(key)
      if (!entry) return load(key, tags, loader, options)
      entries.delete(key)
      const past = entry.until !== undefined && clock.now().getTime() >= entry.until
      if (past || now() - entry.loadedAt > maxAgeMs) return load(key, tags, loader, options)
      entries.set(key, entry)
      return entry.value as Promise<T>
    },

    invalidate(...tags: string[]) {
      for (const [key, entry] of entries) {
        if (entry.tags.some((tag) => tags.includes(tag))) entries.delete(key)
      }
    },

    clear() {
      entries.clear()
    },

    get size() {
      return entries.size
    },
  }
}
