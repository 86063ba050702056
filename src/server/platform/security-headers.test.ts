import fastifyHelmet from '@fastify/helmet'
import Fastify from 'fastify'
import type { HelmetOptions } from 'helmet'
import { describe, expect, it } from 'vitest'
import { registerSecurityHeaders, securityHeadersOf } from './security-headers.ts'

const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      frameSrc: ['https://www.openstreetmap.org'],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: [],
    },
  },
  strictTransportSecurity: true,
  crossOriginEmbedderPolicy: false,
}

async function headersFrom(register: (app: ReturnType<typeof Fastify>) => Promise<void> | void) {
  const app = Fastify()
  await register(app)
  app.get('/', () => 'ok')
  const res = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  const { date: _date, connection: _connection, 'content-length': _length, ...headers } = res.headers
  return headers
}

describe('security headers', () => {
  it('are the ones @fastify/helmet sends for the same options, worked out once', async () => {
    const once = await headersFrom((app) => registerSecurityHeaders(app, options))
    const perRequest = await headersFrom(async (app) => {
      await app.register(fastifyHelmet, options)
    })
    expect(once).toEqual(perRequest)
    expect(securityHeadersOf(options)['content-security-policy']).toBe(
      "default-src 'self';frame-src https://www.openstreetmap.org;object-src 'none';upgrade-insecure-requests",
    )
  })

  it('leave a route free to replace one of them', async () => {
    const app = Fastify()
    registerSecurityHeaders(app, options)
    app.get('/imagem', (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'))
    const res = await app.inject({ method: 'GET', url: '/imagem' })
    await app.close()
    expect(res.headers['content-security-policy']).toBe("default-src 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})
