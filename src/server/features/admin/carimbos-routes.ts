import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CartaoCarimbosInputSchema, CartaoCarimbosSchema } from '../../../shared/carimbos.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/** 'Cartões de carimbos' (decision 0057): admins; features/fidelizacao stamps them at each purchase. */
export const carimbosRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const papeis = ['admin'] as const
  const { carimbos } = service

  app.get(
    '/carimbos',
    { config: { papeis }, schema: { response: dataResponse(z.array(CartaoCarimbosSchema)) } },
    async () => ({ data: await carimbos.listar() }),
  )

  app.post(
    '/carimbos',
    { config: { papeis }, schema: { body: CartaoCarimbosInputSchema, response: dataResponse(CartaoCarimbosSchema) } },
    async (request) => ({ data: await carimbos.criar(request.staff, request.body, request.ip) }),
  )

  app.post(
    '/carimbos/:id',
    {
      config: { papeis },
      schema: { params: idParams('id'), body: CartaoCarimbosInputSchema, response: dataResponse(CartaoCarimbosSchema) },
    },
    async (request) => ({
      data: await carimbos.editar(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )
}
