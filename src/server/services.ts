import { randomBytes } from 'node:crypto'
import type { Agent as HttpsAgent } from 'node:https'
import type { FastifyInstance } from 'fastify'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../shared/constants.ts'
import { AMOSTRAS_SELADAS } from './amostras-seladas.ts'
import type { Config } from './config.ts'
import { createAdminService } from './features/admin/service.ts'
import { carteirasDe } from './features/carteira/definicoes.ts'
import { createCarteiraFila, createCarteiraService } from './features/carteira/service.ts'
import { CONTA_LIMITES, createContaService } from './features/conta/service.ts'
import { createConteudosRepository } from './features/conteudos/repository.ts'
import { CONTEUDOS_CACHE_TAGS } from './features/conteudos/routes.ts'
import { createConteudosService } from './features/conteudos/service.ts'
import { createDadosPrivadosService } from './features/dados-privados/service.ts'
import { CATALOGO_CACHE_TAG, createCatalogoService } from './features/encomendas/catalogo.ts'
import { createCatalogoRepository } from './features/encomendas/catalogo-repository.ts'
import { createEncomendasService } from './features/encomendas/service.ts'
import { createFaturasService } from './features/faturas/service.ts'
import { createFidelizacaoService, LOJA_LIMITES } from './features/fidelizacao/service.ts'
import { createFilaImpressao, createImpressorasService } from './features/impressoras/service.ts'
import { createPushService } from './features/notificacoes/push.ts'
import { createNotificacoesService } from './features/notificacoes/service.ts'
import { createRestaurantesRepository } from './features/restaurantes/repository.ts'
import { RESTAURANTES_CACHE_TAG } from './features/restaurantes/routes.ts'
import { createGestaoRestaurantes, createRestaurantesService } from './features/restaurantes/service.ts'
import { createRgpdService } from './features/rgpd/service.ts'
import { leiturasDasFuncionalidades } from './leituras-das-funcionalidades.ts'
import { verificarChaveDeDados } from './platform/chave-dados.ts'
import { type Clock, MINUTE, systemClock } from './platform/clock.ts'
import { dataKeyringFor } from './platform/crypto.ts'
import type { DatabaseHandle } from './platform/db.ts'
import { createOutboxEmailTransport, createSmtpEmailTransport, type EmailTransport } from './platform/email.ts'
import { createEmailOutbox } from './platform/email-outbox.ts'
import {
  canais,
  createEventBus,
  type EventBus,
  type Evento,
  SESSOES_TERMINADAS,
  UTILIZADOR_ALTERADO,
} from './platform/eventos.ts'
import { createMetricas, leiturasDaPlataforma, smsContado } from './platform/metrics.ts'
import type { PaymentProvider } from './platform/pagamentos.ts'
import { createIfthenpayProvider } from './platform/pagamentos-ifthenpay.ts'
import { createSandboxProvider } from './platform/pagamentos-sandbox.ts'
import { createMemoryRateLimiter, createRateLimiter } from './platform/rate-limit.ts'
import { createReadCache } from './platform/read-cache.ts'
import { createOutboxSmsProvider, createTwilioSmsProvider, type SmsProvider } from './platform/sms.ts'
import { sessaoPainelAtiva } from './platform/staff-surface.ts'
import { chaveLojaAtiva } from './platform/store-surface.ts'
import { createWebPushSender, vapidKeys } from './platform/web-push.ts'

/** Public content answers kept in memory (docs/decisions/0008): every item of a large group fits many times over. */
const READ_CACHE_ENTRIES = 2000

/** The outside world and time, replaceable in tests. */
export interface AppDeps {
  clock?: Clock
  sms?: SmsProvider
  /** How e-mail leaves (by default the one EMAIL_PROVIDER names). */
  email?: EmailTransport
  /** Where logs go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream
  /** The MB WAY provider (by default the one PAYMENT_PROVIDER names). */
  payments?: PaymentProvider
  /** How Web Push reaches push services (by default Node's; tests: one that trusts the local push service). */
  pushAgent?: HttpsAgent
  /** The event bus (by default, the database's: LISTEN/NOTIFY on PostgreSQL, this process's own on SQLite). */
  bus?: EventBus
  /** Customers a composed message is written to per transaction (by default `LOTE_CAMPANHA`; tests: a few). */
  loteCampanha?: number
  /**
   * Whether the kitchen printers' sender takes loopback (127.0.0.1, ::1) as a printer's address. Only tests set it:
   * their fake printer listens on 127.0.0.1. Production never does: there loopback is this machine's own services,
   * never a store's printer, and is refused.
   */
  impressoraLoopback?: boolean
  /** A CA APNs' certificate is trusted by, besides the system's (tests: their local APNs server's). */
  apnsCa?: string | Buffer
}

/** The sandbox (its phone at /api/dev/pagamentos) unless PAYMENT_PROVIDER names a real provider. */
function paymentProviderFor(config: Config, deps: AppDeps, database: DatabaseHandle, clock: Clock) {
  if (deps.payments) return { provider: deps.payments, sandbox: null }
  if (config.PAYMENT_PROVIDER === 'ifthenpay') {
    const provider = createIfthenpayProvider({
      mbWayKey: config.IFTHENPAY_MBWAY_KEY ?? '',
      mbKey: config.IFTHENPAY_MB_KEY ?? '',
      ccardKey: config.IFTHENPAY_CCARD_KEY ?? '',
      gatewayKey: config.IFTHENPAY_GATEWAY_KEY ?? '',
      applePayKey: config.IFTHENPAY_APPLEPAY_KEY ?? '',
      googlePayKey: config.IFTHENPAY_GOOGLEPAY_KEY ?? '',
      antiPhishingKey: config.IFTHENPAY_ANTI_PHISHING_KEY ?? '',
      backofficeKey: config.IFTHENPAY_BACKOFFICE_KEY ?? '',
      apiUrl: config.IFTHENPAY_API_URL,
      clock,
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

function emailTransportFor(config: Config, deps: AppDeps): EmailTransport {
  if (deps.email) return deps.email
  if (config.EMAIL_PROVIDER === 'smtp') {
    return createSmtpEmailTransport({ url: config.SMTP_URL ?? '', from: config.EMAIL_FROM ?? '' })
  }
  return createOutboxEmailTransport()
}

/**
 * The services graph: each feature's service built once, in the order they depend on one another, and nothing built
 * late. Content and stores stand alone; accounts need only the platform; loyalty asks accounts (to find its customers)
 * and stores; notifications ask accounts; orders ask the catalogue, loyalty and notifications; the customer's private
 * data (its account, loyalty and current orders together) is composed last, by a module of its own that asks the
 * three, so that none of them depends on another that depends on it.
 */
export async function buildServices(app: FastifyInstance, config: Config, database: DatabaseHandle, deps: AppDeps) {
  const production = config.NODE_ENV === 'production'
  const { db } = database
  const clock = deps.clock ?? systemClock
  // The data key seals what must be read back (customers' security codes, staff TOTP secrets): docs/decisions/0004.
  // Checked first, before anything is built: a key that cannot open this database's sealed data stops the start
  // (docs/decisions/0034).
  const cifra = await dataKeyringFor({
    configured: config.DATA_ENCRYPTION_KEY,
    production,
    databaseUrl: config.DATABASE_URL,
  })
  await verificarChaveDeDados(db, clock, cifra, AMOSTRAS_SELADAS)
  const limiter = createRateLimiter(db, clock)
  const readCache = createReadCache({
    maxEntries: READ_CACHE_ENTRIES,
    maxAgeMs: config.READ_CACHE_MAX_AGE_MS,
    clock,
  })
  // /metrics, when METRICS_TOKEN opens it (nothing is counted otherwise): docs/operations.md "Metrics".
  const metricas = config.METRICS_TOKEN ? createMetricas(database.pool ? { pool: database.pool } : {}) : null
  const bus =
    deps.bus ??
    (await createEventBus(
      config.DATABASE_DIRECT_URL ? { ...database, urlDireta: config.DATABASE_DIRECT_URL } : database,
      (err) => app.log.error({ err }, 'event bus failed'),
      metricas ? metricas.busReligado : undefined,
      () => clock.now(),
    ))
  if (!deps.bus) app.addHook('onClose', () => bus.close())
  // Open event streams end when the server closes (it would otherwise wait for them).
  const closing = new AbortController()
  app.addHook('preClose', async () => closing.abort())
  const aoUtilizador = (evento: Evento) => (utilizadorId: number) =>
    bus.publish(canais.utilizador(utilizadorId), evento)

  // The wallets' card (decision 0047): what changes it (a ledger movement, the account's name or QR) queues its updates
  // in the change's own transaction, so the queue comes before the account and loyalty that fill it.
  const carteiras = carteirasDe(config, clock, deps.apnsCa)
  const carteiraFila = createCarteiraFila({
    clock,
    apple: carteiras.apple !== null,
    google: carteiras.google !== null,
  })

  // Platform, as the SMS provider: features queue messages with enfileirarEmail in their own transactions.
  const email = createEmailOutbox({ db, clock, transport: emailTransportFor(config, deps), log: app.log })

  const conteudos = createConteudosService(createConteudosRepository(db), clock, {
    db,
    aoAlterar: () => readCache.invalidate(CONTEUDOS_CACHE_TAGS.novidades),
    invalidar: (tag) => readCache.invalidate(tag),
    aoAlterarCampanhas: () => readCache.invalidate(CONTEUDOS_CACHE_TAGS.campanhas),
    // Asked at request time, after the loyalty service below is made.
    promocoes: {
      existe: (id) => fidelizacao.promocoes.existe(id),
      anuncio: (id) => fidelizacao.promocoes.anuncio(id),
    },
  })
  const restaurantes = createRestaurantesService(createRestaurantesRepository(db))

  const conta = createContaService({
    db,
    versoesLegais: async () => ({
      termos: await conteudos.versaoInformacaoLegal(TERMOS_TAG),
      privacidade: await conteudos.versaoInformacaoLegal(POLITICA_PRIVACIDADE_TAG),
    }),
    alteracoesLegais: () => conteudos.alteracoesRelevantes(),
    limiter,
    sms: smsContado(smsProviderFor(config, deps, app, database, clock), metricas),
    clock,
    settings: { idadeMinima: config.MINIMUM_AGE, appUrl: config.APP_URL, smsPaises: config.SMS_PAISES },
    log: app.log,
    cifra,
    aoAlterarConta: carteiraFila.alterado,
    eventos: {
      sessoesTerminadas: (utilizadorId, exceto) =>
        bus.publish(canais.utilizador(utilizadorId), { ...SESSOES_TERMINADAS, exceto }),
      utilizadorAlterado: aoUtilizador(UTILIZADOR_ALTERADO),
    },
  })

  const vapid = await vapidKeys(db, clock, {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT,
    production,
  })
  const push = createPushService({
    db,
    clock,
    sender: vapid ? createWebPushSender(vapid, deps.pushAgent) : null,
    endpointsLocais: config.PUSH_ENDPOINTS_LOCAIS === 'true',
    log: app.log,
  })
  const notificacoes = createNotificacoesService({
    db,
    clock,
    bus,
    push,
    conta,
    provisoriosAExpirar: (dias) => conta.provisoriosAExpirar(dias),
    provisionalDays: CONTA_LIMITES.provisionalDays,
    loteCampanha: deps.loteCampanha,
  })

  // Fiscal documents stand alone: the till and ordering tell them what is owed and hand them what the POS sent.
  const faturas = createFaturasService({ db, clock, alarmeMinutos: config.FISCAL_DOCUMENT_ALARM_MINUTES })

  const fidelizacao = createFidelizacaoService({
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
    aoMovimentar: carteiraFila.alterado,
    notificar: notificacoes.escrever,
    conta,
    lojas: restaurantes,
    faturas,
    // A campaign shows the promotion it announces: the read cache forgets the campaigns when one changes.
    aoAlterarPromocoes: () => readCache.invalidate(CONTEUDOS_CACHE_TAGS.campanhas),
  })

  const carteira = createCarteiraService({
    db,
    clock,
    cifra,
    log: app.log,
    ...carteiras,
    fila: carteiraFila,
    async cartaoDe(utilizadorId) {
      const daConta = await conta.cartaoConta(utilizadorId)
      return daConta && { ...daConta, ...(await fidelizacao.saldosDoCartao(utilizadorId)) }
    },
  })
  app.addHook('onClose', async () => carteira.close())

  const catalogo = createCatalogoService({
    repository: createCatalogoRepository(db),
    clock,
    onEmentaAlterada: () => readCache.invalidate(CATALOGO_CACHE_TAG),
    lojas: restaurantes,
    contribuicaoEmbalagem: config.CONTRIBUICAO_EMBALAGEM_CENTIMOS,
    semPainelMs: config.PAUSA_SEM_PAINEL_MIN * MINUTE,
  })
  const payments = paymentProviderFor(config, deps, database, clock)
  // The kitchen printers' queue, which ordering fills as orders are paid; their sender, after ordering, reads them.
  const filaImpressao = createFilaImpressao({ clock, lojas: restaurantes })
  const encomendas = createEncomendasService({
    db,
    clock,
    provider: payments.provider,
    bus,
    notificar: notificacoes.escrever,
    expirySeconds: config.MBWAY_EXPIRY_SECONDS,
    filaMinutosPorEncomenda: config.FILA_MINUTOS_POR_ENCOMENDA,
    catalogo,
    fidelizacao,
    faturas,
    lojas: restaurantes,
    consumidor: conteudos.informacaoConsumidor,
    impressao: filaImpressao,
    appUrl: config.APP_URL,
    conta,
    log: app.log,
    limiter,
    escritasLoja: LOJA_LIMITES.escritas,
    acesso: {
      chaveAtiva: (chaveId) => chaveLojaAtiva(db, chaveId),
      sessaoPainelAtiva: (sessao) => sessaoPainelAtiva(db, clock, sessao),
    },
  })

  const impressoras = createImpressorasService({
    db,
    clock,
    log: app.log,
    lojas: restaurantes,
    encomendas,
    permitirLoopback: deps.impressoraLoopback === true,
  })

  const dadosPrivados = createDadosPrivadosService({
    conta,
    fidelizacao,
    encomendasDe: (utilizadorId) => encomendas.atuais(utilizadorId),
  })

  const rgpd = createRgpdService({
    db,
    clock,
    limiter,
    log: app.log,
    settings: { appUrl: config.APP_URL },
    conta,
    fidelizacao,
    encomendas,
    notificacoes,
    faturas,
    carteira,
  })

  // The back-office: its staff, sign-in and audit log stand alone; what it manages, it asks of the owners.
  const admin = createAdminService(
    {
      db,
      clock,
      limiter,
      cifra,
      appUrl: config.APP_URL,
      lojas: restaurantes,
      semPainelMs: config.PAUSA_SEM_PAINEL_MIN * MINUTE,
    },
    {
      conteudos,
      catalogo,
      conta,
      fidelizacao,
      notificacoes,
      pessoas: { conta, fidelizacao, encomendas, rgpd, lojas: restaurantes },
      relatorios: { encomendas: encomendas.relatorio, fidelizacao: fidelizacao.relatorio, conta: conta.relatorio },
      faturas,
      mesas: encomendas.mesas,
      restaurantes: createGestaoRestaurantes({
        db,
        // A store's edit may change its price tiers, which its catalogue's prices follow.
        aoAlterar: () => {
          readCache.invalidate(RESTAURANTES_CACHE_TAG)
          readCache.invalidate(CATALOGO_CACHE_TAG)
        },
      }),
    },
  )

  if (metricas) {
    leiturasDaPlataforma(metricas, db, clock)
    leiturasDasFuncionalidades(metricas, { notificacoes, conta, carteira, encomendas, faturas })
  }

  return {
    metricas,
    db,
    clock,
    limiter,
    readCache,
    bus,
    /** Whether the bus stays in this process (SQLite) or crosses processes (PostgreSQL's LISTEN/NOTIFY). */
    busEntreProcessos: database.dialect === 'postgres',
    /** Aborted as the server closes: open streams end with it. */
    closing: closing.signal,
    /** The e-mail outbox: the jobs send it and purge it. */
    email,
    conteudos,
    restaurantes,
    conta,
    push,
    vapidPublicKey: vapid?.publicKey ?? null,
    notificacoes,
    fidelizacao,
    /** The loyalty card in Apple Wallet and Google Wallet. */
    carteira,
    catalogo,
    /** The sandbox provider, outside production, when it is the provider (its phone at /api/dev/pagamentos). */
    sandbox: production ? null : payments.sandbox,
    encomendas,
    /** The kitchen printers: the jobs send their tickets, the board reads their state and reprints. */
    impressoras,
    faturas,
    dadosPrivados,
    rgpd,
    admin,
  }
}

export type Services = Awaited<ReturnType<typeof buildServices>>
