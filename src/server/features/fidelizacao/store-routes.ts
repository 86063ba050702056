import type { FastifyReply, FastifyRequest } from 'fastify'
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
import type { Answer } from '../../platform/idempotency.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import type { AtorLoja, FidelizacaoService } from './service.ts'

/** Sends an idempotent change's answer as it was first given (its status, its body). */
const replyWith = (reply: FastifyReply, answer: Answer) => reply.status(answer.status as 201).send(answer.body as never)

/**
 * The loyalty half of the Store API (STORE-API.md "Loyalty at the till"), on the store surface (its key already checked)
 * or on the staff surface (a paired tablet). `ator` says which key acts, and so which store.
 */
export function lojaFidelizacaoRoutes(
  service: FidelizacaoService,
  ator: (request: FastifyRequest) => AtorLoja,
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
      async (request) => ({ data: await service.identificar(ator(request), request.body) }),
    )

    app.post(
      '/compras',
      { schema: { body: CompraSchema, response: dataResponse(z.object({ transacao: TransacaoLojaSchema }), 201) } },
      async (request, reply) => {
        const answer = await service.registarCompra(ator(request), idempotencyKeyOf(request), request.body)
        return replyWith(reply, answer)
      },
    )

    app.post(
      '/compras/:id/devolucoes',
      { schema: { params: IdParams, body: DevolucaoSchema, response: dataResponse(DevolucaoRespostaSchema, 201) } },
      async (request, reply) => {
        const answer = await service.devolver(
          ator(request),
          idempotencyKeyOf(request),
          request.params.id,
          request.body.valor,
        )
        return replyWith(reply, answer)
      },
    )

    app.post(
      '/clientes',
      { schema: { body: ClienteProvisorioSchema, response: dataResponse(z.object({ cliente: ClienteSchema }), 201) } },
      async (request, reply) => {
        const answer = await service.criarProvisorio(ator(request), idempotencyKeyOf(request), request.body)
        return replyWith(reply, answer)
      },
    )
  }
}
