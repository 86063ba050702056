import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LojaSchema, RestauranteResumoSchema, RestauranteSchema } from '../../../shared/restaurantes.ts'
import { replyFromCache } from '../../platform/cached-reply.ts'
import { dataResponse, tagParams } from '../../platform/http.ts'
import type { ReadCache } from '../../platform/read-cache.ts'
import type { RestaurantesService } from './service.ts'

/**
 * What a writer passes to `ReadCache.invalidate` after changing a restaurant, a store or a menu (after its commit): one
 * tag for all of them, since each answer carries parts of the others (a restaurant its stores, a store its menus).
 */
export const RESTAURANTES_CACHE_TAG = 'restaurantes'

export const restaurantesRoutes: FastifyPluginAsyncZod<{ service: RestaurantesService; cache: ReadCache }> = async (
  app,
  { service, cache },
) => {
  // Answered from the read cache, which keeps their compressed forms too (platform/cached-reply.ts).
  const cached = { compress: false } as const
  const fromCache = (reply: FastifyReply, key: string, load: () => Promise<unknown>) =>
    replyFromCache(reply, cache, { key, tags: [RESTAURANTES_CACHE_TAG] }, async () => ({ data: await load() }))

  app.get(
    '/api/restaurantes',
    { ...cached, schema: { response: dataResponse(z.array(RestauranteResumoSchema)) } },
    (_request, reply) => fromCache(reply, 'restaurantes', service.listRestaurantes),
  )

  app.get(
    '/api/restaurantes/:restaurante',
    { ...cached, schema: { params: tagParams('restaurante'), response: dataResponse(RestauranteSchema) } },
    ({ params }, reply) =>
      fromCache(reply, `restaurante/${params.restaurante}`, () => service.getRestaurante(params.restaurante)),
  )

  app.get(
    '/api/restaurantes/:restaurante/lojas/:loja',
    { ...cached, schema: { params: tagParams('restaurante', 'loja'), response: dataResponse(LojaSchema) } },
    ({ params: { restaurante, loja } }, reply) =>
      fromCache(reply, `loja/${restaurante}/${loja}`, () => service.getLoja(restaurante, loja)),
  )
}
