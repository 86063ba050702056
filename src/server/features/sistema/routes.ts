import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type Database, type Dialect, isReachable } from '../../platform/db.ts'
import { errorBody, notFound } from '../../platform/errors.ts'

const ImageNameSchema = z.object({ nome: z.string().regex(/^[a-z0-9-]{1,100}\.(svg|png|jpg|webp)$/) })

/** Health for load balancers and monitors, and the images stored in the database. */
export const sistemaRoutes: FastifyPluginAsyncZod<{ db: Database; dialect: Dialect }> = async (
  app,
  { db, dialect },
) => {
  app.get('/api/health', async (_request, reply) => {
    if (await isReachable(db)) return { data: { status: 'ok', database: dialect } }
    return reply.status(503).send(errorBody('Indisponível', 'A base de dados não está acessível.'))
  })

  app.get('/imagens/:nome', { schema: { params: ImageNameSchema } }, async (request, reply) => {
    const image = await db
      .selectFrom('imagens')
      .select(['tipo', 'conteudo'])
      .where('nome', '=', request.params.nome)
      .executeTakeFirst()
    if (!image) throw notFound('Esta imagem não existe.')
    return reply
      .type(image.tipo)
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(image.conteudo)
  })
}
