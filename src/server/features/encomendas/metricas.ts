import type { Clock } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { idadeEmSegundos } from '../../platform/metrics.ts'

/**
 * Orders at /metrics: payments not settled yet (by state), refunds owed or in flight, and how late the reconciliation
 * is (the oldest check that is due). What wakes someone at night is a number that keeps growing here.
 */
export function createMetricasEncomendas(db: Database, clock: Clock) {
  return {
    async pagamentosPorEstado(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('encomendas')
        .where('pagamento_estado', 'in', ['a-pedir', 'pendente'])
        .select((eb) => ['pagamento_estado', eb.fn.countAll<number>().as('n')])
        .groupBy('pagamento_estado')
        .execute()
      const porEstado: Record<string, number> = { 'a-pedir': 0, pendente: 0 }
      for (const r of rows) porEstado[r.pagamento_estado] = Number(r.n)
      return porEstado
    },
    async reembolsosPorEstado(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('encomendas')
        .where('reembolso_estado', 'in', ['a-reembolsar', 'reembolsando', 'manual'])
        .select((eb) => ['reembolso_estado', eb.fn.countAll<number>().as('n')])
        .groupBy('reembolso_estado')
        .execute()
      const porEstado: Record<string, number> = { 'a-reembolsar': 0, reembolsando: 0, manual: 0 }
      for (const r of rows) if (r.reembolso_estado) porEstado[r.reembolso_estado] = Number(r.n)
      return porEstado
    },
    async reconciliacaoAtrasoSegundos(): Promise<number> {
      const r = await db
        .selectFrom('encomendas')
        .where('verificar_em', '<=', clock.now().toISOString())
        .select((eb) => eb.fn.min('verificar_em').as('m'))
        .executeTakeFirst()
      return idadeEmSegundos(clock, r?.m)
    },
  }
}
