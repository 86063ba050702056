import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AceitarConviteSchema,
  ADMIN_PATH,
  AlterarPasswordAdminSchema,
  CodigoTotpSchema,
  ConvidarSchema,
  EditarStaffSchema,
  EntrarAdminSchema,
  PAPEIS,
  type Papel,
  PENDENTES,
} from '../../../shared/admin.ts'
import { listagemQuery, POR_PAGINA } from '../../../shared/admin-tabelas.ts'
import { ValueCallSchema } from '../../../shared/conta.ts'
import { NovidadeInputSchema, NovidadeStaffSchema } from '../../../shared/novidades-gestao.ts'
import { IdSchema, idParams, texto } from '../../../shared/validacao.ts'
import { dataResponse, noDataResponse } from '../../platform/http.ts'
import { ADMIN_LIMITES, type Staff } from './context.ts'
import type { AdminService } from './service.ts'

/**
 * The back-office's API (`/admin/api/*`, registered by doors/admin.ts). Every route needs a staff session whose
 * sign-in is complete, unless it says otherwise in its config: `adminAcesso: 'aberto'` (signing in, out, accepting an
 * invitation) or `'pendente'` (the steps of a sign-in: the session, a forced password change, the TOTP enrolment and
 * check); every other route names its roles (`papeis`), which the door checks before anything else of it runs.
 */

export const ADMIN_COOKIE = 'balcao_admin'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an admin route besides a fully signed-in staff member (doors/admin.ts). */
    adminAcesso?: 'aberto' | 'pendente'
    /**
     * The roles a fully signed-in staff member needs for the route (403 for any other). Required of every route that
     * is not `adminAcesso`: the door refuses to register one that names none, so no route is open to every role by
     * omission.
     */
    papeis?: readonly Papel[]
  }
  interface FastifyRequest {
    /** The staff member of the back-office's routes. */
    staff: Staff
  }
}

const SessaoSchema = z.object({
  email: z.string(),
  papel: z.enum(PAPEIS),
  pendente: z.enum(PENDENTES).nullable(),
})

const StaffSchema = z.object({
  id: z.number(),
  email: z.string(),
  papel: z.enum(PAPEIS),
  restaurantes: z.array(z.number()),
  id_loja: z.number().nullable(),
  totp_ativo: z.boolean(),
  mudar_password: z.boolean(),
  convite_pendente: z.boolean(),
  desativado_em: z.string().nullable(),
})

const AuditoriaSchema = z.object({
  total: z.number(),
  pagina: z.number(),
  por_pagina: z.number(),
  itens: z.array(
    z.object({
      id: z.number(),
      utilizador_id: z.number().nullable(),
      email: z.string().nullable(),
      acao: z.string(),
      entidade: z.string(),
      entidade_id: z.string().nullable(),
      antes: z.string().nullable(),
      depois: z.string().nullable(),
      ip: z.string().nullable(),
      criado_em: z.string(),
    }),
  ),
})

const AuditoriaQuery = z
  .object({ utilizador: IdSchema.optional(), acao: texto(60).optional() })
  .extend(listagemQuery(['criado_em', 'acao', 'email']).shape)

const vistaSessao = (staff: Staff) => ({ email: staff.email, papel: staff.papel, pendente: staff.pendente })

export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService; secureCookie: boolean }> = async (
  app,
  { service, secureCookie },
) => {
  const { acesso, equipa } = service
  const setCookie = (reply: FastifyReply, token: string, maxAgeMs: number) =>
    reply.setCookie(ADMIN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: ADMIN_PATH,
      maxAge: Math.floor(maxAgeMs / 1000),
    })
  const ip = (request: FastifyRequest) => request.ip

  app.post(
    '/entrar',
    {
      config: { adminAcesso: 'aberto' },
      schema: { body: EntrarAdminSchema, response: dataResponse(SessaoSchema) },
    },
    async (request, reply) => {
      const { token, staff } = await acesso.entrar(request.body.email, request.body.password, ip(request))
      setCookie(reply, token, ADMIN_LIMITES.sessaoMaxMs)
      return { data: vistaSessao(staff) }
    },
  )

  app.post(
    '/sair',
    { config: { adminAcesso: 'aberto' }, schema: { body: ValueCallSchema, response: noDataResponse } },
    async (request, reply) => {
      const token = request.cookies[ADMIN_COOKIE]
      const staff = token ? await acesso.sessao(token) : undefined
      if (staff) await acesso.sair(staff, ip(request))
      setCookie(reply, '', 0)
      return { data: null }
    },
  )

  app.post(
    '/convite/aceitar',
    { config: { adminAcesso: 'aberto' }, schema: { body: AceitarConviteSchema, response: noDataResponse } },
    async (request) => {
      await equipa.aceitarConvite(request.body.token, request.body.nova, ip(request))
      return { data: null }
    },
  )

  app.get(
    '/sessao',
    { config: { adminAcesso: 'pendente' }, schema: { response: dataResponse(SessaoSchema) } },
    async (request) => ({ data: vistaSessao(request.staff) }),
  )

  app.post(
    '/alterar-password',
    {
      config: { adminAcesso: 'pendente' },
      schema: { body: AlterarPasswordAdminSchema, response: noDataResponse },
    },
    async (request, reply) => {
      const token = await acesso.alterarPassword(request.staff, request.body.atual, request.body.nova, ip(request))
      setCookie(reply, token, ADMIN_LIMITES.sessaoMaxMs)
      return { data: null }
    },
  )

  app.post(
    '/totp/iniciar',
    {
      config: { adminAcesso: 'pendente' },
      schema: {
        body: ValueCallSchema,
        response: dataResponse(z.object({ segredo: z.string(), uri: z.string(), qr: z.string() })),
      },
    },
    async (request) => ({ data: await acesso.iniciarTotp(request.staff, ip(request)) }),
  )

  app.post(
    '/totp/confirmar',
    {
      config: { adminAcesso: 'pendente' },
      schema: {
        body: CodigoTotpSchema,
        response: dataResponse(z.object({ codigos_recuperacao: z.array(z.string()) })),
      },
    },
    async (request) => ({
      data: { codigos_recuperacao: await acesso.confirmarTotp(request.staff, request.body.codigo, ip(request)) },
    }),
  )

  app.post(
    '/totp/verificar',
    { config: { adminAcesso: 'pendente' }, schema: { body: CodigoTotpSchema, response: noDataResponse } },
    async (request, reply) => {
      setCookie(
        reply,
        await acesso.verificarTotp(request.staff, request.body.codigo, ip(request)),
        ADMIN_LIMITES.sessaoMaxMs,
      )
      return { data: null }
    },
  )

  // Admins only: the staff and the audit log.
  app.get(
    '/utilizadores',
    { config: { papeis: ['admin'] }, schema: { response: dataResponse(z.array(StaffSchema)) } },
    async () => ({ data: await equipa.listar() }),
  )

  app.post(
    '/utilizadores',
    {
      config: { papeis: ['admin'] },
      schema: { body: ConvidarSchema, response: dataResponse(StaffSchema.nullable()) },
    },
    async (request) => ({ data: await equipa.convidar(request.staff, request.body, ip(request)) }),
  )

  app.post(
    '/utilizadores/:id/desativar',
    {
      config: { papeis: ['admin'] },
      schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(StaffSchema) },
    },
    async (request) => ({ data: await equipa.desativar(request.staff, Number(request.params.id), ip(request)) }),
  )

  app.post(
    '/utilizadores/:id',
    {
      config: { papeis: ['admin'] },
      schema: { params: idParams('id'), body: EditarStaffSchema, response: dataResponse(StaffSchema) },
    },
    async (request) => ({
      data: await equipa.editar(request.staff, Number(request.params.id), request.body, ip(request)),
    }),
  )

  app.post(
    '/utilizadores/:id/reativar',
    {
      config: { papeis: ['admin'] },
      schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(StaffSchema) },
    },
    async (request) => ({ data: await equipa.reativar(request.staff, Number(request.params.id), ip(request)) }),
  )

  app.get(
    '/auditoria',
    {
      config: { papeis: ['admin'] },
      schema: { querystring: AuditoriaQuery, response: dataResponse(AuditoriaSchema) },
    },
    async (request) => {
      const { utilizador, acao, pagina, ordenar, direcao } = request.query
      return {
        data: await equipa.auditoria({
          ...(utilizador === undefined ? {} : { utilizadorId: Number(utilizador) }),
          ...(acao ? { acao } : {}),
          pagina,
          porPagina: POR_PAGINA,
          ordenar,
          direcao,
        }),
      }
    },
  )

  // News items: admins and gestores (features/conteudos owns them; each change is audited in its transaction).
  const { novidades } = service
  const gestaoConteudos = { papeis: ['admin', 'gestor'] } as const

  app.get(
    '/novidades',
    { config: gestaoConteudos, schema: { response: dataResponse(z.array(NovidadeStaffSchema)) } },
    async () => ({ data: await novidades.listar() }),
  )

  app.post(
    '/novidades',
    { config: gestaoConteudos, schema: { body: NovidadeInputSchema, response: dataResponse(NovidadeStaffSchema) } },
    async (request) => ({ data: await novidades.criar(request.staff, request.body, ip(request)) }),
  )

  app.post(
    '/novidades/:id',
    {
      config: gestaoConteudos,
      schema: { params: idParams('id'), body: NovidadeInputSchema, response: dataResponse(NovidadeStaffSchema) },
    },
    async (request) => ({
      data: await novidades.editar(request.staff, Number(request.params.id), request.body, ip(request)),
    }),
  )

  for (const [acao, publicada] of [
    ['publicar', true],
    ['despublicar', false],
  ] as const) {
    app.post(
      `/novidades/:id/${acao}`,
      {
        config: gestaoConteudos,
        schema: { params: idParams('id'), body: ValueCallSchema, response: dataResponse(NovidadeStaffSchema) },
      },
      async (request) => ({
        data: await novidades.publicar(request.staff, Number(request.params.id), publicada, ip(request)),
      }),
    )
  }

  app.post(
    '/novidades/:id/apagar',
    { config: gestaoConteudos, schema: { params: idParams('id'), body: ValueCallSchema, response: noDataResponse } },
    async (request) => {
      await novidades.apagar(request.staff, Number(request.params.id), ip(request))
      return { data: null }
    },
  )
}
