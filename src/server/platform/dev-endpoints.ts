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
export function fromThisMachine(request: FastifyRequest, trustsProxy: boolean): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && (trustsProxy || !forwarded(request))
}

/** Headers a reverse proxy adds to say who its client is. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

/**
 * A proxy on this machine that no TRUST_PROXY names (a staging box's nginx, `vite --host`) makes every client look
 * like loopback: when no proxy is trusted, a request that says it was forwarded is not taken for this machine's.
 */
const forwarded = (request: FastifyRequest) => FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)

/**
 * The development endpoints answer only requests from this machine (they give away sign-in codes and the sandbox's
 * payments): others get the 404 of a path that does not exist, before any other hook (the API version check
 * included) tells them otherwise. `remote` (DEV_ENDPOINTS_REMOTE, never in production, where these routes do not
 * exist) opens them to every address. Matched on the route's pattern, so that an encoded path cannot slip past.
 * Global: register on the root instance, before the surfaces.
 */
export function registerDevEndpointsGuard(
  app: FastifyInstance,
  { remote, trustsProxy }: { remote: boolean; trustsProxy: boolean },
): void {
  if (remote) return
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.url?.startsWith(DEV_ENDPOINTS_PREFIX) || fromThisMachine(request, trustsProxy)) {
      return done()
    }
    reply.callNotFound()
  })
}
