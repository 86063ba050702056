import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  EncerramentoSchema,
  EsgotadoSchema,
  MarcaProdutoSchema,
  RemoverEncerramentoSchema,
} from '../../../shared/admin-ementas.ts'
import { EMBALAGENS } from '../../../shared/embalagens.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

const ProdutoAdminSchema = z.object({
  cod_produto: z.string(),
  nome: z.string(),
  familia: z.string(),
  preco: z.number(),
  esgotado: z.boolean(),
  restrito_pos: z.boolean(),
  alcoolico: z.boolean(),
  embalagem_pos: z.enum(EMBALAGENS).nullable(),
  embalagem: z.enum(EMBALAGENS).nullable(),
  apenas_maiores: z.boolean(),
  embalagem_efetiva: z.enum(EMBALAGENS).nullable(),
})

const EncerramentoAdminSchema = z.object({
  id: z.number(),
  id_loja: z.number(),
  de: z.string(),
  ate: z.string(),
  motivo: z.string().nullable(),
})

/**
 * Menus and closures of the stores at work: a store's products and their sold-out mark for today, their marks (alcohol,
 * packaging), and its closures (holidays, exceptional days). The roles of the stores' pause, scoped the same way (lojas.ts `alcanceDe`).
 * Registered by doors/admin.ts beside lojas-routes.ts.
 */
export const ementasRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { ementas } = service
  const papeis = ['admin', 'gestor', 'loja'] as const
  const loja = idParams('id_loja')

  app.get(
    '/lojas/:id_loja/produtos',
    { config: { papeis }, schema: { params: loja, response: dataResponse(z.array(ProdutoAdminSchema)) } },
    async (request) => ({ data: await ementas.produtos(request.staff, Number(request.params.id_loja)) }),
  )

  app.post(
    '/lojas/:id_loja/esgotados',
    {
      config: { papeis },
      schema: { params: loja, body: EsgotadoSchema, response: dataResponse(ProdutoAdminSchema) },
    },
    async (request) => ({
      data: await ementas.esgotar(
        request.staff,
        Number(request.params.id_loja),
        request.body.cod_produto,
        request.body.esgotado,
        request.ip,
      ),
    }),
  )

  // Sold to adults only, and the take-away packaging (decision 0037): what the POS may not say.
  app.post(
    '/lojas/:id_loja/marcas',
    {
      config: { papeis },
      schema: { params: loja, body: MarcaProdutoSchema, response: dataResponse(ProdutoAdminSchema) },
    },
    async (request) => ({
      data: await ementas.marcar(request.staff, Number(request.params.id_loja), request.body, request.ip),
    }),
  )

  app.get(
    '/lojas/:id_loja/encerramentos',
    { config: { papeis }, schema: { params: loja, response: dataResponse(z.array(EncerramentoAdminSchema)) } },
    async (request) => ({ data: await ementas.encerramentos(request.staff, Number(request.params.id_loja)) }),
  )

  app.post(
    '/lojas/:id_loja/encerramentos',
    {
      config: { papeis },
      schema: { params: loja, body: EncerramentoSchema, response: dataResponse(EncerramentoAdminSchema) },
    },
    async (request, reply) => {
      const data = await ementas.adicionarEncerramento(
        request.staff,
        Number(request.params.id_loja),
        request.body,
        request.ip,
      )
      return reply.code(201).send({ data })
    },
  )

  app.post(
    '/lojas/:id_loja/encerramentos/remover',
    {
      config: { papeis },
      schema: {
        params: loja,
        body: RemoverEncerramentoSchema,
        response: dataResponse(EncerramentoAdminSchema),
      },
    },
    async (request) => ({
      data: await ementas.removerEncerramento(
        request.staff,
        Number(request.params.id_loja),
        request.body.id,
        request.ip,
      ),
    }),
  )
}
