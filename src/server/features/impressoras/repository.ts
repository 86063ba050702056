import type { Insertable, Updateable } from 'kysely'
import type { ImpressoesTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

/** A settled ticket is never due again: its `proxima_em`, past every claim's `now`. */
export const NUNCA = '9999-12-31T23:59:59.999Z'

/** The kitchen printer's jobs (migration 2026-12-07T0000-impressoes), on the pool or the caller's transaction. */
export function impressoesRepo(db: Database) {
  return {
    /**
     * Queues a ticket; false when the order already has its own ('encomenda', one per order by a unique index): the
     * second payment confirmation, or a retried transaction, adds nothing.
     */
    async inserir(valores: Insertable<ImpressoesTable>): Promise<boolean> {
      const r = await db
        .insertInto('impressoes')
        .values(valores)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      return (r.numInsertedOrUpdatedRows ?? 0n) > 0n
    },

    /** Tickets due now, the oldest first (a store's tickets print in the order they were queued). */
    devidas(agora: string, limite: number) {
      return db
        .selectFrom('impressoes')
        .select(['id', 'encomenda_id', 'id_loja', 'motivo', 'tentativas', 'criado_em', 'falhou_em'])
        .where('estado', '=', 'pendente')
        .where('proxima_em', '<=', agora)
        .orderBy('id')
        .limit(limite)
        .execute()
    },

    /**
     * Holds claimed tickets longer: those of `ids` still claimed until `ate` (by this process: nobody took them over
     * since) are held until `novoAte`. Answers those it holds; the others are no longer this process's to send.
     */
    async prolongar(ids: number[], ate: string, novoAte: string): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const r = await db
        .updateTable('impressoes')
        .set({ proxima_em: novoAte })
        .where('id', 'in', ids)
        .where('estado', '=', 'pendente')
        .where('proxima_em', '=', ate)
        .returning('id')
        .execute()
      return new Set(r.map((x) => x.id))
    },

    /** Writes what an attempt ended in (inside the lease's settle, on its transaction). */
    async atualizar(id: number, valores: Updateable<ImpressoesTable>): Promise<void> {
      await db.updateTable('impressoes').set(valores).where('id', '=', id).execute()
    },

    /**
     * A ticket whose bytes were going out, by this process's mark (`enviado_em`), ends as `valores` say; false when it
     * is no longer that (another process found it in doubt first: printed now, it says so; anything else stays).
     */
    async concluirEnvio(id: number, enviadoEm: string, valores: Updateable<ImpressoesTable>): Promise<boolean> {
      const r = await db
        .updateTable('impressoes')
        .set(valores)
        .where('id', '=', id)
        .where('enviado_em', '=', enviadoEm)
        .where('estado', 'in', valores.estado === 'impresso' ? ['a-enviar', 'incerto'] : ['a-enviar'])
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    /** The store's printer answers again: its tickets waiting after a failure are due now rather than at their wait. */
    async antecipar(idLoja: number, agora: string): Promise<void> {
      await db
        .updateTable('impressoes')
        .set({ proxima_em: agora })
        .where('id_loja', '=', idLoja)
        .where('estado', '=', 'pendente')
        .where('tentativas', '>', 0)
        .where('proxima_em', '>', agora)
        .execute()
    },

    /** Tickets whose bytes began to go before `antes` and were never settled (their sender died): now in doubt. */
    marcarIncertos(antes: string, agora: string, erro: string) {
      return db
        .updateTable('impressoes')
        .set({ estado: 'incerto', concluido_em: agora, erro })
        .where('estado', '=', 'a-enviar')
        .where('enviado_em', '<', antes)
        .returning(['id', 'id_loja', 'encomenda_id'])
        .execute()
    },

    /** A store's tickets queued since `desde`, and any still waiting whatever their age, the oldest first. */
    daLoja(idLoja: number, desde: string) {
      return db
        .selectFrom('impressoes')
        .select(['id', 'encomenda_id', 'estado', 'tentativas', 'criado_em', 'falhou_em', 'concluido_em'])
        .where('id_loja', '=', idLoja)
        .where((eb) => eb.or([eb('criado_em', '>=', desde), eb('estado', 'in', ['pendente', 'a-enviar'])]))
        .orderBy('id')
        .execute()
    },

    /** Settled tickets older than `antes`: they have served the board. */
    async purgar(antes: string): Promise<void> {
      await db
        .deleteFrom('impressoes')
        .where('estado', 'in', ['impresso', 'incerto', 'desistido'])
        .where('concluido_em', '<', antes)
        .execute()
    },
  }
}
