import { randomInt } from 'node:crypto'

/** The run's seed: CHAOS_SEED when given (a failure's printed seed reproduces its kill points), else a new one. */
export function sementeDoCaos(): number {
  const dada = process.env.CHAOS_SEED
  if (dada !== undefined && dada !== '') {
    const n = Number(dada)
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`CHAOS_SEED must be a whole number, not ${dada}`)
    return n
  }
  return randomInt(0, 2 ** 31)
}
