/**
 * mulberry32: small, fast pseudo-random numbers in [0, 1), the same sequence for the same seed on every machine. One
 * generator for what must repeat from a seed: the demo's pictures, the fuzz suite's requests, the chaos suite's plan.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
