import type { FastifyServerOptions } from 'fastify'

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
