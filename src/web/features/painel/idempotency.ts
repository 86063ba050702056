/**
 * Idempotency keys of the till's changes (STORE-API.md "Common rules"): one key per attempt. Sending the same request
 * again (after a network failure, say) sends the same key, so the server applies it at most once — also after the form
 * was closed, the customer identified again or the tablet reloaded: unfinished attempts are kept in the tab's
 * sessionStorage, by their exact values (a POS document number makes each purchase's values its own). A request with
 * other values is another attempt with a new key; once an attempt got its answer (`settle`), the same values make a
 * new attempt (a second refund of the same amount).
 */

/** Where unfinished attempts are kept: the tab's sessionStorage, or memory where there is none (tests). */
export interface AttemptStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

function memoryStore(): AttemptStore {
  const items = new Map<string, string>()
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) }
}

const defaultStore = (): AttemptStore => (typeof sessionStorage === 'undefined' ? memoryStore() : sessionStorage)

/** An unfinished attempt is forgotten after a day (the server keeps its records 30 days). */
const ATTEMPT_TTL_MS = 24 * 60 * 60 * 1000

type Pending = Record<string, { key: string; at: number }>

export interface AttemptOptions {
  newKey?: () => string
  store?: AttemptStore
  now?: () => number
}

export function createAttempts(
  scope: string,
  { newKey = () => crypto.randomUUID(), store = defaultStore(), now = () => Date.now() }: AttemptOptions = {},
) {
  const storageKey = `balcao.painel.tentativas.${scope}`
  const read = (): Pending => {
    try {
      const all = JSON.parse(store.getItem(storageKey) ?? '{}') as Pending
      return Object.fromEntries(Object.entries(all).filter(([, a]) => now() - a.at < ATTEMPT_TTL_MS))
    } catch {
      return {}
    }
  }
  const write = (pending: Pending) => store.setItem(storageKey, JSON.stringify(pending))
  return {
    /** The key to send with this request: the unfinished attempt's with the same values, or a new one. */
    keyFor(body: unknown): string {
      const text = JSON.stringify(body)
      const pending = read()
      const found = pending[text]
      if (found) return found.key
      const key = newKey()
      write({ ...pending, [text]: { key, at: now() } })
      return key
    },
    /** The attempt with these values got its answer: the same values later are a new attempt. */
    settle(body: unknown) {
      const { [JSON.stringify(body)]: _, ...rest } = read()
      write(rest)
    },
  }
}

export type Attempts = ReturnType<typeof createAttempts>
