import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PromocaoInputSchema, PromocaoSchema } from '../../../shared/promocoes.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/** 'Promoções' (decision 0052): admins and gestores; features/fidelizacao applies them at each purchase. */
export const promocoesRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const papeis = ['admin', 'gestor'] as const
  const { promocoes } = service

  app.get(
    '/promocoes',
    { config: { papeis }, schema: { response: dataResponse(z.array(PromocaoSchema)) } },
    async () => ({ data: await promocoes.listar() }),
  )

  app.post(
    '/promocoes',
    { config: { papeis }, schema: { body: PromocaoInputSchema, response: dataResponse(PromocaoSchema) } },
    async (request) => ({ data: await promocoes.criar(request.staff, request.body, request.ip) }),
  )

  app.post(
    '/promocoes/:id',
    {
      config: { papeis },
      schema: { params: idParams('id'), body: PromocaoInputSchema, response: dataResponse(PromocaoSchema) },
    },
    async (request) => ({
      data: await promocoes.editar(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )
}
