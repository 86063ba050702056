import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { encomendaAtual } from './BarraEncomenda.tsx'
import { marcarProntaVista, PRONTA_NA_BARRA_MS, prontaDesde, registarPronta } from './pronta-vista.ts'

const encomenda = (orderId: number, status: EncomendaCliente['status']) =>
  ({ orderId, status, pago: status !== -3 }) as EncomendaCliente

describe("the catalogue's order bar", () => {
  beforeEach(() => {
    const m = new Map<string, string>()
    vi.stubGlobal('window', {
      localStorage: { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) },
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('follows the newest order under way, and a ready one until it has been seen ready for a short while', () => {
    const t0 = Date.parse('2026-11-24T12:00:00Z')
    const ordering = [encomenda(9, 2), encomenda(8, 1)]
    // Never shown ready yet: shown.
    expect(encomendaAtual(ordering, prontaDesde, t0)?.orderId).toBe(9)
    expect(registarPronta(9, t0)).toBe(t0)
    expect(registarPronta(9, t0 + 1000)).toBe(t0)
    expect(encomendaAtual(ordering, prontaDesde, t0 + PRONTA_NA_BARRA_MS - 1)?.orderId).toBe(9)
    // Then it goes; an older order still being made takes its place.
    expect(encomendaAtual(ordering, prontaDesde, t0 + PRONTA_NA_BARRA_MS)?.orderId).toBe(8)
    expect(encomendaAtual([encomenda(9, 2)], prontaDesde, t0 + PRONTA_NA_BARRA_MS)).toBeUndefined()
  })

  it('lets a ready order go at once once it was opened ready', () => {
    const agora = Date.parse('2026-11-24T12:00:00Z')
    marcarProntaVista(7)
    expect(encomendaAtual([encomenda(7, 2)], prontaDesde, agora)).toBeUndefined()
    // Cancelled orders never show; orders under way always do.
    expect(encomendaAtual([encomenda(6, -9), encomenda(5, -1)], prontaDesde, agora)?.orderId).toBe(5)
  })

  it('lets a collected order go at once, seen ready or not', () => {
    const agora = Date.parse('2026-11-24T12:00:00Z')
    expect(encomendaAtual([encomenda(4, 3)], prontaDesde, agora)).toBeUndefined()
    expect(encomendaAtual([encomenda(4, 3), encomenda(3, 1)], prontaDesde, agora)?.orderId).toBe(3)
  })
})
