import { EMBALAGENS, type Embalagem } from '../../../shared/embalagens.ts'
import type { Database } from '../../platform/db.ts'

/** The back-office's marks on a product (decision 0037): sold to adults only, and its take-away packaging. */
export interface MarcaProduto {
  alcoolico: boolean
  /** Null: not said (the POS's `embalagem`, if any, is what counts). */
  embalagem: Embalagem | null
}

/** A stored packaging read back: a value it does not name (a column edited by hand) is none, never a throw. */
const lerEmbalagem = (v: string | null): Embalagem | null =>
  (EMBALAGENS as readonly string[]).includes(v ?? '') ? (v as Embalagem) : null

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

    /** The products of the store sold out on `dia` (its Lisbon date, YYYY-MM-DD), by code. */
    async listEsgotados(idLoja: number, dia: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('ementas_esgotados')
        .select('cod_produto')
        .where('id_loja', '=', idLoja)
        .where('dia', '=', dia)
        .execute()
      return new Set(rows.map((r) => r.cod_produto))
    },

    /** Marks a product sold out for `dia` (null: orderable again); one row per product of a store. */
    async setEsgotado(idLoja: number, codProduto: string, dia: string | null, agora: string): Promise<void> {
      if (dia === null) {
        await db
          .deleteFrom('ementas_esgotados')
          .where('id_loja', '=', idLoja)
          .where('cod_produto', '=', codProduto)
          .execute()
        return
      }
      await db
        .insertInto('ementas_esgotados')
        .values({ id_loja: idLoja, cod_produto: codProduto, dia, marcado_em: agora })
        .onConflict((oc) => oc.columns(['id_loja', 'cod_produto']).doUpdateSet({ dia, marcado_em: agora }))
        .execute()
    },

    /** The back-office's marks on the store's products, by code. */
    async listMarcas(idLoja: number): Promise<Map<string, MarcaProduto>> {
      const rows = await db
        .selectFrom('ementas_produtos_marcas')
        .select(['cod_produto', 'alcoolico', 'embalagem'])
        .where('id_loja', '=', idLoja)
        .execute()
      return new Map(
        rows.map((r) => [r.cod_produto, { alcoolico: r.alcoolico === 1, embalagem: lerEmbalagem(r.embalagem) }]),
      )
    },

    /** Sets a product's marks; none left (not alcoholic, packaging not said): its row goes. */
    async setMarca(idLoja: number, codProduto: string, marca: MarcaProduto, agora: string): Promise<void> {
      if (!marca.alcoolico && marca.embalagem === null) {
        await db
          .deleteFrom('ementas_produtos_marcas')
          .where('id_loja', '=', idLoja)
          .where('cod_produto', '=', codProduto)
          .execute()
        return
      }
      const values = { alcoolico: marca.alcoolico ? 1 : 0, embalagem: marca.embalagem, atualizado_em: agora }
      await db
        .insertInto('ementas_produtos_marcas')
        .values({ id_loja: idLoja, cod_produto: codProduto, ...values })
        .onConflict((oc) => oc.columns(['id_loja', 'cod_produto']).doUpdateSet(values))
        .execute()
    },

    /** The stores (POS ids) that have a menu, by POS id. */
    async listIdsLojaComEmenta(): Promise<number[]> {
      const rows = await db.selectFrom('ementas').select('id_loja').orderBy('id_loja').execute()
      return rows.map((r) => r.id_loja)
    },
  }
}

export type CatalogoRepository = ReturnType<typeof createCatalogoRepository>
