import type { Database } from '../../platform/db.ts'

export function createRestaurantesRepository(db: Database) {
  return {
    listRestaurantes() {
      return db.selectFrom('restaurantes').selectAll().orderBy('posicao').orderBy('id').execute()
    },

    findRestauranteByTag(tag: string) {
      return db.selectFrom('restaurantes').selectAll().where('tag', '=', tag).executeTakeFirst()
    },

    listLojas(restauranteIds: number[]) {
      if (restauranteIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('lojas')
        .selectAll()
        .where('restaurante_id', 'in', restauranteIds)
        .orderBy('posicao')
        .orderBy('id')
        .execute()
    },

    findLoja(restauranteId: number, tag: string) {
      return db
        .selectFrom('lojas')
        .selectAll()
        .where('restaurante_id', '=', restauranteId)
        .where('tag', '=', tag)
        .executeTakeFirst()
    },

    /** Every store by its POS id, with its restaurant's name (what ledger rows and opinion forms name). */
    listLojasComRestaurante() {
      return db
        .selectFrom('lojas')
        .innerJoin('restaurantes', 'restaurantes.id', 'lojas.restaurante_id')
        .select(['lojas.id_loja', 'lojas.name as nome', 'restaurantes.name as restaurante'])
        .orderBy('restaurantes.posicao')
        .orderBy('lojas.posicao')
        .orderBy('lojas.id')
        .execute()
    },

    listMenus(lojaId: number) {
      return db
        .selectFrom('loja_menus')
        .select(['id', 'titulo', 'imagem_pequena', 'imagem'])
        .where('loja_id', '=', lojaId)
        .orderBy('posicao')
        .orderBy('id')
        .execute()
    },
  }
}

export type RestaurantesRepository = ReturnType<typeof createRestaurantesRepository>
