import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { adminDoor } from './doors/admin.ts'
import { clienteDoor } from './doors/cliente.ts'
import { lojaDoor } from './doors/loja.ts'
import { pagamentosDoor } from './doors/pagamentos.ts'
import { painelDoor } from './doors/painel.ts'
import type { AdminService } from './features/admin/service.ts'
import { createOrderStreamSlots } from './features/encomendas/loja-encomendas-routes.ts'
import type { PushService } from './features/notificacoes/push.ts'
import type { NotificacoesService } from './features/notificacoes/service.ts'
import { sistemaRoutes } from './features/sistema/routes.ts'
import { registerJobs } from './jobs.ts'
import { openApiRoutes } from './openapi/routes.ts'
import type { DatabaseHandle } from './platform/db.ts'
import { registarMetricas } from './platform/metrics.ts'
import type { ReadCache } from './platform/read-cache.ts'
import { createServer } from './platform/server.ts'
import { registerWebApp } from './platform/web.ts'
import { type AppDeps, buildServices } from './services.ts'

export type { AppDeps } from './services.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Public content read models; whoever changes that content invalidates its tags here. */
    readCache: ReadCache
    /** Notifications, sent from here by the operators' command (`npm run notify`) and by tests. */
    notificacoes: NotificacoesService
    /** Web Push: its outbox is sent every couple of seconds; tests send it by hand. */
    push: PushService
    /** The back-office's staff and sign-in (the command line makes admins through it; tests too). */
    admin: AdminService
  }
}

/**
 * The whole server, top to bottom (ARCHITECTURE.md "Composition"): the platform, the services graph, the doors, the
 * scheduled jobs, then the web app's pages.
 */
export async function buildApp(config: Config, database: DatabaseHandle, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = await createServer(config, deps.logStream)

  let services: Awaited<ReturnType<typeof buildServices>>
  try {
    services = await buildServices(app, config, database, deps)
  } catch (error) {
    // A start refused (the data key that does not open the data): what was built so far (the event bus's connection)
    // is let go, and the caller is told why.
    await app.close()
    throw error
  }
  // Security keys from before codes were encrypted get a new code (docs/decisions/0004); safe with N processes.
  const chavesRenovadas = await services.conta.upgradeLegacySecurityKeys()
  if (chavesRenovadas > 0) app.log.info({ chavesRenovadas }, 'legacy security keys renewed')
  app.decorate('metricas', services.metricas)
  if (services.metricas && config.METRICS_TOKEN) registarMetricas(app, services.metricas, config.METRICS_TOKEN)
  app.decorate('readCache', services.readCache)
  app.decorate('notificacoes', services.notificacoes)
  app.decorate('push', services.push)
  app.decorate('admin', services.admin)

  // Health and the images stored in the database: open to anyone, no identity.
  await app.register(sistemaRoutes, { db: database.db, dialect: database.dialect })
  // The OpenAPI contract of the public surfaces and its readable reference (docs/decisions/0027), open like health.
  await app.register(openApiRoutes)
  // The doors (ARCHITECTURE.md "Surfaces"): each an encapsulated context with its prefix, identity and limits.
  // One count of open order streams per store key, for the Store API's and the paired tablets' boards together.
  const orderStreams = createOrderStreamSlots()
  await clienteDoor(app, config, services)
  await lojaDoor(app, services, orderStreams)
  await painelDoor(app, config, services, orderStreams)
  await pagamentosDoor(app, services)
  // The fifth door, the back-office (`/admin`: staff users with e-mail, password and TOTP, roles, audit log).
  await adminDoor(app, config, services)

  registerJobs(app, config, services)

  await registerWebApp(app, config.WEB_DIST, config.NODE_ENV === 'production')
  return app
}
