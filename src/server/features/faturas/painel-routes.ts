import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DocumentoEmFaltaSchema } from '../../../shared/documentos-loja.ts'
import { dataResponse } from '../../platform/http.ts'
import type { FaturasService } from './service.ts'

/**
 * The counter's alarm (`/painel/api/faturas-em-falta`, behind a paired tablet's session): what of its store was paid,
 * refunded or cancelled and still has no document from the POS after the alarm's minutes, for the board's banner.
 */
export function painelFaturasRoutes(faturas: FaturasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/faturas-em-falta',
      {
        schema: {
          response: dataResponse(
            z.object({
              total: z.number().int(),
              minutos: z.number().int(),
              itens: z.array(DocumentoEmFaltaSchema),
            }),
          ),
        },
      },
      async (request) => ({
        data: { ...(await faturas.emFalta(request.painel.idLoja)), minutos: faturas.alarmeMinutos },
      }),
    )
  }
}
