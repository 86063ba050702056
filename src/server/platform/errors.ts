import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type ApiErrorBody, type FieldErrors, FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE } from '../../shared/api.ts'

/** An error the client should see as it is: status, pt-PT title and message, optional field messages. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly title: string = GENERIC_ERROR_TITLE,
    public readonly fields?: FieldErrors,
  ) {
    super(message)
  }
}

/** A 400 naming the one field that is wrong, as a schema's failure would (the form shows it under the field). */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE, { [field]: message })

export const notFound = (message = 'O conteúdo pedido não existe.') => new HttpError(404, message, 'Não encontrado')

/**
 * What the client reads for each failure the framework or the HTTP parser produces before any route runs. Every
 * answer of the server, theirs included, is the `{ error }` envelope in pt-PT (never Fastify's English defaults).
 */
export const frameworkMessages = {
  badUrl: 'O endereço pedido não é válido.',
  urlTooLong: 'O endereço pedido é demasiado longo.',
  badJson: 'O corpo do pedido não é JSON válido.',
  tooLarge: 'O pedido é demasiado grande.',
  notJson: 'O pedido deve ser enviado em JSON.',
  tooManyRequests: 'Demasiados pedidos. Tente mais tarde.',
  badRequest: 'Pedido inválido.',
  timeout: 'O pedido demorou demasiado tempo. Tente novamente.',
  headersTooLarge: 'Os cabeçalhos do pedido são demasiado grandes.',
  closing: 'O servidor está a reiniciar. Tente novamente dentro de instantes.',
  databaseUnavailable: 'O serviço está temporariamente indisponível. Tente novamente dentro de instantes.',
  unexpected: 'Ocorreu um erro inesperado. Tente mais tarde.',
  notFound: 'O recurso pedido não existe.',
} as const

/**
 * Every 429 of the server: it says when to come back (`Retry-After`, whole seconds, at least 1, set by the error
 * handler), on every surface: the store's clients and the app alike. A limit's window end, a lock's end, the time until
 * a slot may free: `retryAfterMs` is the caller's best knowledge of it. Never `new HttpError(429, …)`.
 */
export class TooManyRequests extends HttpError {
  constructor(
    public readonly retryAfterMs: number,
    message: string = frameworkMessages.tooManyRequests,
    title = 'Demasiados pedidos',
  ) {
    super(429, message, title)
  }
}

/** `Retry-After` of a wait: whole seconds, rounded up, never less than 1. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)))

/** What a 429 without a known wait (the framework's own, should one ever come) tells the client: a minute. */
const DEFAULT_RETRY_AFTER_MS = 60_000

export function errorBody(title: string, message: string, fields?: FieldErrors): ApiErrorBody {
  return { error: fields ? { title, message, fields } : { title, message } }
}

/** What a client is told to wait before trying again while the database is out of reach. */
const DATABASE_RETRY_AFTER_MS = 5_000

/**
 * The connection-level failures of PostgreSQL's protocol, named one by one: SQLSTATE class 08 but 08P01 (a protocol
 * violation is a bug, a 500), and the server shutting down or full.
 */
const PG_UNAVAILABLE = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300'])
/** Failures of a socket: refused, reset, timed out, unreachable, a name that does not resolve. */
const SOCKET_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
])
/**
 * The mark db.ts puts on what the database client raises (where it is raised: the pool's connect and the client's
 * query). A socket error says nothing of whose socket it was; only the database's is an outage of the database, one
 * of the SMS or payment provider's HTTP client is not.
 */
const DA_BASE_DE_DADOS = Symbol.for('balcao.erroDaBaseDeDados')

const POOL_ESGOTADO = Symbol.for('balcao.poolEsgotado')

/** Marks a pool timeout that came with every connection busy (platform/db.ts): a full pool, not an outage. */
export function marcarPoolEsgotado<T>(error: T): T {
  if (error && typeof error === 'object') (error as Record<symbol, unknown>)[POOL_ESGOTADO] = true
  return error
}

/** A pool timeout that came with every connection busy (marked by platform/db.ts). */
export const isPoolExhausted = (error: unknown): boolean =>
  !!error && typeof error === 'object' && (error as Record<symbol, unknown>)[POOL_ESGOTADO] === true

/** Marks an error as raised by the database client (platform/db.ts); returns it, to be thrown on. */
export function marcarErroDaBaseDeDados<T>(error: T): T {
  if (error && typeof error === 'object') (error as Record<symbol, unknown>)[DA_BASE_DE_DADOS] = true
  return error
}
/** node-postgres's own words when its connection is gone or cannot be made in time (it gives them no code). */
const PG_CLIENT_UNAVAILABLE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/
/**
 * PgBouncer's own refusals (decision 0055), all under 08P01: PostgreSQL out of its reach, no server connection free
 * within `query_wait_timeout`, its client limit reached, or it shutting down. Only with that code and these words: any
 * other 08P01 is still a protocol violation, a bug.
 */
const PGBOUNCER_UNAVAILABLE =
  /^(pgbouncer cannot connect to server|query_wait_timeout|server conn crashed|server login has been failing|no more connections allowed|pgbouncer is shutting down|database .* is paused)/

/**
 * The database is out of reach (PostgreSQL gone, its connection cut, no connection within the pool's timeout; SQLite's
 * file locked past busy_timeout): not the request's fault nor a bug, so a 503 the client may retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null
  if (!e || typeof e !== 'object') return false
  const code = typeof e.code === 'string' ? e.code : ''
  if (PG_UNAVAILABLE.has(code) || code === 'SQLITE_BUSY') return true
  if (code === '08P01') return typeof e.message === 'string' && PGBOUNCER_UNAVAILABLE.test(e.message)
  if (SOCKET_UNAVAILABLE.has(code)) return (e as Record<symbol, unknown>)[DA_BASE_DE_DADOS] === true
  return typeof e.message === 'string' && PG_CLIENT_UNAVAILABLE.test(e.message)
}

/** The envelope of a framework error (content type, JSON, size, URL…), by its Fastify code or status. */
function frameworkErrorOf(error: FastifyError): { status: number; message: string } {
  const status = error.statusCode ?? 500
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: frameworkMessages.badUrl }
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: frameworkMessages.urlTooLong }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: frameworkMessages.badJson }
  }
  // JSON.parse's own SyntaxError, and secure-json-parse refusing __proto__ / constructor keys.
  if (status === 400 && (error instanceof SyntaxError || /prototype|constructor/i.test(error.message))) {
    return { status: 400, message: frameworkMessages.badJson }
  }
  if (status === 413) return { status, message: frameworkMessages.tooLarge }
  if (status === 415) return { status, message: frameworkMessages.notJson }
  if (status === 429) return { status, message: frameworkMessages.tooManyRequests }
  if (status >= 400 && status < 500) return { status, message: frameworkMessages.badRequest }
  return { status: 500, message: frameworkMessages.unexpected }
}

/** Every failure leaves as the `{ error }` envelope; nothing internal (stack, SQL) reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TooManyRequests) reply.header('retry-after', retryAfterSeconds(error.retryAfterMs))
    // A 429 made any other way still says when to come back.
    else if ((error.statusCode ?? 0) === 429 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', retryAfterSeconds(DEFAULT_RETRY_AFTER_MS))
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.title, error.message, error.fields))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {}
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean).join('.')
        if (field && !fields[field]) fields[field] = issue.message ?? FORM_FAILURE_MESSAGE
      }
      const hasFields = Object.keys(fields).length > 0
      return reply
        .status(400)
        .send(errorBody(GENERIC_ERROR_TITLE, FORM_FAILURE_MESSAGE, hasFields ? fields : undefined))
    }
    if (isDatabaseUnavailable(error)) {
      // The same 503 either way (retry-safe under Idempotency-Keys), but a full pool is load, not the database gone.
      request.log.warn({ err: error }, isPoolExhausted(error) ? 'pool exhausted' : 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', retryAfterSeconds(DATABASE_RETRY_AFTER_MS))
        .send(errorBody('Serviço indisponível', frameworkMessages.databaseUnavailable))
    }
    const { status, message } = frameworkErrorOf(error)
    if (status === 500) request.log.error({ err: error }, 'unhandled error')
    return reply.status(status).send(errorBody(GENERIC_ERROR_TITLE, message))
  })

  // While the server drains (graceful shutdown), new requests get a 503 envelope rather than Fastify's own body;
  // `return503OnClosing: false` in frameworkOptions hands them to this hook.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done()
    reply.status(503).header('connection', 'close').send(errorBody('Indisponível', frameworkMessages.closing))
  })
}

/**
 * The Fastify options that route the framework's own early answers (a URL that does not decode, a parameter past its
 * length, an HTTP request the parser refused, a request during shutdown) through the envelope.
 */
export const frameworkOptions = {
  return503OnClosing: false,
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    const { status, message } = frameworkErrorOf(error)
    return reply.status(status).send(errorBody(GENERIC_ERROR_TITLE, message))
  },
  clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, frameworkMessages.timeout]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, frameworkMessages.headersTooLarge]
          : [400, frameworkMessages.badRequest]
    const body = JSON.stringify(errorBody(GENERIC_ERROR_TITLE, message))
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    }
    socket.destroy(error)
  },
} satisfies Partial<FastifyServerOptions>
