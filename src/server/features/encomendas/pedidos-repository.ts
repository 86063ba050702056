import type { Insertable, Selectable, Updateable } from 'kysely'
import type { EncomendasTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

export type Pedido = Selectable<EncomendasTable>

/** Orders from the app, on the pool or inside a transaction. */
export function pedidosRepo(db: Database) {
  return {
    find(id: number) {
      return db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirst()
    },

    findPorChave(utilizadorId: number, chave: string) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where('utilizador_id', '=', utilizadorId)
        .where('chave_idempotencia', '=', chave)
        .executeTakeFirst()
    },

    findPorPagamento(provider: string, pagamentoId: string) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where('pagamento_provider', '=', provider)
        .where('pagamento_id', '=', pagamentoId)
        .executeTakeFirst()
    },

    async insert(values: Insertable<EncomendasTable>): Promise<Pedido> {
      return db.insertInto('encomendas').values(values).returningAll().executeTakeFirstOrThrow()
    },

    /**
     * Changes an order only if it is still in one of the states `de`: the one writer that finds it there wins, any
     * other (a replayed callback, the minute's reconciliation, a second tap on the board) changes nothing.
     */
    async mudar(
      id: number,
      de: { estado?: number[]; pagamento?: Pedido['pagamento_estado'][] },
      values: Updateable<EncomendasTable>,
    ): Promise<boolean> {
      let query = db.updateTable('encomendas').set(values).where('id', '=', id)
      if (de.estado) query = query.where('estado', 'in', de.estado)
      if (de.pagamento) query = query.where('pagamento_estado', 'in', de.pagamento)
      const result = await query.executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** A customer's orders still worth showing: not finished, or finished in the last hour. */
    listAtuais(utilizadorId: number, desde: string, limite: number) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where('utilizador_id', '=', utilizadorId)
        .where((eb) => eb.or([eb('estado', 'in', [-3, -1, 1]), eb('atualizada_em', '>=', desde)]))
        .orderBy('id', 'desc')
        .limit(limite)
        .execute()
    },

    /** A store's paid orders in these states, oldest first (the board works through them in order). */
    listLoja(idLoja: number, estados: number[]) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where('id_loja', '=', idLoja)
        .where('estado', 'in', estados)
        .where('pagamento_estado', 'in', ['pago', 'sem-pagamento'])
        .orderBy('id', 'asc')
        .limit(200)
        .execute()
    },

    /** Orders whose payment or refund is not settled yet: what the reconciliation asks the provider about. */
    listPorResolver(limite: number) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where((eb) =>
          eb.or([eb('pagamento_estado', 'in', ['a-pedir', 'pendente']), eb('reembolso_estado', '=', 'a-reembolsar')]),
        )
        .orderBy('id', 'asc')
        .limit(limite)
        .execute()
    },
  }
}
