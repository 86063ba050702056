import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { isoNow } from '../../platform/clock.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { dataResponse } from '../../platform/http.ts'
import type { ContaService } from '../conta/service.ts'
import { type CarteiraService, carteiraMensagens } from './service.ts'

export interface CarteiraRoutesOptions {
  service: CarteiraService
  conta: Pick<ContaService, 'requireUser'>
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opened by a navigation (a link), which names the API's version in its query (`v`) rather than in a header. */
    navegacao?: boolean
  }
}

/**
 * The customer's card into a wallet, from the loyalty screen: Apple's pass opened by a link with the session's cookie
 * (a navigation to a `.pkpass` is what makes Safari offer 'Add to Apple Wallet'), Google's save link answered for the
 * app to open. Private, never cached.
 */
export const carteiraRoutes: FastifyPluginAsyncZod<CarteiraRoutesOptions> = async (app, { service, conta }) => {
  app.get('/api/carteira/apple', { config: { privada: true, navegacao: true } }, async (request, reply) => {
    const user = await conta.requireUser(request.sessao)
    const pkpass = await service.passeApple(user.id)
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="balcao.pkpass"')
      .type('application/vnd.apple.pkpass')
      .send(pkpass)
  })

  // Google's link is answered, not followed: the app opens it (on Android, Google Wallet takes it from there).
  app.get(
    '/api/carteira/google',
    { config: { privada: true }, schema: { response: dataResponse(z.object({ url: z.url() })) } },
    async (request) => {
      const user = await conta.requireUser(request.sessao)
      return { data: { url: await service.linkGoogle(user.id) } }
    },
  )
}

export interface AppleWebServiceRoutesOptions {
  service: Pick<CarteiraService, 'webService'>
  clock: Clock
}

const Dispositivo = z.string().regex(/^[A-Za-z0-9._-]{1,100}$/)
const PassType = z.string().regex(/^[A-Za-z0-9._-]{1,100}$/)
const Serie = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/)
const Registo = z.object({ deviceLibraryIdentifier: Dispositivo, passTypeIdentifier: PassType, serialNumber: Serie })
/** An APNs device token: hex. */
const RegistoBody = z.object({ pushToken: z.string().regex(/^[0-9A-Fa-f]{32,200}$/) })
/** Apple's answers say it with their status alone: a JSON null (declared, so that nothing else could leave). */
const SEM_CORPO = { 200: z.null(), 201: z.null() }
const Etiqueta = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

/**
 * Apple Wallet's web service, under the pass's `webServiceURL` (`/api/carteira/apple/v1/...`, Apple's paths): devices
 * identify themselves with the pass's token (`Authorization: ApplePass …`), not a session. Answers are Apple's: a status
 * and, where Apple says so, JSON or the pass; 404 when Apple Wallet is not set up.
 */
export const appleWebServiceRoutes: FastifyPluginAsyncZod<AppleWebServiceRoutesOptions> = async (
  app,
  { service, clock },
) => {
  const ws = () => {
    if (!service.webService) throw notFound(carteiraMensagens.indisponivel)
    return service.webService
  }
  const base = '/api/carteira/apple/v1'
  // Apple reads the status alone; the body is the API's error, for a person reading the log.
  const naoAutorizado = () => new HttpError(401, carteiraMensagens.naoAutorizado, 'Não autorizado')
  /** A registration's path, and the token the device sent, as the web service reads them. */
  const registoDe = (request: {
    params: z.infer<typeof Registo>
    headers: { authorization?: string | undefined }
  }) => ({
    dispositivo: request.params.deviceLibraryIdentifier,
    passTypeId: request.params.passTypeIdentifier,
    serie: request.params.serialNumber,
    authorization: request.headers.authorization,
  })

  app.post(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { schema: { params: Registo, body: RegistoBody, response: SEM_CORPO } },
    async (request, reply) => {
      const status = await ws().registar({
        ...registoDe(request),
        pushToken: request.body.pushToken,
        agora: isoNow(clock),
      })
      if (status === 401) throw naoAutorizado()
      return reply.status(status).send(null)
    },
  )

  app.delete(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { schema: { params: Registo } },
    async (request, reply) => {
      const status = await ws().desregistar(registoDe(request))
      if (status === 401) throw naoAutorizado()
      return reply.status(status).send()
    },
  )

  app.get(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      schema: {
        params: Registo.pick({ deviceLibraryIdentifier: true, passTypeIdentifier: true }),
        querystring: z.object({ passesUpdatedSince: Etiqueta.optional() }),
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier } = request.params
      const series = await ws().series(
        deviceLibraryIdentifier,
        passTypeIdentifier,
        request.query.passesUpdatedSince ?? null,
        clock.now(),
      )
      if (!series) return reply.status(204).send()
      return reply.header('cache-control', 'no-store').send(series)
    },
  )

  app.get(
    `${base}/passes/:passTypeIdentifier/:serialNumber`,
    { schema: { params: Registo.pick({ passTypeIdentifier: true, serialNumber: true }) } },
    async (request, reply) => {
      const ims = request.headers['if-modified-since']
      const desde = ims && !Number.isNaN(Date.parse(ims)) ? new Date(ims) : null
      const r = await ws().passe({
        passTypeId: request.params.passTypeIdentifier,
        serie: request.params.serialNumber,
        authorization: request.headers.authorization,
        desde,
      })
      if (r.status === 401) throw naoAutorizado()
      if (r.status !== 200) return reply.status(r.status).send()
      return reply
        .header('cache-control', 'no-store')
        .header('last-modified', r.ultimaAlteracao.toUTCString())
        .type('application/vnd.apple.pkpass')
        .send(r.pkpass)
    },
  )

  app.post(
    `${base}/log`,
    { schema: { body: z.object({ logs: z.array(z.string().max(2000)).max(100) }), response: SEM_CORPO } },
    async (request, reply) => {
      ws().registarLog(request.body.logs, clock.now())
      return reply.status(200).send(null)
    },
  )
}
