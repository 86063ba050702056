import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ChaveCriadaSchema,
  ChaveStaffSchema,
  ChavesPaginaSchema,
  ChavesQuerySchema,
  CriarChaveSchema,
  EtiquetaChaveSchema,
} from '../../../shared/admin-chaves.ts'
import { POR_PAGINA } from '../../../shared/admin-tabelas.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/**
 * Store keys: admins (every store) and gestores (their restaurants' stores); a store's staff are refused
 * (features/admin/chaves.ts says why). Registered by doors/admin.ts.
 */
export const chavesRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { chaves } = service
  const config = { papeis: ['admin', 'gestor'] } as const

  app.get(
    '/chaves',
    { config, schema: { querystring: ChavesQuerySchema, response: dataResponse(ChavesPaginaSchema) } },
    async (request) => {
      const { pagina, ordenar, direcao, id_loja } = request.query
      return {
        data: await chaves.listar(request.staff, {
          pagina,
          porPagina: POR_PAGINA,
          ordenar,
          direcao,
          ...(id_loja === undefined ? {} : { idLoja: id_loja }),
        }),
      }
    },
  )

  app.post(
    '/chaves',
    { config, schema: { body: CriarChaveSchema, response: dataResponse(ChaveCriadaSchema) } },
    async (request) => ({
      data: await chaves.criar(request.staff, request.body.id_loja, request.body.etiqueta, request.ip),
    }),
  )

  app.post(
    '/chaves/:id',
    {
      config,
      schema: { params: idParams('id'), body: EtiquetaChaveSchema, response: dataResponse(ChaveStaffSchema) },
    },
    async (request) => ({
      data: await chaves.renomear(request.staff, Number(request.params.id), request.body.etiqueta, request.ip),
    }),
  )

  app.post(
    '/chaves/:id/revogar',
    { config, schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(ChaveStaffSchema) } },
    async (request) => ({ data: await chaves.revogar(request.staff, Number(request.params.id), request.ip) }),
  )
}
