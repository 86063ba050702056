import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aplicar, compra, devolucao, type Regras, type Saldos } from './ledger.ts'

/**
 * The arithmetic of a reward redeemed at the till (decision 0051), for any bill, balance, reward and rules: what comes
 * off the bill never passes it, the parts add up to the bill to the cent, nothing goes negative, and refunding the whole
 * of what was paid leaves the balances exactly where they would be had the purchase never happened.
 */
const regrasArb = fc.record({
  creditoPercent: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
  pontosPorEuro: fc.integer({ min: 0, max: 20 }),
  patamar: fc.integer({ min: 1, max: 500 }),
})
const saldosArb = fc.record({
  saldo: fc.integer({ min: 0, max: 50_000 }),
  pontos: fc.integer({ min: 0, max: 1_000 }),
  itens: fc.integer({ min: 0, max: 5 }),
})

describe('a reward redeemed at the till', () => {
  it('takes its amount off the bill first, never more than the bill, and earns only on what was paid', () => {
    fc.assert(
      fc.property(
        saldosArb,
        regrasArb,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 10_000 }),
        (antes: Saldos, regras: Regras, total, saldoAUsar, itensARedimir, valorPremio) => {
          const r = compra(antes, { total, saldoAUsar, itensARedimir, valorPremio }, regras, true)
          const descontoPremio = Math.min(itensARedimir * valorPremio, total)
          if ('recusa' in r) {
            const esperada =
              itensARedimir > antes.itens
                ? 'itens-insuficientes'
                : saldoAUsar > total - descontoPremio
                  ? 'saldo-acima-do-total'
                  : 'saldo-insuficiente'
            expect(r.recusa).toBe(esperada)
            return
          }
          expect(r.descontoPremio).toBe(descontoPremio)
          expect(r.valorPago + saldoAUsar + r.descontoPremio).toBe(total)
          expect(r.valorPago).toBeGreaterThanOrEqual(0)
          expect(r.efeito.itens_redimidos).toBe(itensARedimir)
          // Points on what was paid, not on the bill before the reward.
          expect(r.efeito.pontos_ganhos).toBe(Math.floor(r.valorPago / 100) * regras.pontosPorEuro)
          const depois = aplicar(antes, r.efeito)
          expect(depois.saldo).toBeGreaterThanOrEqual(0)
          expect(depois.pontos).toBeGreaterThanOrEqual(0)
          expect(depois.itens).toBeGreaterThanOrEqual(0)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('comes back whole with a full refund, with the balance and points as before the purchase', () => {
    fc.assert(
      fc.property(
        saldosArb,
        regrasArb,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 4 }),
        (inicio: Saldos, regras: Regras, total, valorPremio, partes) => {
          const antes = { ...inicio, itens: inicio.itens + 1 }
          const r = compra(antes, { total, saldoAUsar: 0, itensARedimir: 1, valorPremio }, regras, true)
          if ('recusa' in r) return
          let saldos = aplicar(antes, r.efeito)
          // Refunded in parts (each a share of what is left), then the rest: the parts add up to what was paid.
          let devolvido = 0
          let itensRevertidos = 0
          const valores = partes.map((p) => Math.floor(((r.valorPago - devolvido) * p) / 2000))
          const original = { valorPago: r.valorPago, efeito: r.efeito }
          for (const valor of [...valores, -1]) {
            const v = valor === -1 ? r.valorPago - devolvido : Math.min(valor, r.valorPago - devolvido)
            if (v === 0 && valor !== -1) continue
            if (v === 0 && devolvido > 0) break
            const d = devolucao(saldos, { ...original, devolvido, itensRevertidos }, v, regras)
            saldos = aplicar(saldos, d.efeito)
            devolvido += v
            itensRevertidos += d.itensRevertidos
          }
          expect(saldos).toEqual(antes)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
