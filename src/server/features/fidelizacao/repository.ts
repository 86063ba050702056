import type { Insertable, Selectable } from 'kysely'
import type { PromocaoAplicada } from '../../../shared/fidelizacao.ts'
import type { AniversarioCliente } from '../../../shared/premios-aniversario.ts'
import type { IdentificacoesTable, TransacoesTable } from '../../db/schema.ts'
import { type Database, lockInTransaction } from '../../platform/db.ts'

export type Movimento = Selectable<TransacoesTable>

/** The ledger and opinions, on the pool or inside a transaction. */
export function fidelizacaoRepo(db: Database) {
  return {
    /**
     * Within a transaction, makes every other writer of this customer's ledger wait until it ends. PostgreSQL: an
     * advisory transaction lock; SQLite: nothing to do, the transaction began IMMEDIATE and holds the file's write lock.
     */
    lockCliente: (utilizadorId: number) => lockInTransaction(db, 'ledger', utilizadorId),

    /** Who made a purchase at any of `idsLoja`, in id order. */
    async clientesDasLojas(idsLoja: number[]): Promise<number[]> {
      if (idsLoja.length === 0) return []
      const rows = await db
        .selectFrom('transacoes')
        .select('utilizador_id')
        .distinct()
        .where('tipo', '=', 'compra')
        .where('id_loja', 'in', idsLoja)
        .orderBy('utilizador_id')
        .execute()
      return rows.map((r) => r.utilizador_id)
    },

    /** The newest movement: its balances after are the customer's balances. */
    ultimoMovimento(utilizadorId: number) {
      return db
        .selectFrom('transacoes')
        .selectAll()
        .where('utilizador_id', '=', utilizadorId)
        .orderBy('sequencia', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    async insertMovimento(values: Insertable<TransacoesTable>): Promise<Movimento> {
      return db.insertInto('transacoes').values(values).returningAll().executeTakeFirstOrThrow()
    },

    /** What each of these purchases earned under promotions (decision 0052), by purchase. */
    async promocoesDe(transacoes: number[]): Promise<Map<number, PromocaoAplicada[]>> {
      const porTransacao = new Map<number, PromocaoAplicada[]>()
      if (transacoes.length === 0) return porTransacao
      const rows = await db
        .selectFrom('transacoes_promocoes')
        .selectAll()
        .where('transacao_id', 'in', [...new Set(transacoes)])
        .orderBy('promocao_id')
        .execute()
      for (const r of rows) {
        const lista = porTransacao.get(r.transacao_id) ?? []
        lista.push({ id: r.promocao_id, nome: r.nome, pontos: r.pontos, credito: r.credito })
        porTransacao.set(r.transacao_id, lista)
      }
      return porTransacao
    },

    async insertIdentificacao(values: Insertable<IdentificacoesTable>): Promise<void> {
      await db.insertInto('identificacoes').values(values).execute()
    },

    /**
     * Spends a store's proof of identification on one purchase: only an unused, unexpired one of this store and this
     * customer. One conditional UPDATE, so two purchases with one proof cannot both take it (PostgreSQL re-checks the
     * row after the first commits; SQLite's write transactions run one at a time). True when it was taken.
     */
    async gastarIdentificacao(p: { tokenHash: string; idLoja: number; utilizadorId: number; agora: string }) {
      const r = await db
        .updateTable('identificacoes')
        .set({ usada_em: p.agora })
        .where('token_hash', '=', p.tokenHash)
        .where('id_loja', '=', p.idLoja)
        .where('utilizador_id', '=', p.utilizadorId)
        .where('expira_em', '>', p.agora)
        .where('usada_em', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    async ligarIdentificacao(tokenHash: string, transacaoId: number) {
      await db
        .updateTable('identificacoes')
        .set({ transacao_id: transacaoId })
        .where('token_hash', '=', tokenHash)
        .execute()
    },

    /** Proofs expired before `antes` (the hourly job): a used one stays linked to its movement only as long. */
    async purgeIdentificacoes(antes: string) {
      await db.deleteFrom('identificacoes').where('expira_em', '<', antes).execute()
    },

    /** The customer's birthday reward unused and usable on `hoje` (decision 0053), with what it gives. */
    async aniversarioDisponivel(utilizadorId: number, hoje: string): Promise<AniversarioCliente | null> {
      const row = await db
        .selectFrom('premios_aniversario as a')
        .innerJoin('premios as p', 'p.id', 'a.premio_id')
        .select(['p.id', 'p.nome', 'p.tipo', 'p.valor', 'p.cod_produto', 'p.imagem', 'a.valido_ate'])
        .where('a.utilizador_id', '=', utilizadorId)
        .where('a.transacao_id', 'is', null)
        .where('a.valido_de', '<=', hoje)
        .where('a.valido_ate', '>=', hoje)
        .orderBy('a.valido_ate')
        .limit(1)
        .executeTakeFirst()
      return row ?? null
    },

    /**
     * Whether a birthday reward is held by an order's checkout (a `reserva`: its payment pending), even one past its
     * last day (a failed payment gives it back until the end of that day).
     */
    async aniversarioReservado(utilizadorId: number, hoje: string): Promise<boolean> {
      const row = await db
        .selectFrom('premios_aniversario as a')
        .innerJoin('transacoes as t', 't.id', 'a.transacao_id')
        .select('a.id')
        .where('a.utilizador_id', '=', utilizadorId)
        .where('t.tipo', '=', 'reserva')
        .where('a.valido_de', '<=', hoje)
        .executeTakeFirst()
      return row !== undefined
    },

    /** A reward's definition, as it was (they are never changed). */
    findPremio(id: number) {
      return db
        .selectFrom('premios')
        .select(['id', 'nome', 'tipo', 'valor', 'finalidade'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    findMovimento(id: number) {
      return db.selectFrom('transacoes').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** What refunds already took back from a purchase. */
    async devolvidoDe(compraId: number): Promise<{ devolvido: number; itensRevertidos: number; devolucoes: number }> {
      const row = await db
        .selectFrom('transacoes')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('valor_devolvido'), eb.lit(0)).as('devolvido'),
          eb.fn.coalesce(eb.fn.sum<number>('itens_revertidos'), eb.lit(0)).as('itensRevertidos'),
          eb.fn.countAll<number>().as('devolucoes'),
        ])
        .where('compra_id', '=', compraId)
        .executeTakeFirstOrThrow()
      return {
        devolvido: Number(row.devolvido),
        itensRevertidos: Number(row.itensRevertidos),
        devolucoes: Number(row.devolucoes),
      }
    },

    /** A customer's movements, newest first, with the opinion each has. */
    listMovimentos(utilizadorId: number, limit: number) {
      return db
        .selectFrom('transacoes')
        .leftJoin('opinioes', 'opinioes.transacao_id', 'transacoes.id')
        .selectAll('transacoes')
        .select('opinioes.id as id_opiniao')
        .where('transacoes.utilizador_id', '=', utilizadorId)
        .orderBy('transacoes.sequencia', 'desc')
        .limit(limit)
        .execute()
    },

    /** Totals over the whole ledger: balance used net of what refunds gave back, credit earned net of what they took. */
    async totais(utilizadorId: number): Promise<{ jaPoupou: number; acumulado: number }> {
      const row = await db
        .selectFrom('transacoes')
        .select((eb) => [
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb
                  .case()
                  .when('tipo', '=', 'compra')
                  .then(eb.ref('saldo_removido'))
                  .when('tipo', '=', 'devolucao')
                  .then(eb.neg(eb.ref('saldo_adicionado')))
                  .else(eb.lit(0))
                  .end(),
              ),
              eb.lit(0),
            )
            .as('jaPoupou'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb
                  .case()
                  .when('tipo', '=', 'compra')
                  .then(eb.ref('saldo_adicionado'))
                  .when('tipo', '=', 'devolucao')
                  .then(eb.neg(eb.ref('saldo_removido')))
                  .else(eb.lit(0))
                  .end(),
              ),
              eb.lit(0),
            )
            .as('acumulado'),
        ])
        .where('utilizador_id', '=', utilizadorId)
        .executeTakeFirstOrThrow()
      return { jaPoupou: Number(row.jaPoupou), acumulado: Number(row.acumulado) }
    },

    /** A store's newest purchases, with what was refunded of each (the till's list). */
    listComprasLoja(idLoja: number, limit: number) {
      return db
        .selectFrom('transacoes as c')
        .selectAll('c')
        .select((eb) =>
          eb
            .selectFrom('transacoes as d')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('d.valor_devolvido'), e.lit(0)).as('s'))
            .whereRef('d.compra_id', '=', 'c.id')
            .as('devolvido'),
        )
        .select((eb) =>
          eb
            .selectFrom('transacoes as d')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('d.compra_id', '=', 'c.id')
            .as('devolucoes'),
        )
        .where('c.id_loja', '=', idLoja)
        .where('c.tipo', '=', 'compra')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute()
    },

    findOpiniaoDaTransacao(transacaoId: number) {
      return db.selectFrom('opinioes').select('id').where('transacao_id', '=', transacaoId).executeTakeFirst()
    },

    async insertOpiniao(values: Insertable<import('../../db/schema.ts').OpinioesTable>) {
      const row = await db.insertInto('opinioes').values(values).returning('id').executeTakeFirstOrThrow()
      return row.id
    },
  }
}

export type FidelizacaoRepo = ReturnType<typeof fidelizacaoRepo>
