import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Clock } from './clock.ts'
import type { Database } from './db.ts'
import { HttpError } from './errors.ts'
import type { SmsProvider } from './sms.ts'

/**
 * `/metrics` (docs/operations.md "Metrics"): Prometheus' text format through prom-client, one registry per
 * app (tests build many in a process). Counters and histograms move as requests run; the figures that live in the
 * database (outboxes, payments, reconciliation) are read when scraped, by the feature that owns each table.
 */

/** A figure read at scrape time: its value, or values by label. */
export type Leitura = () => Promise<number | Record<string, number>>

export interface Metricas {
  registry: Registry
  /** An event stream opened (SSE) on a route; the returned function counts it closed, once. */
  streamAberto(rota: string): () => void
  /** The event bus's listening connection came back after it was lost. */
  busReligado(): void
  /** One SMS handed to the provider, or refused by it. */
  sms(resultado: 'enviado' | 'falhado'): void
  /** A gauge read at scrape time (`nome` without the prefix); with labels when the reading gives them. */
  leitura(nome: string, ajuda: string, ler: Leitura, label?: string): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, when METRICS_TOKEN opens /metrics; null otherwise (nothing is counted). */
    metricas: Metricas | null
  }
}

const PREFIXO = 'balcao_'

export function createMetricas(opcoes: { pool?: pg.Pool } = {}): Metricas {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const streams = new Gauge({
    name: `${PREFIXO}event_streams_abertos`,
    help: "Event streams (SSE) open in this process, by route (the customer app's, the store board's).",
    labelNames: ['rota'],
    registers: [registry],
  })
  const religacoes = new Counter({
    name: `${PREFIXO}event_bus_religacoes_total`,
    help: "Times the event bus's PostgreSQL listening connection was lost and came back.",
    registers: [registry],
  })
  const sms = new Counter({
    name: `${PREFIXO}sms_total`,
    help: 'SMS handed to the provider (sent in the request: there is no SMS queue), by outcome.',
    labelNames: ['resultado'],
    registers: [registry],
  })
  const { pool } = opcoes
  if (pool) {
    new Gauge({
      name: `${PREFIXO}db_pool_ligacoes`,
      help: 'PostgreSQL pool connections of this process: total, idle, and requests waiting for one.',
      labelNames: ['estado'],
      registers: [registry],
      collect() {
        this.set({ estado: 'total' }, pool.totalCount)
        this.set({ estado: 'livres' }, pool.idleCount)
        this.set({ estado: 'em_espera' }, pool.waitingCount)
      },
    })
  }

  return {
    registry,
    streamAberto(rota) {
      streams.inc({ rota })
      let fechado = false
      return () => {
        if (fechado) return
        fechado = true
        streams.dec({ rota })
      }
    },
    busReligado: () => religacoes.inc(),
    sms: (resultado) => sms.inc({ resultado }),
    leitura(nome, ajuda, ler, label) {
      new Gauge({
        name: `${PREFIXO}${nome}`,
        help: ajuda,
        labelNames: label ? [label] : [],
        registers: [registry],
        async collect() {
          const valor = await ler()
          if (typeof valor === 'number') this.set(valor)
          else if (label) {
            this.reset()
            for (const [k, v] of Object.entries(valor)) this.set({ [label]: k }, v)
          }
        },
      })
    },
  }
}

/** The platform's own tables: the e-mail outbox's depth and the age of its oldest pending message. */
export function leiturasDaPlataforma(metricas: Metricas, db: Database, clock: Clock): void {
  const pendentes = () =>
    db.selectFrom('email_outbox').where('enviado_em', 'is', null).where('desistido_em', 'is', null)
  metricas.leitura('email_outbox_pendentes', 'E-mails queued and not yet sent nor given up.', async () => {
    const r = await pendentes()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst()
    return Number(r?.n ?? 0)
  })
  metricas.leitura('email_outbox_idade_segundos', 'Age of the oldest e-mail still queued (0: none).', async () =>
    idadeEmSegundos(
      clock,
      (
        await pendentes()
          .select((eb) => eb.fn.min('criado_em').as('m'))
          .executeTakeFirst()
      )?.m,
    ),
  )
  metricas.leitura(
    'email_outbox_desistidos',
    'E-mails given up after every attempt (kept a while for the operators).',
    async () => {
      const r = await db
        .selectFrom('email_outbox')
        .where('desistido_em', 'is not', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
      return Number(r?.n ?? 0)
    },
  )
}

/** The SMS provider, each send counted by its outcome (the provider's error goes on to the caller). */
export function smsContado(provider: SmsProvider, metricas: Metricas | null): SmsProvider {
  if (!metricas) return provider
  return {
    name: provider.name,
    async send(to, text) {
      try {
        await provider.send(to, text)
        metricas.sms('enviado')
      } catch (error) {
        metricas.sms('falhado')
        throw error
      }
    },
  }
}

/** Seconds since an ISO instant (0 without one): how long the oldest item of a queue has waited. */
export function idadeEmSegundos(clock: Clock, iso: unknown): number {
  if (typeof iso !== 'string') return 0
  return Math.max(0, Math.round((clock.now().getTime() - Date.parse(iso)) / 1000))
}

/**
 * Every request counted and timed by its route's pattern (never its URL: ids would make a series per customer) and
 * status; `/metrics` itself answers only a scraper with the token.
 */
export function registarMetricas(app: FastifyInstance, metricas: Metricas, token: string): void {
  const pedidos = new Counter({
    name: `${PREFIXO}http_pedidos_total`,
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['metodo', 'rota', 'estado'],
    registers: [metricas.registry],
  })
  const duracao = new Histogram({
    name: `${PREFIXO}http_duracao_segundos`,
    help: 'Time to answer HTTP requests, by method, route pattern and status class.',
    labelNames: ['metodo', 'rota', 'classe'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricas.registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    const rota = request.routeOptions.url ?? 'sem-rota'
    const metodo = request.method
    pedidos.inc({ metodo, rota, estado: String(reply.statusCode) })
    duracao.observe({ metodo, rota, classe: `${String(reply.statusCode)[0]}xx` }, reply.elapsedTime / 1000)
  })

  const esperado = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', { config: { metricas: true } }, async (request, reply) => {
    const dado = Buffer.from(request.headers.authorization ?? '')
    if (dado.length !== esperado.length || !timingSafeEqual(dado, esperado)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"')
      throw new HttpError(401, 'Indique o token das métricas.', 'Não autorizado')
    }
    reply.header('cache-control', 'no-store')
    return reply.type(metricas.registry.contentType).send(await metricas.registry.metrics())
  })
}
