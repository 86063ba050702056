import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isFingerprinted, isImageFileName } from '../../../shared/imagens.ts'
import { type Database, type Dialect, isReachable } from '../../platform/db.ts'
import { errorBody, notFound } from '../../platform/errors.ts'
import { findStoredImage } from '../../platform/images.ts'

const ImageNameSchema = z.object({ nome: z.string().max(200).refine(isImageFileName, 'Nome de imagem inválido') })

/** A fingerprinted name never changes its bytes (src/shared/imagens.ts); an older, plain name may be replaced. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE_DAILY = 'public, max-age=86400'

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
    const { nome } = request.params
    const image = await findStoredImage(db, nome)
    if (!image) throw notFound('Esta imagem não existe.')
    return reply
      .type(image.tipo)
      .header('cache-control', isFingerprinted(nome) ? IMMUTABLE : REVALIDATE_DAILY)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(image.body)
  })
}
