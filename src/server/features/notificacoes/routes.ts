import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CancelarPushSchema,
  MarcarLidasSchema,
  NotificacaoSchema,
  SubscricaoPushSchema,
} from '../../../shared/notificacoes.ts'
import { dataResponse } from '../../platform/http.ts'
import type { ContaService } from '../conta/service.ts'
import { ENDPOINT_PUSH_PATTERN, type PushService } from './push.ts'
import type { NotificacoesService } from './service.ts'

export interface NotificacoesRoutesOptions {
  service: NotificacoesService
  push: PushService
  /** The VAPID public key browsers subscribe with; null when Web Push is off. */
  vapidPublicKey: string | null
  conta: Pick<ContaService, 'requireUser'>
}

/** `GET /api/notificacoes` (a guest's: those for everyone) and `POST /api/notificacoes/lidas` (signed in). */
/**
 * The subscription as the server takes it: the endpoint's rule (a browser vendor's push service, over https) is
 * checked by the push service, and stated to the OpenAPI document here, from the same list of services.
 */
const SubscricaoDocumentada = SubscricaoPushSchema.extend({
  endpoint: SubscricaoPushSchema.shape.endpoint.meta({
    pattern: ENDPOINT_PUSH_PATTERN,
    description: 'The browser’s push endpoint: https, on a browser vendor’s push service (refused otherwise).',
  }),
})

export const notificacoesRoutes: FastifyPluginAsyncZod<NotificacoesRoutesOptions> = async (
  app,
  { service, push, vapidPublicKey, conta },
) => {
  // A device whose session is renewed (a phone change) keeps getting its pushes under the new one.
  app.seguirSessao((ex, renovacao) => push.seguirSessao(ex, renovacao))

  app.get(
    '/api/notificacoes',
    { config: { privada: true }, schema: { response: dataResponse(z.array(NotificacaoSchema)) } },
    async (request) => ({ data: await service.listar(request.sessao.utilizadorId) }),
  )

  app.post(
    '/api/notificacoes/lidas',
    { schema: { body: MarcarLidasSchema, response: dataResponse(z.object({ ok: z.literal(true) })) } },
    async (request) => {
      const user = await conta.requireUser(request.sessao, { allowTemporario: true })
      await service.marcarLidas(user.id, request.body.ate)
      return { data: { ok: true as const } }
    },
  )

  // Web Push: the key to subscribe with, and the signed-in customer's devices.
  app.get(
    '/api/push/chave',
    { schema: { response: dataResponse(z.object({ publicKey: z.string().nullable() })) } },
    async () => ({
      data: { publicKey: vapidPublicKey },
    }),
  )

  app.post(
    '/api/push/subscricao',
    { schema: { body: SubscricaoDocumentada, response: dataResponse(z.object({ ok: z.literal(true) })) } },
    async (request) => {
      const user = await conta.requireUser(request.sessao, { allowTemporario: true })
      // requireUser answered: the session is an account's.
      await push.subscrever(user.id, request.sessao.id ?? 0, request.body)
      return { data: { ok: true as const } }
    },
  )

  app.delete(
    '/api/push/subscricao',
    { schema: { body: CancelarPushSchema, response: dataResponse(z.object({ ok: z.literal(true) })) } },
    async (request) => {
      const user = await conta.requireUser(request.sessao, { allowTemporario: true })
      await push.cancelar(user.id, request.body.endpoint)
      return { data: { ok: true as const } }
    },
  )
}
