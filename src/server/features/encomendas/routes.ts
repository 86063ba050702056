import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CatalogoSchema, LojaEncomendaSchema } from '../../../shared/ementa.ts'
import { CalculaEncomendaSchema, CalculoSchema, IdLojaSchema } from '../../../shared/encomenda.ts'
import { replyFromCache } from '../../platform/cached-reply.ts'
import { dataResponse } from '../../platform/http.ts'
import type { ReadCache } from '../../platform/read-cache.ts'
import type { ContaService } from '../conta/service.ts'
import { CATALOGO_CACHE_TAG, type EncomendasService } from './service.ts'

/** A POS's largest menus (a thousand products, each with its extras and options) fit well within this. */
const EMENTA_BODY_LIMIT = 5 * 1024 * 1024

const IdLojaParams = z.object({ id_loja: IdLojaSchema })

export interface EncomendasRoutesOptions {
  service: EncomendasService
  cache: ReadCache
  conta: Pick<ContaService, 'requireUser' | 'privateData'>
}

/** Ordering's calls for the app (issue 10): the stores that take orders, a store's catalogue, the price of a cart. */
export const encomendasRoutes: FastifyPluginAsyncZod<EncomendasRoutesOptions> = async (
  app,
  { service, cache, conta },
) => {
  // Whether a store is open changes with the clock: asked each time (one small query), never cached.
  app.get('/api/lojas-encomenda', { schema: { response: dataResponse(z.array(LojaEncomendaSchema)) } }, async () => ({
    data: await service.listLojasEncomenda(),
  }))

  // The same for every customer: from the read cache, forgotten when the store's POS sends a new menu.
  app.get(
    '/api/catalogo/:id_loja',
    { compress: false, schema: { params: IdLojaParams, response: dataResponse(CatalogoSchema) } },
    ({ params }, reply) =>
      replyFromCache(reply, cache, { key: `catalogo/${params.id_loja}`, tags: [CATALOGO_CACHE_TAG] }, async () => ({
        data: await service.catalogo(params.id_loja),
      })),
  )

  // Ordering is for signed-in customers (spec §6). Prices come from the menu, never from the app.
  app.post(
    '/api/calcula-encomenda',
    { schema: { body: CalculaEncomendaSchema, response: dataResponse(CalculoSchema) } },
    async (request) => {
      await conta.requireUser(request.sessao)
      const privateData = await conta.privateData(request.sessao)
      const { body } = request
      const { transaction, lines } = await service.calcular(
        { idLoja: body.id_loja, cart: body.cart, usarPremio: body.usar_premio === 1 },
        privateData.user.data?.saldo ?? 0,
      )
      return {
        data: { loyaltyData: { transaction, lines }, orderData: { orderCode: null, status: null }, privateData },
      }
    },
  )
}

/** The Store API's half of ordering (STORE-API.md "Orders from the app"), for the key's own store. */
export function lojaEncomendasRoutes(service: EncomendasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/ementa',
      {
        // A whole menu: hundreds of products with their extras and options, well past the default body limit.
        bodyLimit: EMENTA_BODY_LIMIT,
        // The snapshot is validated by the service, whole, so that a refusal names its first bad field by its path.
        schema: {
          body: z.unknown(),
          response: dataResponse(
            z.object({
              hash: z.string(),
              last_update: z.string(),
              alterada: z.boolean(),
              produtos: z.number().int(),
            }),
          ),
        },
      },
      async (request) => ({ data: await service.importarEmenta(request.chaveLoja.idLoja, request.body) }),
    )
  }
}
