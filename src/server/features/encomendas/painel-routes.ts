import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ENCOMENDAS_HOJE_MAX, EncomendaHojeSchema } from '../../../shared/pedido.ts'
import { dataResponse } from '../../platform/http.ts'
import type { EncomendasService } from './service.ts'

/**
 * The board's 'Hoje' view (`/painel/api/encomendas/hoje`, behind a paired tablet's session): the store's orders of
 * today in every state, newest first, for staff to find one by its number or the customer's name. The tablet's own
 * route: the Store API's list (STORE-API.md) stays as its integrators code against it.
 */
export function painelEncomendasRoutes(pedidos: EncomendasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/encomendas/hoje',
      { schema: { response: dataResponse(z.array(EncomendaHojeSchema).max(ENCOMENDAS_HOJE_MAX)) } },
      async (request) => ({ data: await pedidos.listarHoje(request.painel.idLoja) }),
    )
  }
}
