import { describe, expect, it } from 'vitest'
import { correrCaos } from './testing/chaos.ts'
import { sementeDoCaos } from './testing/chaos-semente.ts'

/**
 * The chaos suite on SQLite (docs/decisions/0028; the driver is src/server/testing/chaos.ts): CHAOS_KILLS_SQLITE
 * SIGKILLs (100 by default) of a real server process on a real SQLite file, at points drawn from CHAOS_SEED.
 * The PostgreSQL half is its own file, so that vitest runs the two side by side.
 */
const mortes = Number(process.env.CHAOS_KILLS_SQLITE ?? 100)

describe('chaos on sqlite', () => {
  it(`survives ${mortes} SIGKILLs with every invariant intact`, async () => {
    const semente = sementeDoCaos()
    console.log(`chaos: CHAOS_SEED=${semente} reproduces this run (sqlite)`)
    const f = await correrCaos({ dialect: 'sqlite', mortes, semente })
    console.log(
      `chaos: ${f.mortes} kills on sqlite, ${f.operacoes} operations, ${f.repeticoes} idempotent replays, ${f.verificacoes} invariant checks, seed ${semente}`,
    )
    expect(f.mortes).toBeGreaterThanOrEqual(mortes)
  }, 900_000)
})
