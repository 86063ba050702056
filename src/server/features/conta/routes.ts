import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DEFAULT_PAIS } from '../../../shared/constants.ts'
import {
  AlterarPasswordSchema,
  AlterarTelemovelSchema,
  ChaveSegurancaSchema,
  CodigoSmsSchema,
  type Configuracao,
  ConfiguracaoSchema,
  FimDeSessaoSchema,
  HashResponseSchema,
  LoginSchema,
  OutboxSmsSchema,
  type PrivateData,
  PrivateDataSchema,
  ResetSchema,
  SignupSchema,
  UserDataSchema,
  ValueCallSchema,
} from '../../../shared/conta.ts'
import { AceitarTermosSchema } from '../../../shared/termos.ts'
import { HashParamsSchema, texto } from '../../../shared/validacao.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { dataResponse, noDataResponse } from '../../platform/http.ts'
import type { Sessao, Sessions } from '../../platform/sessions.ts'
import type { ContaService } from './service.ts'

/** What each answer may carry: the serializer drops anything else (ARCHITECTURE.md, "Units of work"). */
const PrivateDataAnswer = dataResponse(PrivateDataSchema)
const HashAnswer = dataResponse(HashResponseSchema)
const NoDataAnswer = noDataResponse

const HashParams = HashParamsSchema

export interface ContaRoutesOptions {
  service: ContaService
  sessions: Sessions
  /** The app's settings; a function when part of them is read on each request (the credit percent, 'Definições'). */
  configuracao: Configuracao | (() => Promise<Configuracao>)
  /** The session's private data, which the account, loyalty and ordering answer together (features/dados-privados). */
  privateData: (sessao: Sessao) => Promise<PrivateData>
  /** GET /api/dev/sms: the outbox, outside production only. */
  devOutbox: boolean
}

/** Sign-up, login, recovery, phone and password changes, security key, personal data, session calls (spec §7). */
export const contaRoutes: FastifyPluginAsyncZod<ContaRoutesOptions> = async (app, options) => {
  const { service, sessions, configuracao, privateData } = options
  /** A confirmation's new session, written in the confirmation's own transaction. */
  const renew = (request: FastifyRequest) => (trx: DatabaseTransaction, utilizadorId: number) =>
    sessions.renew(trx, request, utilizadorId)

  app.get('/api/configuracao', { schema: { response: dataResponse(ConfiguracaoSchema) } }, async () => ({
    data: typeof configuracao === 'function' ? await configuracao() : configuracao,
  }))

  app.post('/registo', { schema: { body: SignupSchema, response: HashAnswer } }, async (request) => ({
    data: { hash: await service.signup(request.body, request.ip) },
  }))

  app.post(
    '/registo/:hash',
    { schema: { params: HashParams, body: CodigoSmsSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      const { hash } = request.params
      const nova = await service.confirmSignup(hash, request.body.codigo, request.ip, request.sessao, renew(request))
      return { data: await privateData(sessions.adopt(request, reply, nova)) }
    },
  )

  app.post('/login', { schema: { body: LoginSchema, response: PrivateDataAnswer } }, async (request, reply) => {
    const id = await service.login(request.body, request.ip)
    return { data: await privateData(await sessions.rotate(request, reply, id)) }
  })

  app.post('/reset', { schema: { body: ResetSchema, response: HashAnswer } }, async (request) => ({
    data: { hash: await service.reset(request.body, request.ip) },
  }))

  app.post(
    '/reset/:hash',
    { schema: { params: HashParams, body: CodigoSmsSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      const nova = await service.confirmReset(request.params.hash, request.body.codigo, request.ip, renew(request))
      return { data: await privateData(sessions.adopt(request, reply, nova)) }
    },
  )

  app.post('/api/reenviar-codigo', { schema: { body: HashParams, response: NoDataAnswer } }, async (request) => {
    await service.resend(request.body.hash, request.ip)
    return { data: null }
  })

  app.post(
    '/alterar-password',
    { schema: { body: AlterarPasswordSchema, response: NoDataAnswer } },
    async (request) => {
      await service.changePassword(request.sessao, request.body)
      return { data: null }
    },
  )

  app.post(
    '/alterar-telemovel',
    { schema: { body: AlterarTelemovelSchema, response: HashAnswer } },
    async (request) => ({
      data: { hash: await service.requestPhoneChange(request.sessao, request.body, request.ip) },
    }),
  )

  app.post(
    '/alterar-telemovel/:hash',
    { schema: { params: HashParams, body: CodigoSmsSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      const { hash } = request.params
      const nova = await service.confirmPhoneChange(
        request.sessao,
        hash,
        request.body.codigo,
        request.ip,
        renew(request),
      )
      return { data: await privateData(sessions.adopt(request, reply, nova)) }
    },
  )

  app.post(
    '/chave-seguranca',
    {
      schema: {
        body: ChaveSegurancaSchema.extend({ gerar: z.boolean().default(false) }),
        response: dataResponse(z.object({ user: UserDataSchema.nullable(), chave: z.string().nullable() })),
      },
    },
    async (request) => {
      const { chave } = await service.setSecurityKey(request.sessao, request.body.selecao, request.body.gerar)
      const { user } = await privateData(request.sessao)
      return { data: { user: user.data, chave } }
    },
  )

  // The schema depends on the account (temporary accounts set a password here), so the service parses the body.
  app.post(
    '/alterar-dados-pessoais',
    { schema: { body: z.record(z.string(), z.unknown()), response: PrivateDataAnswer } },
    async (request) => {
      await service.updatePersonalData(request.sessao, request.body)
      return { data: await privateData(request.sessao) }
    },
  )

  app.post(
    '/api/logout',
    { schema: { body: ValueCallSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      const { utilizadorId } = request.sessao
      const sessao = await sessions.end(request, reply)
      if (utilizadorId !== null) service.sessaoTerminada(utilizadorId)
      return { data: await privateData(sessao) }
    },
  )

  app.post(
    '/api/refresh-private-data',
    { schema: { body: ValueCallSchema, response: PrivateDataAnswer } },
    async (request, reply) => {
      const fim = FimDeSessaoSchema.safeParse(sessions.fimDeSessao(request, reply))
      const data = await privateData(request.sessao)
      return { data: fim.success ? { ...data, fimDeSessao: fim.data } : data }
    },
  )

  // Terms and privacy accepted again (docs/decisions/0033): the versions the customer read in the app's dialog.
  app.post(
    '/api/aceita-termos',
    { schema: { body: AceitarTermosSchema, response: PrivateDataAnswer } },
    async (request) => {
      await service.aceitarTermos(request.sessao, request.body)
      return { data: await privateData(request.sessao) }
    },
  )

  app.post(
    '/api/grava-saw-onboarding',
    { schema: { body: ValueCallSchema, response: NoDataAnswer } },
    async (request, reply) => {
      await service.markOnboardingSeen(await sessions.markOnboardingSeen(request, reply))
      return { data: null }
    },
  )

  if (options.devOutbox) {
    app.get(
      '/api/dev/sms',
      {
        schema: {
          querystring: z.object({ para: texto(20).optional() }),
          response: dataResponse(z.array(OutboxSmsSchema)),
        },
      },
      // The outbox holds codes: never cached.
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return { data: await service.listOutbox(request.query.para) }
      },
    )
  }
}

export const configuracaoFrom = (
  settings: { LOYALTY_CREDIT_PERCENT: number; MINIMUM_AGE: number },
  carteiras: Configuracao['carteiras'],
): Configuracao => ({
  carteiras,
  creditoPercent: settings.LOYALTY_CREDIT_PERCENT,
  idadeMinima: settings.MINIMUM_AGE,
  paisPorOmissao: DEFAULT_PAIS,
})
