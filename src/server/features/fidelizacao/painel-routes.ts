import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TransacaoLojaSchema } from '../../../shared/fidelizacao.ts'
import { LojaNomeFusoSchema } from '../../../shared/restaurantes.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AtorLoja, FidelizacaoService } from './service.ts'
import { lojaFidelizacaoRoutes } from './store-routes.ts'

/**
 * The till page's API (`/painel/api/*`, behind a paired tablet's session): the same loyalty calls as the Store API,
 * acting with the key the tablet was paired with (a wrong security code said as such, for the staff to ask again),
 * plus what the page shows (its store, the newest purchases).
 */
export function painelFidelizacaoRoutes(service: FidelizacaoService): FastifyPluginAsyncZod {
  const ator = (request: { painel: { chaveId: number; idLoja: number } }): AtorLoja => ({
    chaveId: request.painel.chaveId,
    idLoja: request.painel.idLoja,
  })
  return async (app) => {
    await app.register(lojaFidelizacaoRoutes(service, ator, { dizCodigoErrado: true }))

    app.get('/loja', { schema: { response: dataResponse(LojaNomeFusoSchema.nullable()) } }, async (request) => ({
      data: (await service.listLojas([request.painel.idLoja]))[0] ?? null,
    }))

    app.get(
      '/compras',
      {
        schema: {
          response: dataResponse(
            z.array(
              TransacaoLojaSchema.extend({
                por_devolver: z.number().int(),
                devolvida: z.boolean(),
                encomenda: z.boolean(),
              }),
            ),
          ),
        },
      },
      async (request) => ({ data: await service.comprasRecentes(ator(request)) }),
    )
  }
}
