import { describe, expect, it } from 'vitest'
import { PONTOS_MAX, SALDO_MAX } from '../../../shared/fidelizacao.ts'
import {
  ajuste,
  aplicar,
  compra,
  creditoDe,
  devolucao,
  type Efeito,
  pontosDe,
  type Regras,
  roundHalfUp,
  type Saldos,
  ZERO,
} from './ledger.ts'

const REGRAS: Regras = { creditoPercent: 5, pontosPorEuro: 1, patamar: 100 }

function comprar(antes: Saldos, total: number, saldoAUsar = 0, regras = REGRAS, itensARedimir = 0) {
  const r = compra(antes, { total, saldoAUsar, itensARedimir }, regras, true)
  if ('recusa' in r) throw new Error(r.recusa)
  return { ...r, depois: aplicar(antes, r.efeito) }
}

describe('loyalty arithmetic', () => {
  it('rounds half up, in integers', () => {
    expect(roundHalfUp(5, 10)).toBe(1)
    expect(roundHalfUp(4, 10)).toBe(0)
    expect(roundHalfUp(15, 10)).toBe(2)
    expect(roundHalfUp(0, 7)).toBe(0)
  })

  it('gives credit as a percent of what was paid, half a cent up', () => {
    expect(creditoDe(199, 5)).toBe(10) // 9,95 cents
    expect(creditoDe(189, 5)).toBe(9) // 9,45 cents
    expect(creditoDe(1000, 5)).toBe(50)
    expect(creditoDe(1000, 10)).toBe(100)
    expect(creditoDe(333, 2.5)).toBe(8) // 8,325 cents
    expect(creditoDe(0, 5)).toBe(0)
  })

  it('gives points per whole euro paid', () => {
    expect(pontosDe(1999, 1)).toBe(19)
    expect(pontosDe(99, 1)).toBe(0)
    expect(pontosDe(1000, 3)).toBe(30)
  })

  it('a purchase uses the balance, earns on what was paid, and turns each threshold of points into a reward', () => {
    const first = comprar(ZERO, 2000)
    expect(first.valorPago).toBe(2000)
    expect(first.depois).toEqual({ saldo: 100, pontos: 20, itens: 0 })
    const second = comprar({ saldo: 100, pontos: 95, itens: 0 }, 1250, 100)
    expect(second.valorPago).toBe(1150)
    expect(second.efeito).toMatchObject({ saldo_removido: 100, saldo_adicionado: 58, pontos_ganhos: 11 })
    expect(second.depois).toEqual({ saldo: 58, pontos: 6, itens: 1 })
    const big = comprar(ZERO, 25_000)
    expect(big.depois).toEqual({ saldo: 1250, pontos: 50, itens: 2 })
  })

  it('refuses to spend more than the balance, the bill, or the rewards held', () => {
    expect(
      compra({ saldo: 50, pontos: 0, itens: 0 }, { total: 100, saldoAUsar: 51, itensARedimir: 0 }, REGRAS, true),
    ).toEqual({ recusa: 'saldo-insuficiente' })
    expect(
      compra({ saldo: 500, pontos: 0, itens: 0 }, { total: 100, saldoAUsar: 101, itensARedimir: 0 }, REGRAS, true),
    ).toEqual({ recusa: 'saldo-acima-do-total' })
    expect(compra(ZERO, { total: 100, saldoAUsar: 0, itensARedimir: 1 }, REGRAS, true)).toEqual({
      recusa: 'itens-insuficientes',
    })
  })

  it('a registration not complete earns nothing, but may still be identified and pay', () => {
    const r = compra(ZERO, { total: 5000, saldoAUsar: 0, itensARedimir: 0 }, REGRAS, false)
    expect('efeito' in r && r.efeito).toEqual({
      saldo_adicionado: 0,
      saldo_removido: 0,
      pontos_ganhos: 0,
      pontos_convertidos: 0,
      itens_adicionados: 0,
      itens_redimidos: 0,
    })
  })

  /** Refunds `parts` of a purchase one after another; returns the balances after each. */
  function refundInParts(antes: Saldos, total: number, saldoAUsar: number, parts: number[], regras = REGRAS) {
    const c = comprar(antes, total, saldoAUsar, regras)
    let saldos = c.depois
    let devolvido = 0
    let itensRevertidos = 0
    const perdas = { saldo: 0, pontos: 0 }
    for (const valor of parts) {
      const d = devolucao(
        saldos,
        { valorPago: c.valorPago, efeito: c.efeito, devolvido, itensRevertidos },
        valor,
        regras,
      )
      saldos = aplicar(saldos, d.efeito)
      devolvido += valor
      itensRevertidos += d.itensRevertidos
      perdas.saldo += d.naoRecuperado.saldo
      perdas.pontos += d.naoRecuperado.pontos
      for (const v of Object.values(saldos)) expect(v).toBeGreaterThanOrEqual(0)
    }
    return { saldos, perdas, compra: c }
  }

  it('a full refund, whole or in odd parts, leaves the balances exactly as before the purchase', () => {
    const antes = { saldo: 333, pontos: 97, itens: 1 }
    for (const parts of [[1667], [1, 1, 1665], [555, 556, 556], [1000, 667], [7, 13, 1647]]) {
      const { saldos, perdas } = refundInParts(antes, 1999, 332, parts)
      expect(saldos, parts.join('+')).toEqual(antes)
      expect(perdas).toEqual({ saldo: 0, pontos: 0 })
    }
  })

  it('partial refunds take back credit and points in proportion, to the cent', () => {
    const { saldos, compra: c } = refundInParts(ZERO, 1000, 0, [500])
    expect(c.depois).toEqual({ saldo: 50, pontos: 10, itens: 0 })
    expect(saldos).toEqual({ saldo: 25, pontos: 5, itens: 0 })
  })

  it('gives back the balance used in the same proportion', () => {
    const { saldos } = refundInParts({ saldo: 400, pontos: 0, itens: 0 }, 1400, 400, [500])
    // Paid 1000 (credit 50, 10 points); half refunded: 200 of the 400 used come back, 25 of the credit go.
    expect(saldos).toEqual({ saldo: 50 + 200 - 25, pontos: 5, itens: 0 })
  })

  it('credit already spent is not recovered: the balance stops at 0 and the loss is told', () => {
    const c = comprar(ZERO, 2000)
    const spent = comprar(c.depois, 100, 100)
    const d = devolucao(
      spent.depois,
      { valorPago: 2000, efeito: c.efeito, devolvido: 0, itensRevertidos: 0 },
      2000,
      REGRAS,
    )
    const after = aplicar(spent.depois, d.efeito)
    expect(after.saldo).toBe(0)
    expect(d.naoRecuperado.saldo).toBe(100 - spent.efeito.saldo_adicionado)
  })

  it('turns rewards back into points when the points taken back run short', () => {
    const c = comprar({ saldo: 0, pontos: 90, itens: 0 }, 2000) // 110 points → 1 reward, 10 points
    expect(c.depois).toMatchObject({ pontos: 10, itens: 1 })
    // 1500 of 2000 refunded: 15 of the 20 points go back, more than the 10 held, so the reward becomes points again.
    const d = devolucao(c.depois, { valorPago: 2000, efeito: c.efeito, devolvido: 0, itensRevertidos: 0 }, 1500, REGRAS)
    expect(aplicar(c.depois, d.efeito)).toMatchObject({ pontos: 95, itens: 0 })
    expect(d.itensRevertidos).toBe(1)
  })

  it('keeps the balances the sum of the movements over random sequences', () => {
    let seed = 42
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const sum = (efeitos: Efeito[]) => efeitos.reduce((acc, e) => aplicar(acc, e), ZERO)
    const efeitos: Efeito[] = []
    const compras: { valorPago: number; efeito: Efeito; devolvido: number; itensRevertidos: number }[] = []
    let saldos = ZERO
    for (let i = 0; i < 500; i++) {
      const open = compras.filter((c) => c.devolvido < c.valorPago)
      if (open.length > 0 && random(3) === 0) {
        const c = open[random(open.length)] as (typeof compras)[number]
        const valor = 1 + random(c.valorPago - c.devolvido)
        const d = devolucao(saldos, c, valor, REGRAS)
        c.devolvido += valor
        c.itensRevertidos += d.itensRevertidos
        efeitos.push(d.efeito)
        saldos = aplicar(saldos, d.efeito)
      } else {
        const total = 1 + random(5000)
        const r = compra(
          saldos,
          { total, saldoAUsar: random(Math.min(saldos.saldo, total) + 1), itensARedimir: random(saldos.itens + 1) },
          REGRAS,
          true,
        )
        if ('recusa' in r) throw new Error(r.recusa)
        if (r.valorPago > 0)
          compras.push({ valorPago: r.valorPago, efeito: r.efeito, devolvido: 0, itensRevertidos: 0 })
        efeitos.push(r.efeito)
        saldos = aplicar(saldos, r.efeito)
      }
      for (const v of Object.values(saldos)) expect(v).toBeGreaterThanOrEqual(0)
    }
    expect(sum(efeitos)).toEqual(saldos)
  })
})

describe('the ceilings of balance and points', () => {
  it('refuses what would pass them, never what goes down', () => {
    const noTeto = { saldo: SALDO_MAX, pontos: 0, itens: 0 }
    expect(compra(noTeto, { total: 2000, saldoAUsar: 0, itensARedimir: 0 }, REGRAS, true)).toEqual({
      recusa: 'saldo-acima-do-maximo',
    })
    // Using 100 of the balance and earning 100 back leaves it at the ceiling: allowed.
    expect('efeito' in compra(noTeto, { total: 2100, saldoAUsar: 100, itensARedimir: 0 }, REGRAS, true)).toBe(true)
    expect(
      compra(
        { saldo: 0, pontos: PONTOS_MAX, itens: 0 },
        { total: 100, saldoAUsar: 0, itensARedimir: 0 },
        { ...REGRAS, patamar: 0 },
        true,
      ),
    ).toEqual({
      recusa: 'pontos-acima-do-maximo',
    })
    expect(ajuste(noTeto, { saldo: 1, pontos: 0 }, REGRAS)).toEqual({ recusa: 'saldo-acima-do-maximo' })
    expect(ajuste({ saldo: 0, pontos: PONTOS_MAX - 1, itens: 0 }, { saldo: 0, pontos: 2 }, REGRAS)).toEqual({
      recusa: 'pontos-acima-do-maximo',
    })
    // Past the ceiling already (written before it): taking away is allowed, adding is not.
    const alem = { saldo: SALDO_MAX + 500, pontos: 0, itens: 0 }
    expect('efeito' in ajuste(alem, { saldo: -100, pontos: 0 }, REGRAS)).toBe(true)
    expect(ajuste(alem, { saldo: 1, pontos: 0 }, REGRAS)).toEqual({ recusa: 'saldo-acima-do-maximo' })
  })
})
