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

    /** Stores by their POS id (all, or those of `idsLoja`), with their restaurant's name. */
    listLojasComRestaurante(idsLoja?: number[]) {
      if (idsLoja?.length === 0) return Promise.resolve([])
      let query = db
        .selectFrom('lojas')
        .innerJoin('restaurantes', 'restaurantes.id', 'lojas.restaurante_id')
        .select([
          'lojas.id_loja',
          'lojas.name as nome',
          'restaurantes.name as restaurante',
          'lojas.restaurante_id',
          'lojas.regiao',
        ])
        .orderBy('restaurantes.posicao')
        .orderBy('lojas.posicao')
        .orderBy('lojas.id')
      if (idsLoja) query = query.where('lojas.id_loja', 'in', idsLoja)
      return query.execute()
    },

    /** Stores by their POS id, with where they are and when they take orders from the app. */
    listLojasEncomenda(idsLoja: number[]) {
      if (idsLoja.length === 0) return Promise.resolve([])
      return db
        .selectFrom('lojas')
        .select([
          'id_loja',
          'name',
          'latitude',
          'longitude',
          'horario_encomendas',
          'encomendas_pausa_em',
          'encomendas_pausa_ate',
          'preco_take_away',
          'preco_na_loja',
          'empresa',
          'nipc',
          'regiao',
          'address',
          'postal_code',
          'city',
          'ocupada_minutos',
          'ocupada_ate',
          'painel_visto_em',
          'capacidade_intervalo',
          'mesas',
          'metodos_pagamento',
        ])
        .where('id_loja', 'in', idsLoja)
        .orderBy('id_loja')
        .execute()
    },

    /** Stores with their restaurant and the pause of their online orders: all, or those of `filtro`. */
    listLojasPausa(filtro: { restaurantes?: number[]; idsLoja?: number[] } = {}) {
      if (filtro.restaurantes?.length === 0 || filtro.idsLoja?.length === 0) return Promise.resolve([])
      let query = db
        .selectFrom('lojas')
        .innerJoin('restaurantes', 'restaurantes.id', 'lojas.restaurante_id')
        .select([
          'lojas.id_loja',
          'lojas.name as nome',
          'lojas.restaurante_id',
          'restaurantes.name as restaurante',
          'lojas.horario_encomendas',
          'lojas.encomendas_pausa_em',
          'lojas.encomendas_pausa_ate',
          'lojas.regiao',
          'lojas.painel_visto_em',
          'lojas.mesas',
        ])
        .orderBy('restaurantes.posicao')
        .orderBy('lojas.posicao')
        .orderBy('lojas.id')
      if (filtro.restaurantes) query = query.where('lojas.restaurante_id', 'in', filtro.restaurantes)
      if (filtro.idsLoja) query = query.where('lojas.id_loja', 'in', filtro.idsLoja)
      return query.execute()
    },

    async updatePausa(idLoja: number, pausa: { em: string | null; ate: string | null }) {
      await db
        .updateTable('lojas')
        .set({ encomendas_pausa_em: pausa.em, encomendas_pausa_ate: pausa.ate })
        .where('id_loja', '=', idLoja)
        .execute()
    },

    async updateOcupada(idLoja: number, ocupada: { minutos: number; ate: string | null }) {
      await db
        .updateTable('lojas')
        .set({ ocupada_minutos: ocupada.minutos, ocupada_ate: ocupada.ate })
        .where('id_loja', '=', idLoja)
        .execute()
    },

    /** The store no longer waits for a board until one is seen again (resumed by hand from the back-office). */
    async clearPainelVisto(idLoja: number) {
      await db.updateTable('lojas').set({ painel_visto_em: null }).where('id_loja', '=', idLoja).execute()
    },

    /** Marks the store's board there at `agora`, unless it was marked after `desde` (one write a minute, not a poll's). */
    async updatePainelVisto(idLoja: number, agora: string, desde: string) {
      await db
        .updateTable('lojas')
        .set({ painel_visto_em: agora })
        .where('id_loja', '=', idLoja)
        .where((eb) => eb.or([eb('painel_visto_em', 'is', null), eb('painel_visto_em', '<', desde)]))
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

    /** The closures of the stores of `idsLoja` not ended before `desde` (YYYY-MM-DD), the earliest first. */
    listEncerramentos(idsLoja: number[], desde: string) {
      if (idsLoja.length === 0) return Promise.resolve([])
      return db
        .selectFrom('lojas_encerramentos')
        .select(['id', 'id_loja', 'de', 'ate', 'motivo'])
        .where('id_loja', 'in', idsLoja)
        .where('ate', '>=', desde)
        .orderBy('de')
        .orderBy('id')
        .execute()
    },

    async insertEncerramento(e: { id_loja: number; de: string; ate: string; motivo: string | null }, agora: string) {
      const { id } = await db
        .insertInto('lojas_encerramentos')
        .values({ ...e, criado_em: agora })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },

    /** The kitchen printer settings of these stores (features/impressoras). */
    listImpressoras(idsLoja: number[]) {
      if (idsLoja.length === 0) return Promise.resolve([])
      return db
        .selectFrom('lojas')
        .select(['id_loja', 'impressora_endereco', 'impressora_porta', 'regiao'])
        .where('id_loja', 'in', idsLoja)
        .execute()
    },

    /** The secret a store's table codes are signed with (null: none yet). */
    async findSegredoMesas(idLoja: number): Promise<string | null | undefined> {
      const row = await db.selectFrom('lojas').select('mesas_segredo').where('id_loja', '=', idLoja).executeTakeFirst()
      return row?.mesas_segredo
    },

    /** Sets the store's table secret if it has none (two first prints at once keep the first one's). */
    async setSegredoMesasSeVazio(idLoja: number, segredo: string) {
      await db
        .updateTable('lojas')
        .set({ mesas_segredo: segredo })
        .where('id_loja', '=', idLoja)
        .where('mesas_segredo', 'is', null)
        .execute()
    },

    /** Removes a closure of the store; the row removed, or undefined when the store has none of this id. */
    deleteEncerramento(idLoja: number, id: number) {
      return db
        .deleteFrom('lojas_encerramentos')
        .where('id', '=', id)
        .where('id_loja', '=', idLoja)
        .returning(['id', 'id_loja', 'de', 'ate', 'motivo'])
        .executeTakeFirst()
    },
  }
}

export type RestaurantesRepository = ReturnType<typeof createRestaurantesRepository>
