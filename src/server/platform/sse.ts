import { randomInt } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** A heartbeat this often keeps proxies and phones from closing an idle stream, and finds dead ones. */
export const SSE_HEARTBEAT_MS = 25_000

/**
 * How long a browser waits before reconnecting a dropped stream by itself: each stream is told its own wait in this
 * range, so that the thousands of streams a restart or a deploy drops together come back spread over seconds, not at
 * once.
 */
export const SSE_RETRY_MIN_MS = 2_000
export const SSE_RETRY_MAX_MS = 8_000

export interface SseOptions {
  heartbeatMs?: number
  /**
   * The heartbeat as an event (`event: ping`) rather than a comment line. EventSource never shows a page a comment, so a
   * page cannot tell a quiet stream from a dead one (a phone's half-open connection stays OPEN forever); a `ping` it
   * sees lets it reopen a stream that has been silent too long. Off for clients that know only their own events.
   */
  pingEvent?: boolean
  /**
   * The id each heartbeat `ping` event carries, when the stream has one to give: where it stands in the event log, so
   * that a stream quiet for longer than the log is kept still knows a place the log holds (decision 0056).
   */
  pingId?: () => string | undefined
}

export interface SseStream {
  /** Sends one event; `id` lets a reconnecting client say where it was (Last-Event-ID). */
  send(event: string, data: unknown, id?: string): void
  /** Ends the stream from this side (the client is told nothing more will come). */
  end(): void
  /** Resolves when the client goes away (or the server closes). */
  closed: Promise<void>
}

/**
 * Turns a GET into a Server-Sent Events stream (text/event-stream). The reply is taken over from Fastify (no
 * compression, no serializer): the security headers it would have added are written here.
 */
export function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  /** Aborted when the server closes: the stream ends so that the server can. */
  closing: AbortSignal,
  { heartbeatMs = SSE_HEARTBEAT_MS, pingEvent = false, pingId }: SseOptions = {},
): SseStream {
  reply.hijack()
  const res = reply.raw
  // The headers the reply gathered so far go out too, as Fastify would have sent them: the security headers (CSP,
  // nosniff, frame and referrer policies… set on every request: platform/security-headers.ts), a surface's own
  // (cache-control), a cookie the session hook set. The stream's own come after, and win.
  const gathered = Object.entries(reply.getHeaders()).filter(
    (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
  )
  res.writeHead(200, {
    ...Object.fromEntries(gathered),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  })
  // Tells EventSource how long to wait before reconnecting, and flushes the headers at once.
  res.write(`retry: ${randomInt(SSE_RETRY_MIN_MS, SSE_RETRY_MAX_MS + 1)}\n\n`)
  // An id only when the stream gives one: otherwise the heartbeat must not move the Last-Event-ID a browser sends.
  const ping = pingEvent ? 'event: ping\ndata: {}\n\n' : ': ping\n\n'
  const heartbeat = setInterval(() => {
    if (res.writableEnded || res.destroyed) return
    const id = pingEvent ? pingId?.() : undefined
    res.write(id ? `id: ${id}\n${ping}` : ping)
  }, heartbeatMs)
  heartbeat.unref()
  const contado = request.server.metricas?.streamAberto(request.routeOptions.url ?? 'sem-rota')
  const closed = new Promise<void>((resolve) => {
    const end = () => {
      clearInterval(heartbeat)
      contado?.()
      resolve()
    }
    request.raw.on('close', end)
    res.on('close', end)
    // A client that left while the route was still checking who it is (a slow key or session check) closed before
    // these listeners existed: its stream is over now, or its slot, subscription and timers would outlive it.
    if (request.raw.destroyed || res.destroyed || res.socket?.destroyed) end()
  })
  const stop = () => res.end()
  if (closing.aborted) stop()
  else closing.addEventListener('abort', stop, { once: true })
  void closed.then(() => closing.removeEventListener('abort', stop))
  return {
    send(event, data, id) {
      if (res.writableEnded || res.destroyed) return
      res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    },
    end: stop,
    closed,
  }
}
