import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotificacaoCampanhaSchema } from '../../../shared/admin-notificacoes.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

const NotificacaoAdminSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  texto: z.string(),
  publico: z.string(),
  estado: z.enum(['agendada', 'enviada', 'cancelada']),
  agendada_para: z.string(),
  enviada_em: z.string().nullable(),
  criada_por: z.string().nullable(),
  entrega: z
    .object({ destinatarios: z.number(), push_enviados: z.number(), push_falhados: z.number(), lidas: z.number() })
    .nullable(),
})

/**
 * The notification composer: admins and gestores (a gestor to their restaurants' customers). Registered by
 * doors/admin.ts.
 */
export const notificacoesRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { notificacoes } = service
  const papeis = ['admin', 'gestor'] as const

  app.get(
    '/notificacoes',
    { config: { papeis }, schema: { response: dataResponse(z.array(NotificacaoAdminSchema)) } },
    async (request) => ({ data: await notificacoes.listar(request.staff) }),
  )

  app.get(
    '/notificacoes/restaurantes',
    {
      config: { papeis },
      schema: { response: dataResponse(z.array(z.object({ id: z.number(), nome: z.string() }))) },
    },
    async (request) => ({ data: await notificacoes.restaurantes(request.staff) }),
  )

  app.post(
    '/notificacoes/previsualizar',
    {
      config: { papeis },
      schema: {
        body: NotificacaoCampanhaSchema,
        response: dataResponse(z.object({ destinatarios: z.number(), publico: z.string() })),
      },
    },
    async (request) => ({ data: await notificacoes.previsualizar(request.staff, request.body) }),
  )

  app.post(
    '/notificacoes',
    { config: { papeis }, schema: { body: NotificacaoCampanhaSchema, response: dataResponse(NotificacaoAdminSchema) } },
    async (request) => ({ data: await notificacoes.criar(request.staff, request.body, request.ip) }),
  )

  app.post(
    '/notificacoes/:id/cancelar',
    {
      config: { papeis },
      schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(NotificacaoAdminSchema) },
    },
    async (request) => ({ data: await notificacoes.cancelar(request.staff, Number(request.params.id), request.ip) }),
  )
}
