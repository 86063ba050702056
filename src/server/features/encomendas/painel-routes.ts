import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CozinhaSchema, DefinirCozinhaSchema } from '../../../shared/cozinha.ts'
import { ENCOMENDAS_HOJE_MAX, EncomendaHojeSchema } from '../../../shared/pedido.ts'
import { dataResponse } from '../../platform/http.ts'
import type { EncomendasService } from './service.ts'

/**
 * The tablet's own routes beside the board, behind its paired session; the Store API (STORE-API.md) stays as its
 * integrators code against it.
 *
 * The board's 'Hoje' view (`/painel/api/encomendas/hoje`, behind a paired tablet's session): the store's orders of
 * today in every state, newest first, for staff to find one by its number or the customer's name. The kitchen
 * (`/painel/api/cozinha`): 'Ocupada' and the pause of online orders, set from the board (cozinha.ts).
 */
export function painelEncomendasRoutes(pedidos: EncomendasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/encomendas/hoje',
      { schema: { response: dataResponse(z.array(EncomendaHojeSchema).max(ENCOMENDAS_HOJE_MAX)) } },
      async (request) => ({ data: await pedidos.listarHoje(request.painel.idLoja) }),
    )

    // Read by the board every 30 s: the tablet is there, even where its order stream hangs on a dead connection.
    app.get('/cozinha', { schema: { response: dataResponse(CozinhaSchema) } }, async (request) => {
      await pedidos.cozinha.painelVisto(request.painel.idLoja)
      return { data: await pedidos.cozinha.estado(request.painel.idLoja) }
    })

    // A value, not a step (sent twice, the same): POST, as the tablet's client sends its writes.
    app.post(
      '/cozinha',
      { schema: { body: DefinirCozinhaSchema, response: dataResponse(CozinhaSchema) } },
      async (request) => {
        const data = await pedidos.cozinha.definir(request.painel.idLoja, request.body)
        request.log.info({ idLoja: request.painel.idLoja, cozinha: request.body }, 'kitchen set from the board')
        return { data }
      },
    )
  }
}
