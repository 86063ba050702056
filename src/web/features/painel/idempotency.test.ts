import { describe, expect, it } from 'vitest'
import { type AttemptStore, createAttempts } from './idempotency.ts'

describe('Idempotency-Key per attempt', () => {
  const counter = () => {
    let n = 0
    return () => `k${++n}`
  }
  const memory = (): AttemptStore => {
    const items = new Map<string, string>()
    return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) }
  }
  const compra = { cliente_id: 1, total: 1000, saldo_a_usar: 0, referencia: 'FT 1' }

  it('sends the same key when the same request is sent again (a retry after a network failure)', () => {
    const attempts = createAttempts('compras', { newKey: counter(), store: memory() })
    expect(attempts.keyFor(compra)).toBe('k1')
    expect(attempts.keyFor({ ...compra })).toBe('k1')
  })

  it('keeps an unfinished attempt when the form is closed and opened again (a new hook, the same tab)', () => {
    const store = memory()
    const newKey = counter()
    expect(createAttempts('compras', { newKey, store }).keyFor(compra)).toBe('k1')
    // Another customer in between, then the first purchase typed again after a reload.
    expect(createAttempts('compras', { newKey, store }).keyFor({ ...compra, cliente_id: 2, referencia: 'FT 2' })).toBe(
      'k2',
    )
    expect(createAttempts('compras', { newKey, store }).keyFor(compra)).toBe('k1')
  })

  it('takes a new key for other values, and for the same values once the attempt settled', () => {
    const attempts = createAttempts('devolucoes', { newKey: counter(), store: memory() })
    const devolucao = { compraId: 7, valor: 500 }
    expect(attempts.keyFor(devolucao)).toBe('k1')
    expect(attempts.keyFor({ ...devolucao, valor: 600 })).toBe('k2')
    attempts.settle(devolucao)
    // A second refund of the same amount, once the first was registered, is a second refund.
    expect(attempts.keyFor(devolucao)).toBe('k3')
    expect(attempts.keyFor({ ...devolucao, valor: 600 })).toBe('k2')
  })

  it('forgets unfinished attempts after a day', () => {
    let t = 0
    const attempts = createAttempts('compras', { newKey: counter(), store: memory(), now: () => t })
    expect(attempts.keyFor(compra)).toBe('k1')
    t = 25 * 60 * 60 * 1000
    expect(attempts.keyFor(compra)).toBe('k2')
  })

  it('makes printable keys the server accepts by default', () => {
    const key = createAttempts('x', { store: memory() }).keyFor({ a: 1 })
    expect(key).toMatch(/^[\x21-\x7e]{1,200}$/)
  })
})
