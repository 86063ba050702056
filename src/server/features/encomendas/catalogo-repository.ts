import type { Database } from '../../platform/db.ts'

export interface EmentaGuardada {
  idLoja: number
  hash: string
  lastUpdate: string
  /** The parsed snapshot as JSON (src/shared/ementa.ts; prices in cents). */
  conteudo: string
}

/** The stores' menus from their POS (`ementas`), on the pool or inside a transaction. */
export function createCatalogoRepository(db: Database) {
  return {
    async findEmenta(idLoja: number): Promise<EmentaGuardada | undefined> {
      const row = await db
        .selectFrom('ementas')
        .select(['id_loja', 'hash', 'last_update', 'conteudo'])
        .where('id_loja', '=', idLoja)
        .executeTakeFirst()
      return row && { idLoja: row.id_loja, hash: row.hash, lastUpdate: row.last_update, conteudo: row.conteudo }
    },

    /** The hash of the store's menu: enough to know whether a menu already read is still the current one. */
    async findEmentaHash(idLoja: number): Promise<string | undefined> {
      const row = await db.selectFrom('ementas').select('hash').where('id_loja', '=', idLoja).executeTakeFirst()
      return row?.hash
    },

    /**
     * Puts `ementa` in place of the store's menu, in one statement: two uploads at once leave one whole menu, never a
     * mix. False when the store's menu already has this hash (nothing written).
     */
    async saveEmenta(ementa: EmentaGuardada, agora: string): Promise<boolean> {
      const result = await db
        .insertInto('ementas')
        .values({
          id_loja: ementa.idLoja,
          hash: ementa.hash,
          last_update: ementa.lastUpdate,
          conteudo: ementa.conteudo,
          atualizado_em: agora,
        })
        .onConflict((oc) =>
          oc
            .column('id_loja')
            .doUpdateSet((eb) => ({
              hash: eb.ref('excluded.hash'),
              last_update: eb.ref('excluded.last_update'),
              conteudo: eb.ref('excluded.conteudo'),
              atualizado_em: eb.ref('excluded.atualizado_em'),
            }))
            .where('ementas.hash', '<>', (eb) => eb.ref('excluded.hash')),
        )
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    /** The stores (POS ids) that have a menu, by POS id. */
    async listIdsLojaComEmenta(): Promise<number[]> {
      const rows = await db.selectFrom('ementas').select('id_loja').orderBy('id_loja').execute()
      return rows.map((r) => r.id_loja)
    },
  }
}

export type CatalogoRepository = ReturnType<typeof createCatalogoRepository>
