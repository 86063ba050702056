import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'

/**
 * Path segments that are secrets in themselves, hidden in logs: the SMS challenge hash, the GDPR links' tokens (the
 * pages and their calls), a staff invitation's token, a guest's challenge hash and the token of their order's link. Whoever reads the logs must not be able to use them.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^\/(registo|reset|alterar-telemovel)\/(?!informacao-legal)[^/?]+/, '/$1/:hash'],
  [/^\/(api\/)?rgpd\/(pedidos|esquecimento|portabilidade)\/[^/?]+/, '/$1rgpd/$2/:token'],
  [/^\/admin\/convite\/[^/?]+/, '/admin/convite/:token'],
  [/^\/api\/convidado\/seguir\/[^/?]+/, '/api/convidado/seguir/:token'],
  [/^\/api\/convidado\/(?!seguir)[^/?]+/, '/api/convidado/:hash'],
]

/**
 * Query parameters written to the log as they came: the lists' paging and filters, which name no one and open nothing.
 * Any other parameter's value is hidden, whatever its name: ifthenpay's callback carries its anti-phishing key
 * (`chave`), the back-office's customer search a whole phone number (`telemovel`), the development outbox a phone
 * (`para`); an allow-list also covers the ones added later (docs/decisions/0030-limits-and-redaction.md).
 */
const LOGGED_QUERY = new Set([
  'pagina',
  'ordenar',
  'direcao',
  'de',
  'ate',
  'loja',
  'id_loja',
  'restaurante',
  'rating',
  'estado',
  'acao',
  'utilizador',
  'referencia',
  'v',
])

/** What a hidden query value is written as. */
export const HIDDEN = 'oculto'

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair
      const eq = pair.indexOf('=')
      let name: string
      try {
        name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replaceAll('+', ' '))
      } catch {
        name = ''
      }
      if (LOGGED_QUERY.has(name)) return pair
      // A segment without `=` is all value as far as anyone knows (`?912345678`): hidden whole, not only after a `=`.
      return eq < 0 ? HIDDEN : `${pair.slice(0, eq)}=${HIDDEN}`
    })
    .join('&')
}

/** A request's URL as the log writes it: secret path segments and every query value not known to be harmless hidden. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  const redacted = SECRET_PATHS.reduce((u, [pattern, replacement]) => u.replace(pattern, replacement), path)
  return q < 0 ? redacted : `${redacted}?${redactQuery(url.slice(q + 1))}`
}

/**
 * Request logs name the method, the path (secret segments hidden) and the status; never bodies, cookies, tokens,
 * codes or phone numbers.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  }
}

/** A provider's error text without the phone numbers it may quote (logs carry no personal data). */
export const withoutPhoneNumbers = (text: string) => text.replace(/\+?\d[\d\s-]{7,}\d/g, '[número]')

/**
 * One line a request, written when its answer has gone, with the method, the path and the status. Fastify writes two
 * (incoming, completed), and on a cached content read each line cost about a tenth of the server's CPU
 * (docs/decisions/0008). Its other lines (errors, routes not found, answers that fail their schema) stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else if (routineReads.has(request)) reply.log.debug(line, 'request completed')
    else reply.log.info(line, 'request completed')
  }
}

const routineReads = new WeakSet<FastifyRequest>()

/**
 * Marks a public content read answered from the read cache (a hit): its line is written at `debug`, not `info`. Such
 * reads are most of the traffic, the same for everyone and carry nothing to act on, and at `info` the line cost a
 * quarter of the CPU of the read (docs/decisions/0008); a balancer's or CDN's access log counts them. A miss (it went
 * to the database), a failure, and every other request are logged at `info` as before.
 */
export function logAsRoutine(request: FastifyRequest): void {
  routineReads.add(request)
}
