import { sql } from 'kysely'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import type { Database } from '../../platform/db.ts'
import type { JanelaRelatorio } from '../../platform/relatorios.ts'

export interface VendasPorLoja {
  id_loja: number
  encomendas_pagas: number
  vendas: number
}

export interface VendasPorHora {
  hora: string
  encomendas_pagas: number
  vendas: number
}

const n = (v: unknown) => Number(v ?? 0)

/**
 * Orders' figures for the back-office's reports. A sale is an order paid in the window (whether by MB WAY,
 * credit or both: its total) that the store did not cancel (a cancelled paid order is refunded). Orders by state count
 * those placed in the window, whatever became of them.
 */
export function createRelatorioEncomendas(db: Database) {
  const pagas = (j: JanelaRelatorio) =>
    db
      .selectFrom('encomendas')
      .where('paga_em', '>=', j.desde)
      .where('paga_em', '<', j.ate)
      .where('id_loja', 'in', j.idsLoja)
      .where('estado', '!=', ESTADO.cancelado)

  return {
    async porLoja(j: JanelaRelatorio): Promise<VendasPorLoja[]> {
      if (j.idsLoja.length === 0) return []
      const rows = await pagas(j)
        .select((eb) => ['id_loja', eb.fn.countAll<number>().as('pagas'), eb.fn.sum<number>('total').as('vendas')])
        .groupBy('id_loja')
        .execute()
      return rows.map((r) => ({ id_loja: r.id_loja, encomendas_pagas: n(r.pagas), vendas: n(r.vendas) }))
    },

    async porHora(j: JanelaRelatorio): Promise<VendasPorHora[]> {
      if (j.idsLoja.length === 0) return []
      const hora = sql<string>`substr(paga_em, 1, 13)`
      const rows = await pagas(j)
        .select((eb) => [
          hora.as('hora'),
          eb.fn.countAll<number>().as('pagas'),
          eb.fn.sum<number>('total').as('vendas'),
        ])
        .groupBy(hora)
        .execute()
      return rows.map((r) => ({ hora: r.hora, encomendas_pagas: n(r.pagas), vendas: n(r.vendas) }))
    },

    async porEstado(j: JanelaRelatorio): Promise<{ estado: number; encomendas: number }[]> {
      if (j.idsLoja.length === 0) return []
      const rows = await db
        .selectFrom('encomendas')
        .where('criada_em', '>=', j.desde)
        .where('criada_em', '<', j.ate)
        .where('id_loja', 'in', j.idsLoja)
        .select((eb) => ['estado', eb.fn.countAll<number>().as('n')])
        .groupBy('estado')
        .execute()
      return rows.map((r) => ({ estado: r.estado, encomendas: n(r.n) }))
    },
  }
}

export type RelatorioEncomendas = ReturnType<typeof createRelatorioEncomendas>
