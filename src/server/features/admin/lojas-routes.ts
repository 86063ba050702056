import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PausarLojaSchema } from '../../../shared/admin-lojas.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

const LojaAdminSchema = z.object({
  id_loja: z.number(),
  nome: z.string(),
  restaurante: z.string(),
  em_pausa: z.boolean(),
  pausa_em: z.string().nullable(),
  pausa_ate: z.string().nullable(),
  sem_painel_desde: z.string().nullable(),
  fuso: z.string(),
  encomendas_app: z.boolean(),
  faturas_em_falta: z.number().int(),
  mesas: z.number().int(),
})

const MesasParaImprimirSchema = z.object({
  loja: z.string(),
  mesas: z.array(z.object({ mesa: z.number().int(), url: z.string() })),
})

/**
 * Stores at work: the stores a staff member may act on (an admin all, a gestor their restaurants', a store
 * its own) and the pause of their online orders. Registered by doors/admin.ts beside routes.ts.
 */
export const lojasRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { lojas } = service
  const papeis = ['admin', 'gestor', 'loja'] as const

  app.get(
    '/lojas',
    { config: { papeis }, schema: { response: dataResponse(z.array(LojaAdminSchema)) } },
    async (request) => ({ data: await lojas.listar(request.staff) }),
  )

  app.post(
    '/lojas/:id_loja/pausa',
    {
      config: { papeis },
      schema: { params: idParams('id_loja'), body: PausarLojaSchema, response: dataResponse(LojaAdminSchema) },
    },
    async (request) => ({
      data: await lojas.pausar(request.staff, Number(request.params.id_loja), request.body.ate, request.ip),
    }),
  )

  // The codes of the store's tables, for its staff to print (the page draws each as a QR code).
  app.get(
    '/lojas/:id_loja/mesas',
    {
      config: { papeis, privada: true },
      schema: { params: idParams('id_loja'), response: dataResponse(MesasParaImprimirSchema) },
    },
    async (request) => ({ data: await lojas.mesas(request.staff, Number(request.params.id_loja)) }),
  )

  app.post(
    '/lojas/:id_loja/retomar',
    {
      config: { papeis },
      schema: { params: idParams('id_loja'), body: ValueCallSchema, response: dataResponse(LojaAdminSchema) },
    },
    async (request) => ({ data: await lojas.retomar(request.staff, Number(request.params.id_loja), request.ip) }),
  )
}
