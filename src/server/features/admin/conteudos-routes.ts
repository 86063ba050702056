import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CampanhaInputSchema, CampanhaStaffSchema } from '../../../shared/campanhas-gestao.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse, noDataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/**
 * Campaigns in the back-office (the news items are in routes.ts; the preview of a text, which both use, is
 * textos-routes.ts' `/pre-visualizar`). Registered by doors/admin.ts beside routes.ts.
 */
export const conteudosRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const papeis = ['admin', 'gestor'] as const

  // Campaigns: admins and gestores (features/conteudos owns them; each change is audited in its transaction).
  const { campanhas } = service

  app.get(
    '/campanhas',
    { config: { papeis }, schema: { response: dataResponse(z.array(CampanhaStaffSchema)) } },
    async () => ({ data: await campanhas.listar() }),
  )

  app.post(
    '/campanhas',
    { config: { papeis }, schema: { body: CampanhaInputSchema, response: dataResponse(CampanhaStaffSchema) } },
    async (request) => ({ data: await campanhas.criar(request.staff, request.body, request.ip) }),
  )

  app.post(
    '/campanhas/:id',
    {
      config: { papeis },
      schema: { params: idParams('id'), body: CampanhaInputSchema, response: dataResponse(CampanhaStaffSchema) },
    },
    async (request) => ({
      data: await campanhas.editar(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )

  for (const [acao, publicada] of [
    ['publicar', true],
    ['despublicar', false],
  ] as const) {
    app.post(
      `/campanhas/:id/${acao}`,
      {
        config: { papeis },
        schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(CampanhaStaffSchema) },
      },
      async (request) => ({
        data: await campanhas.publicar(request.staff, Number(request.params.id), publicada, request.ip),
      }),
    )
  }

  app.post(
    '/campanhas/:id/apagar',
    { config: { papeis }, schema: { params: idParams('id'), body: ValueCallSchema, response: noDataResponse } },
    async (request) => {
      await campanhas.apagar(request.staff, Number(request.params.id), request.ip)
      return { data: null }
    },
  )
}
