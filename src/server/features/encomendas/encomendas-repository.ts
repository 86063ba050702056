import type { Insertable, Selectable, Updateable } from 'kysely'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { ENCOMENDAS_HOJE_MAX, ENCOMENDAS_LOJA_MAX } from '../../../shared/pedido.ts'
import type { EncomendasTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

/** An order from the app, as its row stores it. */
export type Encomenda = Selectable<EncomendasTable>

/** Whose an order is: a customer's, or a guest's (convidados.ts). */
export type Dono = { utilizadorId: number } | { convidadoId: number }

/** Whether the order is this customer's or this guest's. */
export const eDe = (p: Encomenda, dono: Dono) =>
  'utilizadorId' in dono ? p.utilizador_id === dono.utilizadorId : p.convidado_id === dono.convidadoId

/** Orders from the app, on the pool or inside a transaction. */
export function encomendasRepo(db: Database) {
  /** The store's orders that reached its board (paid), with what the day's list shows of each. */
  const paraODia = (idLoja: number) =>
    db
      .selectFrom('encomendas')
      .select(['id', 'estado', 'criada_em', 'id_tipo_entrega', 'nome', 'total'])
      .where('id_loja', '=', idLoja)
      .where('paga_em', 'is not', null)

  return {
    find(id: number) {
      return db.selectFrom('encomendas').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** The order a customer's or a guest's Idempotency-Key made. */
    findPorChave(dono: Dono, chave: string) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where((eb) =>
          'utilizadorId' in dono
            ? eb('utilizador_id', '=', dono.utilizadorId)
            : eb('convidado_id', '=', dono.convidadoId),
        )
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

    async insert(values: Insertable<EncomendasTable>): Promise<Encomenda> {
      return db.insertInto('encomendas').values(values).returningAll().executeTakeFirstOrThrow()
    },

    /**
     * Changes an order only if it is still in one of the states `de`: the one writer that finds it there wins, any
     * other (a replayed callback, the minute's reconciliation, a second tap on the board) changes nothing.
     */
    async mudar(
      id: number,
      de: {
        estado?: number[]
        pagamento?: Encomenda['pagamento_estado'][]
        reembolso?: Encomenda['reembolso_estado'][]
        /** Only while no provider request is recorded on it. */
        semPagamentoId?: true
        /**
         * Only if its create call's outcome is unknown: marked so (`pagamento_incerto`), or created at or before this
         * instant (ISO), when no create can still be in flight. An order that may take a request found by its reference.
         */
        incertoOuCriadaAte?: string
        /** Only while this request id is its candidate (`pagamento_candidato`). */
        candidato?: string
        /** Only while it has no candidate: the first one kept is not replaced by another. */
        semCandidato?: true
      },
      values: Updateable<EncomendasTable>,
    ): Promise<boolean> {
      let query = db.updateTable('encomendas').set(values).where('id', '=', id)
      if (de.estado) query = query.where('estado', 'in', de.estado)
      if (de.pagamento) query = query.where('pagamento_estado', 'in', de.pagamento)
      const reembolso = de.reembolso
      if (reembolso) {
        const estados = reembolso.filter((r) => r !== null)
        query = query.where((eb) =>
          eb.or([
            ...(estados.length > 0 ? [eb('reembolso_estado', 'in', estados)] : []),
            ...(reembolso.includes(null) ? [eb('reembolso_estado', 'is', null)] : []),
          ]),
        )
      }
      if (de.semPagamentoId) query = query.where('pagamento_id', 'is', null)
      const ate = de.incertoOuCriadaAte
      if (ate !== undefined) {
        query = query.where((eb) => eb.or([eb('pagamento_incerto', '=', 1), eb('criada_em', '<=', ate)]))
      }
      if (de.candidato !== undefined) query = query.where('pagamento_candidato', '=', de.candidato)
      if (de.semCandidato) query = query.where('pagamento_candidato', 'is', null)
      const result = await query.executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** One more check or refund that settled nothing: looked at again at `quando`. Only if still in the state seen. */
    async adiar(p: Encomenda, quando: string | null): Promise<void> {
      await db
        .updateTable('encomendas')
        .set((eb) => ({ verificar_em: quando, tentativas: eb('tentativas', '+', 1) }))
        .where('id', '=', p.id)
        .where('estado', '=', p.estado)
        .where('pagamento_estado', '=', p.pagamento_estado)
        .where((eb) =>
          p.reembolso_estado === null
            ? eb('reembolso_estado', 'is', null)
            : eb('reembolso_estado', '=', p.reembolso_estado),
        )
        .execute()
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

    /** The customer's orders before the id `antes` (none: the newest), newest first, at most `limite`. */
    listDoCliente(utilizadorId: number, antes: number | undefined, limite: number) {
      let query = db.selectFrom('encomendas').selectAll().where('utilizador_id', '=', utilizadorId)
      if (antes !== undefined) query = query.where('id', '<', antes)
      return query.orderBy('id', 'desc').limit(limite).execute()
    },

    /**
     * A store's paid orders in these states, at most `ENCOMENDAS_LOJA_MAX`: the most recent ones (a store with years of
     * ready or cancelled orders still sees today's), in no particular order (the caller sorts them as due). Paid means
     * it was paid (its purchase written, for a customer): a payment that arrived after the order was given up never reaches the board.
     */
    listLoja(idLoja: number, estados: number[]) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where('id_loja', '=', idLoja)
        .where('estado', 'in', estados)
        .where('paga_em', 'is not', null)
        .orderBy('id', 'desc')
        .limit(ENCOMENDAS_LOJA_MAX)
        .execute()
    },

    /**
     * The store's orders holding a pick-up slot from `desde` on, by slot (ISO instant): any not cancelled (one waiting
     * for its payment holds its place).
     */
    async contarPorLevantamento(idLoja: number, desde: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('encomendas')
        .select(['levantar_em', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('id_loja', '=', idLoja)
        .where('levantar_em', '>=', desde)
        .where('estado', '!=', ESTADO.cancelado)
        .groupBy('levantar_em')
        .execute()
      return new Map(rows.flatMap((r) => (r.levantar_em ? [[r.levantar_em, Number(r.n)]] : [])))
    },

    /**
     * How many orders paid since `desde` wait in the store's kitchen (received or in preparation): a promise's queue.
     * One for a pick-up time after `ate` is not counted yet.
     */
    async contarNaCozinha(idLoja: number, desde: string, ate: string): Promise<number> {
      const { n } = await db
        .selectFrom('encomendas')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id_loja', '=', idLoja)
        .where('estado', 'in', [ESTADO.recebido, ESTADO.emPreparacao])
        .where('paga_em', 'is not', null)
        .where('paga_em', '>=', desde)
        // An order for later is not in the kitchen's way until its hour comes (levantamento.ts).
        .where((eb) => eb.or([eb('levantar_em', 'is', null), eb('levantar_em', '<=', ate)]))
        .executeTakeFirstOrThrow()
      return Number(n)
    },

    /**
     * The store's orders that reached its board (paid) since `desde`, in any state, newest first: only what the day's
     * list shows (apresentacao.ts `paraHoje`), not their lines.
     */
    listLojaDesde(idLoja: number, desde: string) {
      return paraODia(idLoja)
        .where('criada_em', '>=', desde)
        .orderBy('criada_em', 'desc')
        .orderBy('id', 'desc')
        .limit(ENCOMENDAS_HOJE_MAX)
        .execute()
    },

    /** Of `ids`, the store's orders that reached its board and were not cancelled, as the day's list shows them. */
    listLojaPorIds(idLoja: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([])
      return paraODia(idLoja).where('id', 'in', ids).where('estado', '!=', ESTADO.cancelado).execute()
    },

    /**
     * Orders due for the reconciliation (a payment or refund not settled, a cancellation to confirm), those due longest
     * ago first: an order that settles nothing goes to the back, so stuck ones never starve the others.
     */
    listPorResolver(agora: string, limite: number) {
      return db
        .selectFrom('encomendas')
        .selectAll()
        .where('verificar_em', 'is not', null)
        .where('verificar_em', '<=', agora)
        .orderBy('verificar_em', 'asc')
        .orderBy('id', 'asc')
        .limit(limite)
        .execute()
    },
  }
}
