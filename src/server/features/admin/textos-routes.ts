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
import type { GestaoAdmin } from './textos.ts'

/**
 * The FAQ and the legal contents: admins and gestores (the content is the group's, not a restaurant's, so a
 * gestor's restaurants do not narrow it). Each kind has the same five routes: list, create, edit, publish/unpublish,
 * delete. `/pre-visualizar` answers a text as the app would show it (the same sanitiser). Registered by doors/admin.ts.
 */
export const textosRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const config = { papeis: ['admin', 'gestor'] } as const
  const { textos } = service

  /** The five routes of one kind: list, create, edit, publish/unpublish, delete. */
  function rotas<D, V>(path: string, gestao: GestaoAdmin<D, V>, input: z.ZodType<D>, staff: z.ZodType<V>) {
    app.get(path, { config, schema: { response: dataResponse(z.array(staff)) } }, async () => ({
      data: await gestao.listar(),
    }))

    app.post(path, { config, schema: { body: input, response: dataResponse(staff) } }, async (request) => ({
      data: await gestao.criar(request.staff, request.body as D, request.ip),
    }))

    app.post(
      `${path}/:id`,
      { config, schema: { params: idParams('id'), body: input, response: dataResponse(staff) } },
      async (request) => ({
        data: await gestao.editar(request.staff, Number(request.params.id), request.body as D, request.ip),
      }),
    )

    for (const [acao, publicada] of [
      ['publicar', true],
      ['despublicar', false],
    ] as const) {
      app.post(
        `${path}/:id/${acao}`,
        { config, schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(staff) } },
        async (request) => ({
          data: await gestao.publicar(request.staff, Number(request.params.id), publicada, request.ip),
        }),
      )
    }

    app.post(
      `${path}/:id/apagar`,
      { config, schema: { params: idParams('id'), body: ValueCallSchema, response: noDataResponse } },
      async (request) => {
        await gestao.apagar(request.staff, Number(request.params.id), request.ip)
        return { data: null }
      },
    )
  }

  rotas('/faq/categorias', textos.categorias, CategoriaFaqInputSchema, CategoriaFaqStaffSchema)
  rotas('/faq/perguntas', textos.perguntas, PerguntaFaqInputSchema, PerguntaFaqStaffSchema)
  rotas('/legais', textos.legais, LegalInputSchema, LegalStaffSchema)

  app.post(
    '/pre-visualizar',
    { config, schema: { body: PreVisualizarSchema, response: dataResponse(z.object({ html: z.string() })) } },
    async (request) => ({ data: { html: textos.preVisualizar(request.body.text) } }),
  )
}
