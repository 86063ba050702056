import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import etag from '@fastify/etag'
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { type Config, trustProxyOf } from '../config.ts'
import { COMPRESS_THRESHOLD_BYTES } from './cached-reply.ts'
import { setHashCost } from './crypto.ts'
import { registerDevEndpointsGuard } from './dev-endpoints.ts'
import { frameworkOptions, registerErrorHandling } from './errors.ts'
import { registerInputRules } from './http.ts'
import { loggerOptions, OneLinePerRequest } from './logging.ts'
import { registerSecurityHeaders } from './security-headers.ts'

/** Origins the store map frame may load from (the stores' OpenStreetMap embed links). */
export const MAP_FRAME_ORIGINS = ['https://www.openstreetmap.org']

/** The doors (ARCHITECTURE.md "Surfaces"): each marks the routes it registers with its name (`markDoor`). */
export type DoorName = 'customer' | 'store' | 'counter' | 'admin' | 'providers'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The door the route was registered under (set by the door, never by the route itself). */
    door?: DoorName
  }
}

/**
 * Marks every route registered in a door's context (and its children) with the door's name, in the route's config:
 * the route table, the OpenAPI document and the walking tests read it there, so no list of prefixes has to agree with
 * where the doors really put their routes.
 */
export function markDoor(context: FastifyInstance, door: DoorName): void {
  context.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), door }
  })
}

/** A route as registered: what audits of the whole surface (tests, reviews) enumerate. */
export interface RouteEntry {
  method: string
  url: string
  /** It declares what its success may carry (the serializer's allow-list). */
  hasResponseSchema: boolean
  /** Its config as registered (a door's access rules read there: the back-office's roles), for the walking tests. */
  config: Record<string, unknown>
  /** The door it was registered under; undefined outside every door (health, the document, pages, assets). */
  door: DoorName | undefined
  /** Its schema as declared (zod schemas for body, querystring, params, headers, response): the OpenAPI document's source. */
  schema: FastifySchema | undefined
  /** Its own body limit, when it sets one (else the server's). */
  bodyLimit: number | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order. */
    routeTable: RouteEntry[]
  }
}

/**
 * The HTTP server with what every door stands on: logging, the route table, zod validation and serialisation, the
 * error envelope, the security headers, compression and ETags, the input rules (JSON depth, control characters) and
 * cookies. Doors add their own identity checks and limits on top.
 */
export async function createServer(config: Config, logStream?: NodeJS.WritableStream): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production'
  setHashCost(config.HASH_COST)
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustProxyOf(config),
    ...frameworkOptions,
  })
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    const hasResponseSchema = Boolean(route.schema?.response)
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        hasResponseSchema,
        // Read when asked: this hook runs before the door's own (markDoor), which sets the route's config after it.
        get config() {
          return (route.config ?? {}) as Record<string, unknown>
        },
        get door() {
          return route.config?.door
        },
        schema: route.schema,
        bodyLimit: route.bodyLimit,
      })
    }
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  // /api/dev/* (outside production only) answers this machine alone, unless DEV_ENDPOINTS_REMOTE says otherwise.
  registerDevEndpointsGuard(app, {
    remote: config.DEV_ENDPOINTS_REMOTE === 'true',
    trustsProxy: trustProxyOf(config) !== false,
  })

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script runs: the page's data is JSON in `type="application/json"` elements (web.ts).
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
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES })
  await app.register(etag)

  // Forms are JSON only: a cross-site HTML form cannot send JSON with the version header without a CORS preflight,
  // which this server never grants.
  app.removeContentTypeParser('text/plain')
  // Depth of JSON bodies, control characters in any text: once here, for every route of every door.
  registerInputRules(app)
  await app.register(cookie)
  return app
}
