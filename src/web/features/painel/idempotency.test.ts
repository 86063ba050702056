import { describe, expect, it } from 'vitest'
import { createAttempts } from './idempotency.ts'

describe('Idempotency-Key per attempt', () => {
  const counter = () => {
    let n = 0
    return () => `k${++n}`
  }

  it('sends the same key when the same request is sent again (a retry after a network failure)', () => {
    const attempts = createAttempts(counter())
    const compra = { cliente_id: 1, total: 1000, saldo_a_usar: 0, referencia: 'FT 1' }
    expect(attempts.keyFor(compra)).toBe('k1')
    expect(attempts.keyFor({ ...compra })).toBe('k1')
  })

  it('takes a new key for other values, and after an attempt settled', () => {
    const attempts = createAttempts(counter())
    const compra = { cliente_id: 1, total: 1000, saldo_a_usar: 0, referencia: 'FT 1' }
    expect(attempts.keyFor(compra)).toBe('k1')
    expect(attempts.keyFor({ ...compra, total: 1200 })).toBe('k2')
    attempts.settle()
    // The same purchase again, once the first was registered, is a second purchase.
    expect(attempts.keyFor({ ...compra, total: 1200 })).toBe('k3')
  })

  it('makes printable keys the server accepts by default', () => {
    const key = createAttempts().keyFor({ a: 1 })
    expect(key).toMatch(/^[\x21-\x7e]{1,200}$/)
  })
})
