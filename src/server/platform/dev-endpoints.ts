import { BlockList } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** The development endpoints (`GET /api/dev/sms`, `/api/dev/pagamentos`…): every route under this path. */
export const DEV_ENDPOINTS_PREFIX = '/api/dev/'

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x (`::ffff:127.0.0.1`), however written. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const host = address.split('%')[0] ?? address
  try {
    return loopback.check(host, host.includes(':') ? 'ipv6' : 'ipv4')
  } catch {
    return false
  }
}

/**
 * Whether a request comes from this machine. Both must be loopback: the socket's peer (the connection itself, which no
 * header can forge) and `request.ip` (the client as the trusted proxies report it when TRUST_PROXY is set, else the
 * peer again). Behind a proxy on this machine, the peer is always loopback and `request.ip` tells whether the client
 * is too; and a hop-count TRUST_PROXY believes whatever X-Forwarded-For a direct remote client sends, which the peer
 * check refuses. X-Forwarded-For is never read here by itself.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip)
}

/**
 * The development endpoints answer only requests from this machine (they give away sign-in codes and the sandbox's
 * payments): others get the 404 of a path that does not exist, before any other hook (the API version check
 * included) tells them otherwise. `remote` (DEV_ENDPOINTS_REMOTE, never in production, where these routes do not
 * exist) opens them to every address. Matched on the route's pattern, so that an encoded path cannot slip past.
 * Global: register on the root instance, before the surfaces.
 */
export function registerDevEndpointsGuard(app: FastifyInstance, { remote }: { remote: boolean }): void {
  if (remote) return
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.url?.startsWith(DEV_ENDPOINTS_PREFIX) || fromThisMachine(request)) return done()
    reply.callNotFound()
  })
}
