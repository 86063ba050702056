import { describe, expect, it } from 'vitest'
import { AVISO, somLigado, tocar } from './som.ts'

/** Records what the chime asks of Web Audio (Node has none). */
function fakeContext() {
  const oscillators: { freq: number; start: number; stop: number }[] = []
  const ramps: number[] = []
  const param = (onRamp?: (v: number) => void) => ({
    value: 0,
    setValueAtTime: (v: number) => onRamp?.(v),
    exponentialRampToValueAtTime: (v: number) => onRamp?.(v),
  })
  const node = () => ({ connect: (n: unknown) => n })
  const ctx = {
    currentTime: 10,
    destination: node(),
    createGain: () => ({ ...node(), gain: param((v) => ramps.push(v)) }),
    createOscillator: () => {
      const osc = { freq: 0, start: 0, stop: 0 }
      oscillators.push(osc)
      return {
        ...node(),
        type: 'sine',
        frequency: {
          set value(v: number) {
            osc.freq = v
          },
        },
        start: (t: number) => {
          osc.start = t
        },
        stop: (t: number) => {
          osc.stop = t
        },
      }
    },
  }
  return { ctx: ctx as unknown as BaseAudioContext, oscillators, ramps }
}

describe('tocar (the new-order chime)', () => {
  it('plays its notes in order, from now, short', () => {
    const { ctx, oscillators } = fakeContext()
    tocar(ctx)
    const fundamentais = oscillators.filter((o) => AVISO.some((n) => n.freq === o.freq))
    expect(fundamentais.map((o) => o.freq)).toEqual(AVISO.map((n) => n.freq))
    expect(Math.min(...oscillators.map((o) => o.start))).toBeGreaterThanOrEqual(10)
    expect(Math.max(...oscillators.map((o) => o.stop))).toBeLessThan(10 + 1.5)
    for (const o of oscillators) expect(o.stop).toBeGreaterThan(o.start)
  })

  it('only ramps between positive values (an exponential ramp to 0 throws)', () => {
    const { ctx, ramps } = fakeContext()
    tocar(ctx)
    expect(ramps.length).toBeGreaterThan(0)
    for (const v of ramps) expect(v).toBeGreaterThan(0)
  })
})

describe("the board's sound choice", () => {
  const guardado = (valor: string | null) => ({ getItem: () => valor })

  it('is on unless staff turned it off on this tablet, and on when the tablet keeps nothing', () => {
    expect(somLigado(guardado(null))).toBe(true)
    expect(somLigado(guardado('ligado'))).toBe(true)
    expect(somLigado(guardado('desligado'))).toBe(false)
    expect(somLigado(undefined)).toBe(true)
    expect(
      somLigado({
        getItem: () => {
          throw new Error('SecurityError')
        },
      }),
    ).toBe(true)
  })
})
