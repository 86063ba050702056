import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CatalogoSchema, EstadoLojaSchema, LojaEncomendaSchema } from '../../../shared/catalogo.ts'
import { LOJA_NAO_EXISTE } from '../../../shared/catalogo-ecra.ts'
import { IdLojaSchema } from '../../../shared/encomenda.ts'
import { replyFromCache } from '../../platform/cached-reply.ts'
import { notFound } from '../../platform/errors.ts'
import { dataResponse } from '../../platform/http.ts'
import type { ReadCache } from '../../platform/read-cache.ts'
import { CATALOGO_CACHE_TAG, type CatalogoService } from './catalogo.ts'

const IdLojaParams = z.object({ id_loja: IdLojaSchema })

/** The catalogue's public reads for the app: the stores that take orders, a store's state today, its catalogue. */
export const catalogoRoutes: FastifyPluginAsyncZod<{ catalogo: CatalogoService; cache: ReadCache }> = async (
  app,
  { catalogo, cache },
) => {
  // Whether a store is open changes with the clock: asked each time (one small query), never cached.
  app.get('/api/lojas-encomenda', { schema: { response: dataResponse(z.array(LojaEncomendaSchema)) } }, async () => ({
    data: await catalogo.listLojasEncomenda(),
  }))

  // Any store's closure or pause of today, for its page (whose own read is cached content): it changes with the clock,
  // so neither this server nor a browser or proxy keeps it.
  app.get(
    '/api/lojas/:id_loja/estado',
    { schema: { params: IdLojaParams, response: dataResponse(EstadoLojaSchema) } },
    async ({ params }, reply) => {
      const estado = await catalogo.estadoLoja(params.id_loja)
      if (!estado) throw notFound(LOJA_NAO_EXISTE)
      reply.header('cache-control', 'no-cache')
      return { data: estado }
    },
  )

  // The same for every customer: from the read cache, forgotten when the store's POS sends a new menu or a product's
  // sold-out mark changes, and at midnight in Lisbon (today's sold-out products are back).
  app.get(
    '/api/catalogo/:id_loja',
    { compress: false, schema: { params: IdLojaParams, response: dataResponse(CatalogoSchema) } },
    ({ params }, reply) =>
      replyFromCache(
        reply,
        cache,
        { key: `catalogo/${params.id_loja}`, tags: [CATALOGO_CACHE_TAG], until: () => catalogo.catalogoValidoAte() },
        async () => ({ data: await catalogo.catalogo(params.id_loja) }),
      ),
  )
}
