import { describe, expect, it } from 'vitest'
import { operacoesDoCaos, planoDoCaos, SORTEIOS_POR_OPERACAO, sorteioFixo } from './testing/chaos-semente.ts'

/** The printed CHAOS_SEED reproduces the kill points: the plan depends on the seed alone (decision 0028). */
describe('the chaos plan', () => {
  it('is the same for one seed, cycle by cycle', () => {
    const a = planoDoCaos(12345)
    const b = planoDoCaos(12345)
    const ciclosA = Array.from({ length: 200 }, () => a.ciclo())
    const ciclosB = Array.from({ length: 200 }, () => b.ciclo())
    expect(ciclosA).toEqual(ciclosB)
    expect(ciclosA.some((c) => c.arranque)).toBe(true)
    expect(ciclosA.some((c) => !c.arranque)).toBe(true)
  })

  it('differs between seeds, and from the operation stream', () => {
    const a = Array.from({ length: 20 }, planoDoCaos(1).ciclo)
    const b = Array.from({ length: 20 }, planoDoCaos(2).ciclo)
    expect(a).not.toEqual(b)
  })

  it('gives an operation a fixed count of draws, and refuses one that needs more', () => {
    const rng = operacoesDoCaos(7)
    const valores = Array.from({ length: SORTEIOS_POR_OPERACAO }, () => rng.next())
    const f = sorteioFixo(valores)
    for (const v of valores) expect(f.next()).toBe(v)
    expect(() => f.next()).toThrow(/drew more/)
    // The stream after N operations is where N × SORTEIOS_POR_OPERACAO draws put it, whatever each one used.
    const outro = operacoesDoCaos(7)
    for (let i = 0; i < SORTEIOS_POR_OPERACAO; i++) outro.next()
    expect(outro.next()).toBe(rng.next())
  })
})
