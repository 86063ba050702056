import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ClienteProvisorioSchema,
  ClienteSchema,
  CompraSchema,
  DevolucaoRespostaSchema,
  DevolucaoSchema,
  IdentificacaoSchema,
  IdentificarSchema,
  IdParams,
  TransacaoLojaSchema,
} from '../../../shared/fidelizacao.ts'
import { dataResponse } from '../../platform/http.ts'
import { replyIdempotent } from '../../platform/idempotency.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import type { AtorLoja, FidelizacaoService } from './service.ts'

/**
 * The loyalty half of the Store API (STORE-API.md "Loyalty at the till"), on the store surface (its key already checked)
 * or on the staff surface (a paired tablet). `ator` says which key acts, and so which store. `dizCodigoErrado`: a wrong
 * security code is said as such (the staff's tablet) instead of the contract's one answer for every miss.
 */
export function lojaFidelizacaoRoutes(
  service: FidelizacaoService,
  ator: (request: FastifyRequest) => AtorLoja,
  { dizCodigoErrado = false }: { dizCodigoErrado?: boolean } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/clientes/identificar',
      {
        schema: {
          body: IdentificarSchema,
          response: dataResponse(z.object({ cliente: ClienteSchema, identificacao: IdentificacaoSchema })),
        },
      },
      async (request) => ({ data: await service.identificar(ator(request), request.body, { dizCodigoErrado }) }),
    )

    app.post(
      '/compras',
      { schema: { body: CompraSchema, response: dataResponse(z.object({ transacao: TransacaoLojaSchema }), 201) } },
      async (request, reply) => {
        return replyIdempotent(reply, () =>
          service.registarCompra(ator(request), idempotencyKeyOf(request), request.body),
        )
      },
    )

    app.post(
      '/compras/:id/devolucoes',
      { schema: { params: IdParams, body: DevolucaoSchema, response: dataResponse(DevolucaoRespostaSchema, 201) } },
      async (request, reply) => {
        return replyIdempotent(reply, () =>
          service.devolver(
            ator(request),
            idempotencyKeyOf(request),
            request.params.id,
            request.body.valor,
            request.body.produtos,
          ),
        )
      },
    )

    app.post(
      '/clientes',
      { schema: { body: ClienteProvisorioSchema, response: dataResponse(z.object({ cliente: ClienteSchema }), 201) } },
      async (request, reply) => {
        return replyIdempotent(reply, () =>
          service.criarProvisorio(ator(request), idempotencyKeyOf(request), request.body),
        )
      },
    )
  }
}
