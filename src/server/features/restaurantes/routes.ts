import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LojaSchema, RestauranteResumoSchema, RestauranteSchema } from '../../../shared/restaurantes.ts'
import { dataResponse, tagParams } from '../../platform/http.ts'
import type { RestaurantesService } from './service.ts'

export const restaurantesRoutes: FastifyPluginAsyncZod<{ service: RestaurantesService }> = async (app, { service }) => {
  app.get('/api/restaurantes', { schema: { response: dataResponse(z.array(RestauranteResumoSchema)) } }, async () => ({
    data: await service.listRestaurantes(),
  }))

  app.get(
    '/api/restaurantes/:restaurante',
    { schema: { params: tagParams('restaurante'), response: dataResponse(RestauranteSchema) } },
    async (request) => ({ data: await service.getRestaurante(request.params.restaurante) }),
  )

  app.get(
    '/api/restaurantes/:restaurante/lojas/:loja',
    { schema: { params: tagParams('restaurante', 'loja'), response: dataResponse(LojaSchema) } },
    async (request) => ({ data: await service.getLoja(request.params.restaurante, request.params.loja) }),
  )
}
