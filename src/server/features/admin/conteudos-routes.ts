import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NOVIDADE_TEXTO_MAX } from '../../../shared/novidades-gestao.ts'
import { MULTILINHA, texto } from '../../../shared/validacao.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/**
 * Content in the back-office beyond the news items (routes.ts): the preview of a text, campaigns. Registered by
 * doors/admin.ts beside routes.ts.
 */
export const conteudosRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app) => {
  const papeis = ['admin', 'gestor'] as const

  // A preview changes nothing (no audit entry): the text as the app will keep and show it, through its sanitiser.
  app.post(
    '/pre-visualizar',
    {
      config: { papeis },
      schema: {
        body: z.strictObject({ text: texto(NOVIDADE_TEXTO_MAX, MULTILINHA) }),
        response: dataResponse(z.object({ html: z.string() })),
      },
    },
    async (request) => ({ data: { html: sanitizeHtml(request.body.text) } }),
  )
}
