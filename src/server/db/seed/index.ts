import type { Config } from '../../config.ts'
import type { Database } from '../../platform/db.ts'
import { buildDemoContent } from './content.ts'

export type SeedSettings = Pick<Config, 'LOYALTY_CREDIT_PERCENT' | 'MINIMUM_AGE'>

/** Tables of public content, children before parents (the order rows are deleted in). */
const CONTENT_TABLES = [
  'loja_menus',
  'lojas',
  'restaurantes',
  'faq_perguntas',
  'faq_categorias',
  'informacao_legal',
  'novidades',
  'campanhas',
  'imagens',
] as const

/** Rows per multi-row insert of images (large text values; keeps every statement small on both dialects). */
const IMAGE_BATCH = 20

/**
 * Replaces all public content with the demo group's (the fictional Grupo Ladrilho): restaurants, stores and menus,
 * news, campaigns, FAQ, legal texts and the generated images they show. One transaction: readers see the old content
 * or the new, never a mix. The texts state the configured loyalty credit percent and minimum age.
 */
export async function seedDemoContent(db: Database, settings: SeedSettings): Promise<void> {
  const content = buildDemoContent(settings)
  const agora = new Date().toISOString()
  await db.transaction().execute(async (trx) => {
    for (const table of CONTENT_TABLES) await trx.deleteFrom(table).execute()

    for (let i = 0; i < content.imagens.length; i += IMAGE_BATCH) {
      const batch = content.imagens.slice(i, i + IMAGE_BATCH)
      await trx
        .insertInto('imagens')
        .values(
          batch.map((img) => ({ nome: img.nome, tipo: 'image/svg+xml', conteudo: img.conteudo, atualizado_em: agora })),
        )
        .execute()
    }

    for (const { lojas, ...restaurante } of content.restaurantes) {
      const { id: restauranteId } = await trx
        .insertInto('restaurantes')
        .values(restaurante)
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const { menus, ...loja } of lojas) {
        const { id: lojaId } = await trx
          .insertInto('lojas')
          .values({ ...loja, restaurante_id: restauranteId })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (menus.length > 0) {
          await trx
            .insertInto('loja_menus')
            .values(menus.map((menu) => ({ ...menu, loja_id: lojaId })))
            .execute()
        }
      }
    }

    await trx.insertInto('novidades').values(content.novidades).execute()
    await trx.insertInto('campanhas').values(content.campanhas).execute()

    for (const { perguntas, ...categoria } of content.faq) {
      const { id: categoriaId } = await trx
        .insertInto('faq_categorias')
        .values(categoria)
        .returning('id')
        .executeTakeFirstOrThrow()
      if (perguntas.length > 0) {
        await trx
          .insertInto('faq_perguntas')
          .values(perguntas.map((pergunta) => ({ ...pergunta, categoria_id: categoriaId })))
          .execute()
      }
    }

    await trx.insertInto('informacao_legal').values(content.informacaoLegal).execute()
  })
}

/** First start: an empty database gets the demo content; later starts keep whatever is there. */
export async function seedIfEmpty(db: Database, settings: SeedSettings): Promise<void> {
  const any = await db.selectFrom('restaurantes').select('id').limit(1).executeTakeFirst()
  if (!any) await seedDemoContent(db, settings)
}
