import type { Insertable, Selectable } from 'kysely'
import type { CarteiraEnviosTable, CarteiraPassesTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

export type Passe = Selectable<CarteiraPassesTable>

/** The wallets' passes, devices and update outbox, on the pool or inside a transaction. */
export function carteiraRepo(db: Database) {
  return {
    /**
     * The customer's pass, its row locked until the transaction ends (PostgreSQL: a write that changes nothing takes
     * the lock; SQLite's single writer already holds it): two changes of one card at once tag it one after the other.
     */
    passeBloqueado: (utilizadorId: number) =>
      db
        .updateTable('carteira_passes')
        .set((eb) => ({ atualizado_em: eb.ref('atualizado_em') }))
        .where('utilizador_id', '=', utilizadorId)
        .returningAll()
        .executeTakeFirst(),

    passeDe: (utilizadorId: number) =>
      db.selectFrom('carteira_passes').selectAll().where('utilizador_id', '=', utilizadorId).executeTakeFirst(),

    passePorSerie: (serie: string) =>
      db.selectFrom('carteira_passes').selectAll().where('serie', '=', serie).executeTakeFirst(),

    /** Makes the customer's pass unless one exists (two first taps at once make one). */
    async criarPasse(values: Insertable<CarteiraPassesTable>): Promise<void> {
      await db
        .insertInto('carteira_passes')
        .values(values)
        .onConflict((oc) => oc.column('utilizador_id').doNothing())
        .execute()
    },

    async alterarPasse(utilizadorId: number, set: Partial<Pick<Passe, 'google' | 'atualizado_em'>>): Promise<void> {
      await db.updateTable('carteira_passes').set(set).where('utilizador_id', '=', utilizadorId).execute()
    },

    pushTokensDe: async (serie: string) =>
      (await db.selectFrom('carteira_dispositivos').select('push_token').where('serie', '=', serie).execute()).map(
        (d) => d.push_token,
      ),

    dispositivo: (dispositivo: string, serie: string) =>
      db
        .selectFrom('carteira_dispositivos')
        .selectAll()
        .where('dispositivo', '=', dispositivo)
        .where('serie', '=', serie)
        .executeTakeFirst(),

    /**
     * The device's passes changed after `desde` (all of them without it), with their update tags. For a tag of the last
     * minute, from a minute ago instead: a change tagged before another may commit after it, and a device holding both
     * passes must not miss it (a pass it already has answers 304).
     */
    seriesDoDispositivo(dispositivo: string, desde: string | null, agora: Date) {
      let q = db
        .selectFrom('carteira_dispositivos as d')
        .innerJoin('carteira_passes as p', 'p.serie', 'd.serie')
        .select(['p.serie', 'p.atualizado_em'])
        .where('d.dispositivo', '=', dispositivo)
      if (desde !== null) {
        const margem = new Date(Math.min(Date.parse(desde), agora.getTime() - 60_000)).toISOString()
        q = q.where('p.atualizado_em', '>', margem)
      }
      return q.execute()
    },

    /**
     * Joins an update already waiting that no sender holds yet (one more would say nothing new), or says there is none.
     * A write, not a read: on PostgreSQL it locks the waiting row until this transaction commits, so a sender claiming
     * it meanwhile waits, and sends once this change is visible (a read would let the sender go first, with the card
     * as it was, and this change would reach no one).
     */
    async juntarAEnvioPorFazer(e: Pick<CarteiraEnviosTable, 'tipo' | 'serie' | 'push_token'>, agora: string) {
      const q = db
        .updateTable('carteira_envios')
        .set({ criado_em: agora })
        .where('tipo', '=', e.tipo)
        .where('serie', '=', e.serie)
        .where('tentativas', '=', 0)
        .where('ativo', '=', 1)
        .where('proxima_em', '<=', agora)
      const r = await (e.push_token === null
        ? q.where('push_token', 'is', null)
        : q.where('push_token', '=', e.push_token)
      ).executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    async enfileirar(envios: Insertable<CarteiraEnviosTable>[]): Promise<void> {
      if (envios.length > 0) await db.insertInto('carteira_envios').values(envios).execute()
    },
  }
}
