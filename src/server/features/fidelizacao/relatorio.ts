import { sql } from 'kysely'
import type { Database } from '../../platform/db.ts'
import type { JanelaRelatorio } from '../../platform/relatorios.ts'

export interface LoyaltyPorLoja {
  id_loja: number
  credito_emitido: number
  credito_usado: number
  pontos_ganhos: number
  clientes_ativos: number
}

export interface OpinioesPorLoja {
  id_loja: number
  opinioes: number
  rating1: number | null
  rating2: number | null
  rating3: number | null
}

/** Credit issued and used, per UTC hour ('YYYY-MM-DDTHH'): the back-office folds the hours into Lisbon days. */
export interface LoyaltyPorHora {
  hora: string
  credito_emitido: number
  credito_usado: number
}

const n = (v: unknown) => Number(v ?? 0)

/**
 * The ledger's and the opinions' figures for the back-office's reports (issue 21). Purchases count as they are, and a
 * refund takes back what it returned: credit issued is what purchases added less what refunds withdrew, credit used
 * what purchases took less what refunds gave back. An order's hold on the balance ('reserva', 'libertacao') is not a
 * use: its purchase is. Active customers made at least one purchase in the window.
 */
export function createRelatorioFidelizacao(db: Database) {
  const movimentos = (j: JanelaRelatorio) =>
    db
      .selectFrom('transacoes')
      .where('criado_em', '>=', j.desde)
      .where('criado_em', '<', j.ate)
      .where('id_loja', 'in', j.idsLoja)
      .where('tipo', 'in', ['compra', 'devolucao'])

  const somas = sql<number>`sum(case when tipo = 'compra' then saldo_adicionado else -saldo_removido end)`
  const usos = sql<number>`sum(case when tipo = 'compra' then saldo_removido else -saldo_adicionado end)`

  return {
    async porLoja(j: JanelaRelatorio): Promise<{ lojas: LoyaltyPorLoja[]; clientesAtivos: number }> {
      if (j.idsLoja.length === 0) return { lojas: [], clientesAtivos: 0 }
      const rows = await movimentos(j)
        .select((eb) => [
          'id_loja',
          somas.as('emitido'),
          usos.as('usado'),
          eb.fn.sum('pontos_ganhos').as('pontos'),
          sql<number>`count(distinct case when tipo = 'compra' then utilizador_id end)`.as('clientes'),
        ])
        .groupBy('id_loja')
        .execute()
      const todos = await movimentos(j)
        .where('tipo', '=', 'compra')
        .select(sql<number>`count(distinct utilizador_id)`.as('clientes'))
        .executeTakeFirst()
      return {
        lojas: rows.map((r) => ({
          id_loja: r.id_loja,
          credito_emitido: n(r.emitido),
          credito_usado: n(r.usado),
          pontos_ganhos: n(r.pontos),
          clientes_ativos: n(r.clientes),
        })),
        clientesAtivos: n(todos?.clientes),
      }
    },

    async porHora(j: JanelaRelatorio): Promise<LoyaltyPorHora[]> {
      if (j.idsLoja.length === 0) return []
      const hora = sql<string>`substr(criado_em, 1, 13)`
      const rows = await movimentos(j)
        .select([hora.as('hora'), somas.as('emitido'), usos.as('usado')])
        .groupBy(hora)
        .execute()
      return rows.map((r) => ({ hora: r.hora, credito_emitido: n(r.emitido), credito_usado: n(r.usado) }))
    },

    /** Opinions given in the window, with each criterion's average over those that rated it. */
    async opinioes(j: JanelaRelatorio): Promise<OpinioesPorLoja[]> {
      if (j.idsLoja.length === 0) return []
      const rows = await db
        .selectFrom('opinioes')
        .where('criado_em', '>=', j.desde)
        .where('criado_em', '<', j.ate)
        .where('id_loja', 'in', j.idsLoja)
        .select((eb) => [
          'id_loja',
          eb.fn.countAll<number>().as('opinioes'),
          eb.fn.avg<number>('rating1').as('r1'),
          eb.fn.avg<number>('rating2').as('r2'),
          eb.fn.avg<number>('rating3').as('r3'),
        ])
        .groupBy('id_loja')
        .execute()
      const media = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100)
      return rows.map((r) => ({
        id_loja: r.id_loja,
        opinioes: n(r.opinioes),
        rating1: media(r.r1),
        rating2: media(r.r2),
        rating3: media(r.r3),
      }))
    },
  }
}

export type RelatorioFidelizacao = ReturnType<typeof createRelatorioFidelizacao>
