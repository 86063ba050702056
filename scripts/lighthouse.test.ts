import { describe, expect, it } from 'vitest'
import { CALIBRATED_HOST_INDEX, calibratedSlowdown, DEFAULT_CPU_SLOWDOWN } from './lighthouse.ts'

describe("the gate's CPU slowdown, calibrated on Lighthouse's benchmark", () => {
  it("is Lighthouse's default 4× on the host it is calibrated for, and on a faster one", () => {
    expect(DEFAULT_CPU_SLOWDOWN).toBe(4)
    expect(calibratedSlowdown(CALIBRATED_HOST_INDEX, CALIBRATED_HOST_INDEX)).toBe(4)
    expect(calibratedSlowdown(3800, CALIBRATED_HOST_INDEX)).toBe(4)
  })

  it('slows a host twice as slow half as much, so that both simulate the same phone', () => {
    expect(calibratedSlowdown(1000, 2000)).toBe(2)
    expect(calibratedSlowdown(1500, 2000)).toBe(3)
    expect(calibratedSlowdown(1234, 2000)).toBe(2.47)
  })

  it('never speeds the page up (at least 1×), and keeps the default when the benchmark failed', () => {
    expect(calibratedSlowdown(100, 2000)).toBe(1)
    expect(calibratedSlowdown(0, 2000)).toBe(4)
    expect(calibratedSlowdown(Number.NaN, 2000)).toBe(4)
  })
})
