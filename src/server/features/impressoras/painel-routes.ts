import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { EstadoImpressoraSchema, ReimpressaoSchema } from '../../../shared/impressora.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import { replyIdempotent } from '../../platform/idempotency.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import type { ImpressorasService } from './service.ts'

/**
 * The kitchen printer on the board, behind a paired tablet's session (decision 0043): its state for the tablet's store
 * (`GET /painel/api/impressora`, read every few seconds), and a reprint of one of its orders' tickets
 * (`POST /painel/api/encomendas/{id}/reimprimir`), a step like the board's others: an Idempotency-Key per attempt,
 * limited per store key.
 */
export function painelImpressorasRoutes(impressoras: ImpressorasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/impressora', { schema: { response: dataResponse(EstadoImpressoraSchema) } }, async (request) => ({
      data: await impressoras.estado(request.painel.idLoja),
    }))

    app.post(
      '/encomendas/:id/reimprimir',
      {
        schema: {
          params: idParams('id'),
          body: z.strictObject({}),
          response: dataResponse(ReimpressaoSchema),
        },
      },
      async (request, reply) => {
        const { chaveId, idLoja } = request.painel
        const resposta = await replyIdempotent(reply, () =>
          impressoras.reimprimir({ chaveId, idLoja }, idempotencyKeyOf(request), request.params.id),
        )
        request.log.info({ idLoja, encomenda: request.params.id }, 'kitchen ticket reprint asked from the board')
        return resposta
      },
    )
  }
}
