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
/** At the default sizes a run must have done each main kind of thing, or its invariants held over nothing. */
const TAMANHO_NORMAL: Record<Dialect, boolean> = {
  sqlite: process.env.CHAOS_KILLS_SQLITE === undefined,
  postgres: process.env.CHAOS_KILLS_PG === undefined,
}

describe.concurrent('chaos', () => {
  it.each(testDialects())(
    '%s survives its SIGKILLs with every invariant intact',
    async (dialect) => {
      const semente = sementeDoCaos()
      console.log(`chaos: CHAOS_SEED=${semente} reproduces this run (${dialect})`)
      const f = await correrCaos({ dialect, mortes: MORTES[dialect], semente })
      const s = f.sucessos
      console.log(
        `chaos: ${f.mortes} kills of a live process on ${dialect} (${f.interrompidos} requests cut), ${f.operacoes} operations, ` +
          `${f.repeticoes} idempotent replays, ${f.verificacoes} invariant checks, ${f.paraOperador} refunds and ${f.semRegisto} unrecorded payments left to an operator ` +
          `(caps: ${f.mortesCancelOuArranque} kills cut a cancel or a start, ${f.mortesCheckoutOuAprovacao} a checkout or an approval), seed ${semente}\n` +
          `chaos: done on ${dialect}: ${s.compras} till purchases, ${s.devolucoes} refunds, ${s.checkoutsPagos} checkouts paid, ` +
          `${s.cancelamentosComReembolso} cancels refunded by MB WAY, ${s.esquecimentos} erasures, ${s.candidatos} candidate payments; ` +
          `cut requests replayed: ${f.cortadosGravados} found their answer recorded, ${f.cortadosReexecutados} ran again`,
      )
      const quem = `CHAOS_SEED=${semente} (${dialect})`
      expect(f.mortes, quem).toBeGreaterThanOrEqual(MORTES[dialect])
      if (TAMANHO_NORMAL[dialect]) {
        expect(s.compras, `${quem}: till purchases`).toBeGreaterThan(0)
        expect(s.devolucoes, `${quem}: refunds`).toBeGreaterThan(0)
        expect(s.checkoutsPagos, `${quem}: checkouts paid`).toBeGreaterThan(0)
        expect(s.esquecimentos, `${quem}: erasures`).toBeGreaterThan(0)
        expect(f.cortadosGravados + f.cortadosReexecutados, `${quem}: cut requests replayed`).toBeGreaterThan(0)
      }
    },
    900_000,
  )
})
