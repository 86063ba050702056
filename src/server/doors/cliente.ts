import type { FastifyInstance } from 'fastify'
import { API_VERSION, API_VERSION_HEADER } from '../../shared/api.ts'
import type { Config } from '../config.ts'
import { carteiraRoutes } from '../features/carteira/routes.ts'
import { configuracaoFrom, contaRoutes } from '../features/conta/routes.ts'
import { conteudosRoutes } from '../features/conteudos/routes.ts'
import { encomendasRoutes } from '../features/encomendas/routes.ts'
import { eventosRoutes } from '../features/eventos/routes.ts'
import { fidelizacaoRoutes } from '../features/fidelizacao/routes.ts'
import { notificacoesRoutes } from '../features/notificacoes/routes.ts'
import { restaurantesRoutes } from '../features/restaurantes/routes.ts'
import { rgpdRoutes } from '../features/rgpd/routes.ts'
import { emailDevRoutes } from '../platform/email.ts'
import { errorBody } from '../platform/errors.ts'
import { markDoor } from '../platform/server.ts'
import { registerSessions, serverSecret } from '../platform/sessions.ts'
import type { Services } from '../services.ts'

/**
 * The customer door (ARCHITECTURE.md "Surfaces"): the pages' forms and `/api/*`, identified by the visitor's session
 * (cookie, or Bearer for other clients; anonymous until a login), with `X-Api-Version` required on every API call. An
 * encapsulated context: its session and version hooks run for its routes only, so no other door's identity (a store
 * key, a tablet's cookie) is ever read here as a customer's.
 */
export async function clienteDoor(app: FastifyInstance, config: Config, s: Services): Promise<void> {
  const production = config.NODE_ENV === 'production'
  await app.register(async (door) => {
    markDoor(door, 'customer')
    // Every route of this door is an API call (the pages are served outside every door), so every one asks the version.
    door.addHook('onRequest', (request, reply, done) => {
      if (request.headers[API_VERSION_HEADER] === API_VERSION) return done()
      // EventSource and a link cannot send headers: the event stream and the wallets' links name it in their query.
      const naConsulta = request.routeOptions.url === '/api/eventos' || request.routeOptions.config.navegacao === true
      if (naConsulta && (request.query as { v?: string }).v === API_VERSION) return done()
      reply
        .status(400)
        .send(
          errorBody('Versão não suportada', `Esta aplicação precisa de ser atualizada (versão da API ${API_VERSION}).`),
        )
    })
    const sessions = await registerSessions(door, {
      db: s.db,
      clock: s.clock,
      secret: await serverSecret(s.db, s.clock, 'sessoes-anonimas', config.SESSION_SECRET),
      previousSecret: config.SESSION_SECRET_PREVIOUS,
      secureCookie: production,
    })
    const privateData = s.dadosPrivados.de
    await door.register(contaRoutes, {
      service: s.conta,
      privateData,
      sessions,
      // The credit percent as the back-office set it ('Definições'), the environment's until then.
      configuracao: async () => ({
        ...configuracaoFrom(config, s.carteira.disponivel),
        creditoPercent: (await s.fidelizacao.regras.ler()).atuais.credito_percent,
      }),
      devOutbox: !production,
    })
    if (!production) await door.register(emailDevRoutes, { db: s.db })
    await door.register(fidelizacaoRoutes, { service: s.fidelizacao, conta: s.conta, privateData, dev: !production })
    await door.register(carteiraRoutes, { service: s.carteira, conta: s.conta })
    await door.register(conteudosRoutes, { service: s.conteudos, cache: s.readCache })
    await door.register(restaurantesRoutes, { service: s.restaurantes, cache: s.readCache })
    await door.register(encomendasRoutes, {
      catalogo: s.catalogo,
      encomendas: s.encomendas,
      cache: s.readCache,
      conta: s.conta,
      privateData,
      sandbox: s.sandbox,
      sessions,
    })
    await door.register(rgpdRoutes, {
      service: s.rgpd,
      sessions,
      privateData,
      comunicacao: (sessao, valor) => s.conta.direitos.setComunicacao(sessao, valor),
    })
    await door.register(eventosRoutes, { conta: s.conta, bus: s.bus, closing: s.closing })
    await door.register(notificacoesRoutes, {
      service: s.notificacoes,
      push: s.push,
      vapidPublicKey: s.vapidPublicKey,
      conta: s.conta,
    })
  })
}
