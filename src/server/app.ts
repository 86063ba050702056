import compress from '@fastify/compress'
import etag from '@fastify/etag'
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { API_VERSION, API_VERSION_HEADER } from '../shared/api.ts'
import type { Config } from './config.ts'
import { createConteudosRepository } from './features/conteudos/repository.ts'
import { conteudosRoutes } from './features/conteudos/routes.ts'
import { createConteudosService } from './features/conteudos/service.ts'
import { createRestaurantesRepository } from './features/restaurantes/repository.ts'
import { restaurantesRoutes } from './features/restaurantes/routes.ts'
import { createRestaurantesService } from './features/restaurantes/service.ts'
import { sistemaRoutes } from './features/sistema/routes.ts'
import type { DatabaseHandle } from './platform/db.ts'
import { errorBody, registerErrorHandling } from './platform/errors.ts'
import { registerWebApp } from './platform/web.ts'

/** Origins the store map frame may load from (the stores' OpenStreetMap embed links). */
export const MAP_FRAME_ORIGINS = ['https://www.openstreetmap.org']

/** Paths under /api/ that answer without the version header: probes from load balancers and monitors. */
const UNVERSIONED = new Set(['/api/health'])

export async function buildApp(config: Config, database: DatabaseHandle): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production'
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: production,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: MAP_FRAME_ORIGINS,
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  })
  await app.register(compress, { threshold: 1024 })
  await app.register(etag)

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (!path.startsWith('/api/') || UNVERSIONED.has(path)) return
    const version = request.headers[API_VERSION_HEADER]
    if (version !== API_VERSION) {
      return reply
        .status(400)
        .send(
          errorBody('Versão não suportada', `Esta aplicação precisa de ser atualizada (versão da API ${API_VERSION}).`),
        )
    }
  })

  const { db, dialect } = database
  await app.register(sistemaRoutes, { db, dialect })
  await app.register(conteudosRoutes, { service: createConteudosService(createConteudosRepository(db)) })
  await app.register(restaurantesRoutes, { service: createRestaurantesService(createRestaurantesRepository(db)) })
  await registerWebApp(app, config.WEB_DIST)

  return app
}
