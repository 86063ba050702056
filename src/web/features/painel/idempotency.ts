/**
 * Idempotency keys of the till's changes (STORE-API.md "Common rules"): one key per attempt. Retrying the same request
 * (after a network failure, say) sends the same key, so the server applies it at most once; a request with other values
 * is another attempt with a new key (the server refuses a key reused with another body); after an answer that settled
 * it (`settle`), the next request is a new attempt even with the same values (a second purchase of the same amount).
 */
export function createAttempts(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; body: string } | null = null
  return {
    /** The key to send with this request. */
    keyFor(body: unknown): string {
      const text = JSON.stringify(body)
      if (current?.body !== text) current = { key: newKey(), body: text }
      return current.key
    },
    /** The attempt is over (it succeeded): the next request starts another. */
    settle() {
      current = null
    },
  }
}

export type Attempts = ReturnType<typeof createAttempts>
