import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AjusteSchema,
  ClienteAdminSchema,
  ClienteDetalheSchema,
  ClientesQuery,
  DefinirPerfilSchema,
  EncomendaAdminSchema,
  EsquecerClienteSchema,
  MovimentoAdminSchema,
  MovimentosQuery,
  OpiniaoAdminSchema,
  OpinioesAdminSchema,
  OpinioesQuery,
  PerfilDadosSchema,
  PerfilSchema,
} from '../../../shared/admin-pessoas.ts'
import { paginaSchema } from '../../../shared/admin-tabelas.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

const AjusteFeitoSchema = z.object({
  movimento: z.number(),
  saldo: z.number(),
  pontos: z.number(),
  motivo: z.string().nullable(),
  saldo_actual: z.number(),
  pontos_actual: z.number(),
  itens_actual: z.number(),
})
const ok = dataResponse(z.object({ ok: z.literal(true) }))

/**
 * People and loyalty. Roles: every staff member finds customers (numbers masked) and sends a provisional
 * account's SMS again (the till makes those accounts); only admins move money or points by hand, erase an account,
 * and name and give profiles; opinions are the admins' (all) and the gestores' (their restaurants'). Registered by
 * doors/admin.ts beside routes.ts.
 */
export const pessoasRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { pessoas } = service
  // 'Clientes' is every role's (src/shared/admin-seccoes.ts), each within its reach (alcance-clientes.ts: 404 outside
  // it); a store account sees its own store's part of a customer, a gestor their restaurants'. A provisional account's
  // password is resent by an admin or the store that made it; gestores make none.
  const todos = { papeis: ['admin', 'gestor', 'loja'] } as const
  const reenviar = { papeis: ['admin', 'loja'] } as const
  const admin = { papeis: ['admin'] } as const
  const cliente = idParams('id')

  app.get(
    '/clientes',
    { config: todos, schema: { querystring: ClientesQuery, response: dataResponse(paginaSchema(ClienteAdminSchema)) } },
    async (request) => ({ data: await pessoas.clientes(request.staff, request.query) }),
  )

  app.get(
    '/clientes/:id',
    { config: todos, schema: { params: cliente, response: dataResponse(ClienteDetalheSchema) } },
    async (request) => ({ data: await pessoas.cliente(request.staff, Number(request.params.id)) }),
  )

  app.get(
    '/clientes/:id/movimentos',
    {
      config: todos,
      schema: {
        params: cliente,
        querystring: MovimentosQuery,
        response: dataResponse(paginaSchema(MovimentoAdminSchema)),
      },
    },
    async (request) => ({ data: await pessoas.movimentos(request.staff, Number(request.params.id), request.query) }),
  )

  app.get(
    '/clientes/:id/encomendas',
    { config: todos, schema: { params: cliente, response: dataResponse(z.array(EncomendaAdminSchema)) } },
    async (request) => ({ data: await pessoas.encomendas(request.staff, Number(request.params.id)) }),
  )

  app.get(
    '/clientes/:id/opinioes',
    { config: todos, schema: { params: cliente, response: dataResponse(z.array(OpiniaoAdminSchema)) } },
    async (request) => ({ data: await pessoas.opinioesDoCliente(request.staff, Number(request.params.id)) }),
  )

  app.post(
    '/clientes/:id/ajustes',
    { config: admin, schema: { params: cliente, body: AjusteSchema, response: dataResponse(AjusteFeitoSchema) } },
    async (request) => ({
      data: await pessoas.ajustar(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )

  app.post(
    '/clientes/:id/reenviar-sms',
    { config: reenviar, schema: { params: cliente, body: ValueCallSchema, response: ok } },
    async (request) => {
      await pessoas.reenviarSms(request.staff, Number(request.params.id), request.ip)
      return { data: { ok: true as const } }
    },
  )

  app.post(
    '/clientes/:id/eliminar',
    { config: admin, schema: { params: cliente, body: EsquecerClienteSchema, response: ok } },
    async (request) => {
      await pessoas.esquecer(request.staff, Number(request.params.id), request.ip)
      return { data: { ok: true as const } }
    },
  )

  app.post(
    '/clientes/:id/perfil',
    {
      config: admin,
      schema: { params: cliente, body: DefinirPerfilSchema, response: dataResponse(ClienteAdminSchema) },
    },
    async (request) => ({
      data: await pessoas.definirPerfil(request.staff, Number(request.params.id), request.body.id_perfil, request.ip),
    }),
  )

  app.get('/perfis', { config: todos, schema: { response: dataResponse(z.array(PerfilSchema)) } }, async () => ({
    data: await pessoas.perfis(),
  }))

  app.post(
    '/perfis',
    { config: admin, schema: { body: PerfilDadosSchema, response: dataResponse(PerfilSchema) } },
    async (request) => ({ data: await pessoas.criarPerfil(request.staff, request.body, request.ip) }),
  )

  app.post(
    '/perfis/:id',
    {
      config: admin,
      schema: { params: idParams('id'), body: PerfilDadosSchema, response: dataResponse(PerfilSchema) },
    },
    async (request) => ({
      data: await pessoas.editarPerfil(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )

  app.get(
    '/opinioes',
    {
      config: { papeis: ['admin', 'gestor'] },
      schema: { querystring: OpinioesQuery, response: dataResponse(OpinioesAdminSchema) },
    },
    async (request) => ({ data: await pessoas.opinioes(request.staff, request.query) }),
  )
}
