import type { Insertable, Updateable } from 'kysely'
import type { CampanhasTable, NovidadesTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

/** The two tables that share the news-item shape (a campaign also has an end: `listCampanhas`). */
export type ConteudoTable = 'novidades' | 'campanhas'

export function createConteudosRepository(db: Database) {
  return {
    listConteudo(table: ConteudoTable) {
      if (table === 'novidades') {
        // The customer's list: published items only.
        return db
          .selectFrom('novidades')
          .select(['id', 'tag', 'title', 'subtitle', 'destaque', 'image_list'])
          .where('despublicado_em', 'is', null)
          .orderBy('posicao')
          .orderBy('publicado_em', 'desc')
          .execute()
      }
      return db
        .selectFrom(table)
        .select(['id', 'tag', 'title', 'subtitle', 'destaque', 'image_list'])
        .orderBy('posicao')
        .orderBy('publicado_em', 'desc')
        .execute()
    },

    findConteudoByTag(table: ConteudoTable, tag: string) {
      if (table === 'novidades') {
        return db
          .selectFrom('novidades')
          .select(['id', 'tag', 'title', 'title_detail', 'subtitle', 'text', 'destaque', 'image_list', 'image_detail'])
          .select(['publicado_em'])
          .where('tag', '=', tag)
          .where('despublicado_em', 'is', null)
          .executeTakeFirst()
      }
      return db.selectFrom(table).selectAll().where('tag', '=', tag).executeTakeFirst()
    },

    // The back-office's news items: every one, published or not.
    listNovidadesTodas() {
      return db
        .selectFrom('novidades')
        .selectAll()
        .orderBy('posicao')
        .orderBy('publicado_em', 'desc')
        .orderBy('id')
        .execute()
    },

    findNovidade(id: number) {
      return db.selectFrom('novidades').selectAll().where('id', '=', id).executeTakeFirst()
    },

    findNovidadeByTag(tag: string) {
      return db.selectFrom('novidades').select('id').where('tag', '=', tag).executeTakeFirst()
    },

    async insertNovidade(values: Insertable<NovidadesTable>): Promise<number> {
      const row = await db.insertInto('novidades').values(values).returning('id').executeTakeFirstOrThrow()
      return row.id
    },

    async updateNovidade(id: number, values: Updateable<NovidadesTable>) {
      await db.updateTable('novidades').set(values).where('id', '=', id).execute()
    },

    async deleteNovidade(id: number) {
      await db.deleteFrom('novidades').where('id', '=', id).execute()
    },

    /** The campaigns still running at `agora` (ISO-8601 UTC): none whose end has come. */
    listCampanhas(agora: string) {
      return db
        .selectFrom('campanhas')
        .select(['id', 'tag', 'title', 'subtitle', 'destaque', 'image_list', 'termina_em'])
        .where((eb) => eb.or([eb('termina_em', 'is', null), eb('termina_em', '>', agora)]))
        .where('despublicado_em', 'is', null)
        .orderBy('posicao')
        .orderBy('publicado_em', 'desc')
        .execute()
    },

    findCampanhaByTag(tag: string, agora: string) {
      return db
        .selectFrom('campanhas')
        .selectAll()
        .where('tag', '=', tag)
        .where((eb) => eb.or([eb('termina_em', 'is', null), eb('termina_em', '>', agora)]))
        .where('despublicado_em', 'is', null)
        .executeTakeFirst()
    },

    // The back-office's campaigns: every one, published, ended or not.
    listCampanhasTodas() {
      return db
        .selectFrom('campanhas')
        .selectAll()
        .orderBy('posicao')
        .orderBy('publicado_em', 'desc')
        .orderBy('id')
        .execute()
    },

    findCampanha(id: number) {
      return db.selectFrom('campanhas').selectAll().where('id', '=', id).executeTakeFirst()
    },

    findCampanhaIdByTag(tag: string) {
      return db.selectFrom('campanhas').select('id').where('tag', '=', tag).executeTakeFirst()
    },

    async insertCampanha(values: Insertable<CampanhasTable>): Promise<number> {
      const row = await db.insertInto('campanhas').values(values).returning('id').executeTakeFirstOrThrow()
      return row.id
    },

    async updateCampanha(id: number, values: Updateable<CampanhasTable>) {
      await db.updateTable('campanhas').set(values).where('id', '=', id).execute()
    },

    async deleteCampanha(id: number) {
      await db.deleteFrom('campanhas').where('id', '=', id).execute()
    },

    listCategoriasFaq() {
      // The customer's reads: published rows only (the back-office's drafts and those taken off are not shown).
      return db
        .selectFrom('faq_categorias')
        .selectAll()
        .where('despublicado_em', 'is', null)
        .orderBy('posicao')
        .orderBy('id')
        .execute()
    },

    findCategoriaFaqByTag(tag: string) {
      return db
        .selectFrom('faq_categorias')
        .selectAll()
        .where('tag', '=', tag)
        .where('despublicado_em', 'is', null)
        .executeTakeFirst()
    },

    listPerguntas(categoriaIds: number[]) {
      if (categoriaIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('faq_perguntas')
        .selectAll()
        .where('categoria_id', 'in', categoriaIds)
        .where('despublicado_em', 'is', null)
        .orderBy('posicao')
        .orderBy('id')
        .execute()
    },

    listInformacaoLegal() {
      return db
        .selectFrom('informacao_legal')
        .select(['id', 'tag', 'title'])
        .where('despublicado_em', 'is', null)
        .orderBy('posicao')
        .orderBy('id')
        .execute()
    },

    findInformacaoLegalByTag(tag: string) {
      return db
        .selectFrom('informacao_legal')
        .selectAll()
        .where('tag', '=', tag)
        .where('despublicado_em', 'is', null)
        .executeTakeFirst()
    },
  }
}

export type ConteudosRepository = ReturnType<typeof createConteudosRepository>
