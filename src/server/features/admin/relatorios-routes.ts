import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { RelatorioQuerySchema, RelatorioSchema, TABELAS_RELATORIO } from '../../../shared/admin-relatorios.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/**
 * Reports: admins and gestores (of their restaurants). The page reads the report as JSON; each table is
 * also a CSV download (an attachment, never cached, like every answer of this door).
 */
export const relatoriosRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { relatorios } = service
  const papeis = ['admin', 'gestor'] as const

  app.get(
    '/relatorios',
    { config: { papeis }, schema: { querystring: RelatorioQuerySchema, response: dataResponse(RelatorioSchema) } },
    async (request) => ({ data: await relatorios.gerar(request.staff, request.query) }),
  )

  app.get(
    '/relatorios/csv/:tabela',
    {
      config: { papeis },
      schema: { params: z.object({ tabela: z.enum(TABELAS_RELATORIO) }), querystring: RelatorioQuerySchema },
    },
    async (request, reply) => {
      const { nome, corpo } = await relatorios.csv(request.staff, request.query, request.params.tabela)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nome}"`)
        .send(corpo)
    },
  )
}
