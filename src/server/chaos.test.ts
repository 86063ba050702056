import { describe, expect, it } from 'vitest'
import type { Dialect } from './platform/db.ts'
import { correrCaos } from './testing/chaos.ts'
import { sementeDoCaos } from './testing/chaos-semente.ts'
import { testDialects } from './testing/harness.ts'

/**
 * The chaos suite (docs/decisions/0028; the driver is src/server/testing/chaos.ts): SIGKILLs of a real server process
 * on a real SQLite file (CHAOS_KILLS_SQLITE, 100 by default) and on a PostgreSQL schema (CHAOS_KILLS_PG, 50; when
 * TEST_DATABASE_URL is set), at points drawn from CHAOS_SEED. The two run at once, in one file: vitest gives a
 * 2-core machine one worker, and their time is spent in the server processes, not in this one. CHAOS_DEBUG=1 prints
 * where a run's time went (operations, kills, restarts, replays, checks).
 */
const MORTES: Record<Dialect, number> = {
  sqlite: Number(process.env.CHAOS_KILLS_SQLITE ?? 100),
  postgres: Number(process.env.CHAOS_KILLS_PG ?? 50),
}

describe.concurrent('chaos', () => {
  it.each(testDialects())(
    '%s survives its SIGKILLs with every invariant intact',
    async (dialect) => {
      const semente = sementeDoCaos()
      console.log(`chaos: CHAOS_SEED=${semente} reproduces this run (${dialect})`)
      const f = await correrCaos({ dialect, mortes: MORTES[dialect], semente })
      console.log(
        `chaos: ${f.mortes} kills on ${dialect} (${f.interrompidos} requests cut), ${f.operacoes} operations, ` +
          `${f.repeticoes} idempotent replays, ${f.verificacoes} invariant checks, ${f.paraOperador} refunds and ${f.semRegisto} unrecorded payments left to an operator, seed ${semente}`,
      )
      expect(f.mortes).toBeGreaterThanOrEqual(MORTES[dialect])
    },
    900_000,
  )
})
