import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'

/** Path segments that are secrets in themselves (the SMS challenge hash), hidden in logs. */
const SECRET_PATHS = /^\/(registo|reset|alterar-telemovel)\/(?!informacao-legal)[^/?]+/

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '/$1/:hash')
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
    else reply.log.info(line, 'request completed')
  }
}
