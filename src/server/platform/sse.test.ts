import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { openSse } from './sse.ts'

describe('openSse', () => {
  const closing = new AbortController()
  let app: ReturnType<typeof Fastify> | undefined
  afterEach(async () => {
    await app?.close()
  })

  it('a client gone while the route was still checking who it is: the stream is over at once, not held forever', async () => {
    // The route's slow part (a key or session check) is released by the test once the client has left.
    let release = () => {}
    const checked = new Promise<void>((resolve) => {
      release = resolve
    })
    let seenClose = () => {}
    const clientGone = new Promise<void>((resolve) => {
      seenClose = resolve
    })
    let closedAfterOpen: Promise<boolean> | undefined
    app = Fastify()
    app.get('/stream', async (request: FastifyRequest, reply: FastifyReply) => {
      request.raw.once('close', seenClose)
      await checked
      const stream = openSse(request, reply, closing.signal, { heartbeatMs: 60_000 })
      closedAfterOpen = Promise.race([
        stream.closed.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
      ])
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const req = httpRequest({ host: '127.0.0.1', port, path: '/stream' })
    req.on('error', () => {})
    req.end()
    // Give the request time to reach the route, then drop the connection before the route opens the stream.
    await new Promise((resolve) => setTimeout(resolve, 100))
    req.destroy()
    await clientGone
    release()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(closedAfterOpen).toBeDefined()
    expect(await closedAfterOpen).toBe(true)
  })
})
