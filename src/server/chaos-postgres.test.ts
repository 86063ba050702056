import { describe, expect, it } from 'vitest'
import { correrCaos } from './testing/chaos.ts'
import { sementeDoCaos } from './testing/chaos-semente.ts'

/**
 * The chaos suite on PostgreSQL (docs/decisions/0028): CHAOS_KILLS_PG SIGKILLs (50 by default) of a real server
 * process on a PostgreSQL schema of its own, at points drawn from CHAOS_SEED. Runs when TEST_DATABASE_URL is set.
 */
const mortes = Number(process.env.CHAOS_KILLS_PG ?? 50)

describe.skipIf(!process.env.TEST_DATABASE_URL)('chaos on postgres', () => {
  it(`survives ${mortes} SIGKILLs with every invariant intact`, async () => {
    const semente = sementeDoCaos()
    console.log(`chaos: CHAOS_SEED=${semente} reproduces this run (postgres)`)
    const f = await correrCaos({ dialect: 'postgres', mortes, semente })
    console.log(
      `chaos: ${f.mortes} kills on postgres, ${f.operacoes} operations, ${f.repeticoes} idempotent replays, ${f.verificacoes} invariant checks, seed ${semente}`,
    )
    expect(f.mortes).toBeGreaterThanOrEqual(mortes)
  }, 900_000)
})
