import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CategoriaFaqInputSchema,
  CategoriaFaqStaffSchema,
  LegalInputSchema,
  LegalStaffSchema,
  PerguntaFaqInputSchema,
  PerguntaFaqStaffSchema,
  PreVisualizarSchema,
} from '../../../shared/admin-textos.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse, noDataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/**
 * The FAQ and the legal contents (issue 21): admins and gestores (the content is the group's, not a restaurant's, so a
 * gestor's restaurants do not narrow it). Each kind has the same five routes: list, create, edit, publish/unpublish,
 * delete. `/pre-visualizar` answers a text as the app would show it (the same sanitiser). Registered by doors/admin.ts.
 */
export const textosRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const config = { papeis: ['admin', 'gestor'] } as const
  const { textos } = service

  const kinds = [
    ['/faq/categorias', textos.categorias, CategoriaFaqInputSchema, CategoriaFaqStaffSchema],
    ['/faq/perguntas', textos.perguntas, PerguntaFaqInputSchema, PerguntaFaqStaffSchema],
    ['/legais', textos.legais, LegalInputSchema, LegalStaffSchema],
  ] as const

  for (const [path, gestao, input, staff] of kinds) {
    // One shape for the three: the schemas check the bodies, the service's types follow them.
    type G = {
      listar: () => Promise<unknown[]>
      criar: (...a: unknown[]) => Promise<unknown>
      editar: (...a: unknown[]) => Promise<unknown>
      publicar: (...a: unknown[]) => Promise<unknown>
      apagar: (...a: unknown[]) => Promise<void>
    }
    const g = gestao as unknown as G
    const staffSchema = staff as z.ZodType

    app.get(path, { config, schema: { response: dataResponse(z.array(staffSchema)) } }, async () => ({
      data: await g.listar(),
    }))

    app.post(
      path,
      { config, schema: { body: input as z.ZodType, response: dataResponse(staffSchema) } },
      async (request) => ({ data: await g.criar(request.staff, request.body, request.ip) }),
    )

    app.post(
      `${path}/:id`,
      { config, schema: { params: idParams('id'), body: input as z.ZodType, response: dataResponse(staffSchema) } },
      async (request) => ({ data: await g.editar(request.staff, Number(request.params.id), request.body, request.ip) }),
    )

    for (const [acao, publicada] of [
      ['publicar', true],
      ['despublicar', false],
    ] as const) {
      app.post(
        `${path}/:id/${acao}`,
        { config, schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(staffSchema) } },
        async (request) => ({
          data: await g.publicar(request.staff, Number(request.params.id), publicada, request.ip),
        }),
      )
    }

    app.post(
      `${path}/:id/apagar`,
      { config, schema: { params: idParams('id'), body: ValueCallSchema, response: noDataResponse } },
      async (request) => {
        await g.apagar(request.staff, Number(request.params.id), request.ip)
        return { data: null }
      },
    )
  }

  app.post(
    '/pre-visualizar',
    { config, schema: { body: PreVisualizarSchema, response: dataResponse(z.object({ html: z.string() })) } },
    async (request) => ({ data: { html: textos.preVisualizar(request.body.text) } }),
  )
}
