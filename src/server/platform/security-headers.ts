import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/** The headers helmet sets for `options`: it sets the same ones on every response when no directive is a function. */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket())
  const response = new ServerResponse(request)
  helmet(options)(request, response, (error) => {
    if (error) throw error
  })
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]))
}

/**
 * Helmet's security headers on every response, worked out once at boot. @fastify/helmet builds a new helmet on every
 * request (parsing and checking the whole CSP again): a sixth of the server's CPU on a cached content read
 * (docs/decisions/0008). The headers go with the reply's own, so a route that hijacks the reply and writes the raw
 * response itself must send `reply.getHeaders()` too. Global: register on the root instance.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
