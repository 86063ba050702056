import type { Clock } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { idadeEmSegundos } from '../../platform/metrics.ts'

/** The Web Push outbox at /metrics: sends waiting (a row lives until sent or given up) and the oldest one's age. */
export function createMetricasNotificacoes(db: Database, clock: Clock) {
  return {
    async pushPendentes(): Promise<number> {
      const r = await db
        .selectFrom('push_envios')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
      return Number(r?.n ?? 0)
    },
    async pushIdadeSegundos(): Promise<number> {
      const r = await db
        .selectFrom('push_envios')
        .select((eb) => eb.fn.min('criado_em').as('m'))
        .executeTakeFirst()
      return idadeEmSegundos(clock, r?.m)
    },
  }
}
