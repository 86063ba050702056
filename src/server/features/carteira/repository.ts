import type { Insertable, Selectable } from 'kysely'
import type { CarteiraEnviosTable, CarteiraPassesTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

export type Passe = Selectable<CarteiraPassesTable>

/** The wallets' passes, devices and update outbox, on the pool or inside a transaction. */
export function carteiraRepo(db: Database) {
  return {
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

    /** The device's passes changed after `desde` (all of them without it), with their update tags. */
    seriesDoDispositivo(dispositivo: string, desde: string | null) {
      let q = db
        .selectFrom('carteira_dispositivos as d')
        .innerJoin('carteira_passes as p', 'p.serie', 'd.serie')
        .select(['p.serie', 'p.atualizado_em'])
        .where('d.dispositivo', '=', dispositivo)
      if (desde !== null) q = q.where('p.atualizado_em', '>', desde)
      return q.execute()
    },

    /** Updates waiting that no sender holds yet: one more of the same would say nothing new. */
    async envioPorFazer(e: Pick<CarteiraEnviosTable, 'tipo' | 'serie' | 'push_token'>, agora: string) {
      const q = db
        .selectFrom('carteira_envios')
        .select('id')
        .where('tipo', '=', e.tipo)
        .where('serie', '=', e.serie)
        .where('tentativas', '=', 0)
        .where('proxima_em', '<=', agora)
      return (
        (await (e.push_token === null
          ? q.where('push_token', 'is', null)
          : q.where('push_token', '=', e.push_token)
        ).executeTakeFirst()) !== undefined
      )
    },

    async enfileirar(envios: Insertable<CarteiraEnviosTable>[]): Promise<void> {
      if (envios.length > 0) await db.insertInto('carteira_envios').values(envios).execute()
    },
  }
}
