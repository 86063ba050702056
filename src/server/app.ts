import { randomBytes } from 'node:crypto'
import type { Agent as HttpsAgent } from 'node:https'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import etag from '@fastify/etag'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { API_VERSION, API_VERSION_HEADER } from '../shared/api.ts'
import { type Config, trustProxyOf } from './config.ts'
import { configuracaoFrom, contaRoutes } from './features/conta/routes.ts'
import { CONTA_LIMITES, createContaService } from './features/conta/service.ts'
import { createConteudosRepository } from './features/conteudos/repository.ts'
import { conteudosRoutes } from './features/conteudos/routes.ts'
import { createConteudosService } from './features/conteudos/service.ts'
import { createPedidosService, type PedidosService } from './features/encomendas/pedidos.ts'
import { createEncomendasRepository } from './features/encomendas/repository.ts'
import {
  createOrderStreamSlots,
  encomendasRoutes,
  lojaEncomendasRoutes,
  lojaPedidosRoutes,
  pagamentoCallbackRoutes,
} from './features/encomendas/routes.ts'
import { CATALOGO_CACHE_TAG, createEncomendasService } from './features/encomendas/service.ts'
import { eventosRoutes } from './features/eventos/routes.ts'
import { painelFidelizacaoRoutes } from './features/fidelizacao/painel-routes.ts'
import { fidelizacaoRoutes } from './features/fidelizacao/routes.ts'
import { createFidelizacaoService, type FidelizacaoService } from './features/fidelizacao/service.ts'
import { lojaFidelizacaoRoutes } from './features/fidelizacao/store-routes.ts'
import { createPushService, type PushService } from './features/notificacoes/push.ts'
import { notificacoesRoutes } from './features/notificacoes/routes.ts'
import { createNotificacoesService, type NotificacoesService } from './features/notificacoes/service.ts'
import { createRestaurantesRepository } from './features/restaurantes/repository.ts'
import { restaurantesRoutes } from './features/restaurantes/routes.ts'
import { createRestaurantesService } from './features/restaurantes/service.ts'
import { sistemaRoutes } from './features/sistema/routes.ts'
import { COMPRESS_THRESHOLD_BYTES } from './platform/cached-reply.ts'
import { type Clock, DAY, HOUR, MINUTE, systemClock } from './platform/clock.ts'
import { dataKeyringFor, setHashCost } from './platform/crypto.ts'
import type { DatabaseHandle } from './platform/db.ts'
import { registerDevEndpointsGuard } from './platform/dev-endpoints.ts'
import { errorBody, frameworkOptions, registerErrorHandling } from './platform/errors.ts'
import {
  canais,
  createEventBus,
  type EventBus,
  type Evento,
  SESSOES_TERMINADAS,
  UTILIZADOR_ALTERADO,
} from './platform/eventos.ts'
import { registerInputRules } from './platform/http.ts'
import { IDEMPOTENCY_TTL_DAYS, purgeIdempotency } from './platform/idempotency.ts'
import { loggerOptions, OneLinePerRequest } from './platform/logging.ts'
import type { PaymentProvider } from './platform/pagamentos.ts'
import { createIfthenpayProvider } from './platform/pagamentos-ifthenpay.ts'
import { createSandboxProvider } from './platform/pagamentos-sandbox.ts'
import { createMemoryRateLimiter, createRateLimiter, purgeOldLimits } from './platform/rate-limit.ts'
import { createReadCache, type ReadCache } from './platform/read-cache.ts'
import { registerSecurityHeaders } from './platform/security-headers.ts'
import { isApiCall, registerSessions, serverSecret, sessoesRepo } from './platform/sessions.ts'
import { createOutboxSmsProvider, createTwilioSmsProvider, type SmsProvider } from './platform/sms.ts'
import { STAFF_API_PREFIX, staffSurface } from './platform/staff-surface.ts'
import { STORE_API_PREFIX, storeSurface } from './platform/store-surface.ts'
import { registerWebApp } from './platform/web.ts'
import { createWebPushSender, vapidKeys } from './platform/web-push.ts'

/** Public content answers kept in memory (docs/decisions/0008): every item of a large group fits many times over. */
const READ_CACHE_ENTRIES = 2000

/** Origins the store map frame may load from (the stores' OpenStreetMap embed links). */
export const MAP_FRAME_ORIGINS = ['https://www.openstreetmap.org']

/** The outside world and time, replaceable in tests. */
export interface AppDeps {
  clock?: Clock
  sms?: SmsProvider
  /** Where logs go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream
  /** The MB WAY provider (by default the one PAYMENT_PROVIDER names). */
  payments?: PaymentProvider
  /** How Web Push reaches push services (by default Node's; tests: one that trusts the local push service). */
  pushAgent?: HttpsAgent
  /** The event bus (by default, the database's: LISTEN/NOTIFY on PostgreSQL, this process's own on SQLite). */
  bus?: EventBus
}

/** The sandbox (its phone at /api/dev/pagamentos) unless PAYMENT_PROVIDER names a real provider. */
function paymentProviderFor(config: Config, deps: AppDeps, database: DatabaseHandle, clock: Clock) {
  if (deps.payments) return { provider: deps.payments, sandbox: null }
  if (config.PAYMENT_PROVIDER === 'ifthenpay') {
    const provider = createIfthenpayProvider({
      mbWayKey: config.IFTHENPAY_MBWAY_KEY ?? '',
      antiPhishingKey: config.IFTHENPAY_ANTI_PHISHING_KEY ?? '',
      backofficeKey: config.IFTHENPAY_BACKOFFICE_KEY ?? '',
      apiUrl: config.IFTHENPAY_API_URL,
    })
    return { provider, sandbox: null }
  }
  const sandbox = createSandboxProvider({
    db: database.db,
    clock,
    expirySeconds: config.MBWAY_EXPIRY_SECONDS,
    // Only this process's dev endpoint sends the sandbox's callbacks: a key of its own for each start.
    callbackKey: randomBytes(24).toString('base64url'),
  })
  return { provider: sandbox, sandbox }
}

function smsProviderFor(config: Config, deps: AppDeps, app: FastifyInstance, database: DatabaseHandle, clock: Clock) {
  if (deps.sms) return deps.sms
  if (config.SMS_PROVIDER === 'twilio') {
    return createTwilioSmsProvider({
      accountSid: config.TWILIO_ACCOUNT_SID ?? '',
      authToken: config.TWILIO_AUTH_TOKEN ?? '',
      from: config.TWILIO_FROM ?? '',
      apiUrl: config.TWILIO_API_URL,
    })
  }
  return createOutboxSmsProvider(database.db, clock, app.log)
}

/** A route as registered: what audits of the whole surface (tests, reviews) enumerate. */
export interface RouteEntry {
  method: string
  url: string
  /** It declares what its success may carry (the serializer's allow-list). */
  hasResponseSchema: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly jobs, callable by hand (tests, operators). */
    housekeeping(): Promise<void>
    /** Asks the payment provider about every unsettled order (at start and every minute); how many it looked at. */
    reconciliarPagamentos(): Promise<number>
    /** Every route the app registered, in order. */
    routeTable: RouteEntry[]
    /** Public content read models; whoever changes that content invalidates its tags here. */
    readCache: ReadCache
    /** Notifications, sent from here by the operators' command (`npm run notify`) and by tests. */
    notificacoes: NotificacoesService
    /** Web Push: its outbox is sent every couple of seconds; tests send it by hand. */
    push: PushService
  }
}

/** Hourly jobs (lapsing provisional accounts, clearing old counters): once at start, then every hour. */
/** How often the push outbox is sent: a notification reaches a phone within a few seconds. */
const PUSH_ROUND_MS = 2_000

function schedule(app: FastifyInstance, name: string, everyMs: number, run: () => Promise<unknown>) {
  // A round still running when the next is due is not started twice.
  let running = false
  const safeRun = async () => {
    if (running) return
    running = true
    try {
      await run()
    } catch (err) {
      app.log.error({ err }, `${name} failed`)
    } finally {
      running = false
    }
  }
  const timer = setInterval(safeRun, everyMs)
  timer.unref()
  app.addHook('onReady', async () => void safeRun())
  app.addHook('onClose', async () => clearInterval(timer))
}

export async function buildApp(config: Config, database: DatabaseHandle, deps: AppDeps = {}): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production'
  setHashCost(config.HASH_COST)
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustProxyOf(config),
    ...frameworkOptions,
  })
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    const hasResponseSchema = Boolean(route.schema?.response)
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, hasResponseSchema })
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
  // Depth of JSON bodies, control characters in any text: once here, for every route of every surface (issue 17).
  registerInputRules(app)

  const { db, dialect } = database
  const clock = deps.clock ?? systemClock
  const limiter = createRateLimiter(db, clock)
  await app.register(cookie)

  const restaurantesService = createRestaurantesService(createRestaurantesRepository(db))
  const readCache = createReadCache({ maxEntries: READ_CACHE_ENTRIES, maxAgeMs: config.READ_CACHE_MAX_AGE_MS })
  app.decorate('readCache', readCache)
  const bus = deps.bus ?? (await createEventBus(database, (err) => app.log.error({ err }, 'event bus failed')))
  if (!deps.bus) app.addHook('onClose', () => bus.close())
  // Open event streams end when the server closes (it would otherwise wait for them).
  const closing = new AbortController()
  app.addHook('preClose', async () => closing.abort())
  const aoUtilizador = (evento: Evento) => (utilizadorId: number) =>
    bus.publish(canais.utilizador(utilizadorId), evento)
  // conta composes the private data and asks loyalty for its part; loyalty asks conta to find its customers.
  let fidelizacaoService: FidelizacaoService | undefined
  let pedidosRef: PedidosService | undefined
  const contaService = createContaService({
    db,
    limiter,
    sms: smsProviderFor(config, deps, app, database, clock),
    clock,
    settings: { idadeMinima: config.MINIMUM_AGE, appUrl: config.APP_URL },
    log: app.log,
    cifra: await dataKeyringFor({
      configured: config.DATA_ENCRYPTION_KEY,
      production,
      databaseUrl: config.DATABASE_URL,
    }),
    fidelizacaoDe: (utilizador) => {
      if (!fidelizacaoService) throw new Error('loyalty service not ready')
      return fidelizacaoService.partOf(utilizador)
    },
    encomendasDe: (utilizadorId) => {
      if (!pedidosRef) throw new Error('ordering service not ready')
      return pedidosRef.atuais(utilizadorId)
    },
    eventos: {
      sessoesTerminadas: (utilizadorId, exceto) =>
        bus.publish(canais.utilizador(utilizadorId), { ...SESSOES_TERMINADAS, exceto }),
      utilizadorAlterado: aoUtilizador(UTILIZADOR_ALTERADO),
    },
  })
  // Security keys from before codes were encrypted get a new code (docs/decisions/0004); safe with N processes.
  const chavesRenovadas = await contaService.upgradeLegacySecurityKeys()
  if (chavesRenovadas > 0) app.log.info({ chavesRenovadas }, 'legacy security keys renewed')
  const vapid = await vapidKeys(db, clock, {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT,
    production,
  })
  const pushService = createPushService({
    db,
    clock,
    sender: vapid ? createWebPushSender(vapid, deps.pushAgent) : null,
    endpointsLocais: config.PUSH_ENDPOINTS_LOCAIS === 'true',
    log: app.log,
  })
  app.decorate('push', pushService)
  if (config.NODE_ENV !== 'test') schedule(app, 'push outbox', PUSH_ROUND_MS, () => pushService.despachar())
  const notificacoesService = createNotificacoesService({
    db,
    clock,
    bus,
    push: pushService,
    provisoriosAExpirar: (dias) => contaService.provisoriosAExpirar(dias),
    provisionalDays: CONTA_LIMITES.provisionalDays,
  })
  app.decorate('notificacoes', notificacoesService)
  fidelizacaoService = createFidelizacaoService({
    db,
    clock,
    limiter,
    throttle: createMemoryRateLimiter(clock),
    regras: {
      creditoPercent: config.LOYALTY_CREDIT_PERCENT,
      pontosPorEuro: config.LOYALTY_POINTS_PER_EURO,
      patamar: config.LOYALTY_POINTS_THRESHOLD,
    },
    opinioesAtivas: config.OPINIONS_ENABLED,
    onMovimento: aoUtilizador(UTILIZADOR_ALTERADO),
    notificar: notificacoesService.escrever,
    conta: contaService,
    lojas: restaurantesService,
  })
  const fidelizacao = fidelizacaoService
  const encomendasService = createEncomendasService({
    repository: createEncomendasRepository(db),
    clock,
    onEmentaAlterada: () => readCache.invalidate(CATALOGO_CACHE_TAG),
  })

  const housekeeping = async () => {
    await notificacoesService.lembrarProvisorios()
    await pushService.purgar()
    const lapsed = await contaService.lapseProvisionalAccounts()
    if (lapsed > 0) app.log.info({ lapsed }, 'provisional accounts lapsed')
    await purgeOldLimits(db, new Date(clock.now().getTime() - DAY).toISOString())
    await purgeIdempotency(db, new Date(clock.now().getTime() - IDEMPOTENCY_TTL_DAYS * DAY).toISOString())
    await fidelizacao.purgarIdentificacoes()
    await sessoesRepo(db, clock).purgeStale()
    await contaService.purgeOldChallenges()
  }
  app.decorate('housekeeping', housekeeping)
  if (config.NODE_ENV !== 'test') schedule(app, 'housekeeping', HOUR, housekeeping)

  const payments = paymentProviderFor(config, deps, database, clock)
  const pedidosService = createPedidosService({
    db,
    clock,
    provider: payments.provider,
    bus,
    notificar: notificacoesService.escrever,
    expirySeconds: config.MBWAY_EXPIRY_SECONDS,
    catalogo: encomendasService,
    fidelizacao,
    log: app.log,
    limiter,
  })
  pedidosRef = pedidosService
  app.decorate('reconciliarPagamentos', () => pedidosService.reconciliar())
  // A payment the customer made while no process listened is found at the next start, and every minute after.
  if (config.NODE_ENV !== 'test') schedule(app, 'payment reconciliation', MINUTE, () => pedidosService.reconciliar())

  await app.register(sistemaRoutes, { db, dialect })
  await app.register(pagamentoCallbackRoutes(pedidosService))
  // One count of open order streams per store key, for the Store API's and the paired tablets' (STREAMS_POR_CHAVE).
  const orderStreams = createOrderStreamSlots()

  // The customer surface: pages' forms and /api/*, with the version header and the visitor's session.
  await app.register(async (customer) => {
    customer.addHook('onRequest', (request, reply, done) => {
      if (!isApiCall(request) || request.headers[API_VERSION_HEADER] === API_VERSION) return done()
      // EventSource cannot send headers: the event stream names the version in its query.
      if (request.routeOptions.url === '/api/eventos' && (request.query as { v?: string }).v === API_VERSION) {
        return done()
      }
      reply
        .status(400)
        .send(
          errorBody('Versão não suportada', `Esta aplicação precisa de ser atualizada (versão da API ${API_VERSION}).`),
        )
    })
    const sessions = await registerSessions(customer, {
      db,
      clock,
      secret: await serverSecret(db, clock, 'sessoes-anonimas', config.SESSION_SECRET),
      secureCookie: production,
    })
    await customer.register(contaRoutes, {
      service: contaService,
      sessions,
      configuracao: configuracaoFrom(config),
      devOutbox: !production,
    })
    await customer.register(fidelizacaoRoutes, { service: fidelizacao, conta: contaService })
    await customer.register(conteudosRoutes, {
      service: createConteudosService(createConteudosRepository(db)),
      cache: readCache,
    })
    await customer.register(restaurantesRoutes, { service: restaurantesService, cache: readCache })
    await customer.register(encomendasRoutes, {
      service: encomendasService,
      pedidos: pedidosService,
      cache: readCache,
      conta: contaService,
      sandbox: production ? null : payments.sandbox,
    })
    await customer.register(eventosRoutes, { conta: contaService, bus, closing: closing.signal })
    await customer.register(notificacoesRoutes, {
      service: notificacoesService,
      push: pushService,
      vapidPublicKey: vapid?.publicKey ?? null,
      conta: contaService,
    })
  })

  // The store surface: the Store API, by store key.
  await app.register(
    (store) =>
      storeSurface(store, {
        db,
        clock,
        routes: [
          lojaFidelizacaoRoutes(fidelizacao, (request) => ({
            chaveId: request.chaveLoja.id,
            idLoja: request.chaveLoja.idLoja,
          })),
          lojaEncomendasRoutes(encomendasService),
          lojaPedidosRoutes(
            pedidosService,
            bus,
            closing.signal,
            (request) => ({ chaveId: request.chaveLoja.id, idLoja: request.chaveLoja.idLoja }),
            { streams: orderStreams },
          ),
        ],
      }),
    { prefix: STORE_API_PREFIX },
  )

  // The staff surface: the counter tablet's API, by its paired session.
  await app.register(
    (staff) =>
      staffSurface(staff, {
        db,
        clock,
        secureCookie: production,
        routes: [
          painelFidelizacaoRoutes(fidelizacao),
          lojaPedidosRoutes(
            pedidosService,
            bus,
            closing.signal,
            (request) => ({ chaveId: request.painel.chaveId, idLoja: request.painel.idLoja }),
            { streams: orderStreams },
          ),
        ],
      }),
    { prefix: STAFF_API_PREFIX },
  )

  await registerWebApp(app, config.WEB_DIST, production)

  return app
}
