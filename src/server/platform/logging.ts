import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'

/**
 * Path segments that are secrets in themselves, hidden in logs: the SMS challenge hash, the GDPR links' tokens (the
 * pages and their calls), a staff invitation's token. Whoever reads the logs must not be able to use them.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^\/(registo|reset|alterar-telemovel)\/(?!informacao-legal)[^/?]+/, '/$1/:hash'],
  [/^\/(api\/)?rgpd\/(pedidos|esquecimento|portabilidade)\/[^/?]+/, '/$1rgpd/$2/:token'],
  [/^\/admin\/convite\/[^/?]+/, '/admin/convite/:token'],
]

export function redactUrl(url: string): string {
  return SECRET_PATHS.reduce((u, [pattern, replacement]) => u.replace(pattern, replacement), url)
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
