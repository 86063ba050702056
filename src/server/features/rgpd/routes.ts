import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type PrivateData, PrivateDataSchema, UserDataSchema } from '../../../shared/conta.ts'
import {
  FicheiroPortabilidadeSchema,
  PedidoRgpdSchema,
  ResumoCancelamentoSchema,
  RgpdComunicacaoSchema,
  RgpdConfirmarSchema,
  RgpdEmailSchema,
  RgpdTokenParams,
} from '../../../shared/rgpd.ts'
import { paths } from '../../../shared/routes.ts'
import { dataResponse, noDataResponse } from '../../platform/http.ts'
import type { Sessao, Sessions } from '../../platform/sessions.ts'
import type { RgpdService } from './service.ts'

export interface RgpdRoutesOptions {
  service: RgpdService
  sessions: Sessions
  /** The account's part of the answer to the communication consent (conta), and the session's private data. */
  comunicacao: (sessao: Sessao, valor: boolean) => Promise<void>
  privateData: (sessao: Sessao) => Promise<PrivateData>
}

const PrivateDataAnswer = dataResponse(PrivateDataSchema)
/** The file is the whole answer: no envelope, and never cached anywhere on its way. */
const FICHEIRO_HEADERS = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' }

/** The customer's GDPR rights (spec §2 "GDPR hub", §4, §7, §8; the calls are listed in src/shared/rgpd.ts). */
export const rgpdRoutes: FastifyPluginAsyncZod<RgpdRoutesOptions> = async (app, options) => {
  const { service, sessions, privateData } = options

  app.post(
    paths.rgpdComunicacao,
    { schema: { body: RgpdComunicacaoSchema, response: dataResponse(UserDataSchema.nullable()) } },
    async (request) => {
      await options.comunicacao(request.sessao, request.body.comunicacao)
      return { data: (await privateData(request.sessao)).user.data }
    },
  )

  app.post(paths.rgpdEsquecimento, { schema: { body: RgpdEmailSchema, response: noDataResponse } }, async (request) => {
    await service.pedir(request.sessao, 'esquecimento', request.body.email)
    return { data: null }
  })

  app.post(
    paths.rgpdPortabilidade,
    { schema: { body: RgpdEmailSchema, response: noDataResponse } },
    async (request) => {
      await service.pedir(request.sessao, 'portabilidade', request.body.email)
      return { data: null }
    },
  )

  app.get(
    '/api/rgpd/pedidos/:token',
    { config: { privada: true }, schema: { params: RgpdTokenParams, response: dataResponse(PedidoRgpdSchema) } },
    async (request) => {
      return { data: await service.consultar(request.sessao, request.params.token) }
    },
  )

  app.post(
    '/api/rgpd/esquecimento/:token',
    { schema: { params: RgpdTokenParams, body: RgpdConfirmarSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      await service.confirmarEsquecimento(request.sessao, request.params.token)
      return { data: await privateData(await sessions.end(request, reply)) }
    },
  )

  app.get(
    '/api/conta/cancelar',
    { config: { privada: true }, schema: { response: dataResponse(ResumoCancelamentoSchema) } },
    async (request) => {
      return { data: await service.resumo(request.sessao) }
    },
  )

  app.post(
    '/api/conta/cancelar',
    { schema: { body: RgpdConfirmarSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      await service.cancelarConta(request.sessao)
      return { data: await privateData(await sessions.end(request, reply)) }
    },
  )

  app.post(
    '/api/rgpd/portabilidade/:token',
    {
      schema: {
        params: RgpdTokenParams,
        body: RgpdConfirmarSchema,
        response: { 200: FicheiroPortabilidadeSchema },
      },
    },
    async (request, reply) => {
      const { nomeFicheiro, ficheiro } = await service.portabilidade(request.sessao, request.params.token)
      reply.headers({ ...FICHEIRO_HEADERS, 'content-disposition': `attachment; filename="${nomeFicheiro}"` })
      return ficheiro
    },
  )
}
