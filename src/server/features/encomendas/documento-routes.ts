import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DocumentoFiscalSchema } from '../../../shared/documentos.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import { replyIdempotent } from '../../platform/idempotency.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import type { AtorLoja, EncomendasService } from './service.ts'

/**
 * `PUT /encomendas/{id}/documento` (STORE-API.md "Invoices"): the POS's invoice or credit note for an app order, on the
 * Store API only (the counter's tablet issues no documents). The body is read by the service, whole, so that a bad one
 * is the contract's 422 naming its fields (the OpenAPI document states its shape: operations-store.ts).
 */
export function lojaDocumentosEncomendasRoutes(
  pedidos: EncomendasService,
  ator: (request: FastifyRequest) => AtorLoja,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/encomendas/:id/documento',
      {
        schema: {
          params: idParams('id'),
          body: z.unknown(),
          response: dataResponse(z.object({ documento: DocumentoFiscalSchema })),
        },
      },
      async (request, reply) =>
        replyIdempotent(reply, () =>
          pedidos.registarDocumento(ator(request), idempotencyKeyOf(request), request.params.id, request.body),
        ),
    )
  }
}
