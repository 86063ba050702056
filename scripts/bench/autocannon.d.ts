// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    requests?: Request[]
    timeout?: number
    /** Requests a second across all connections (paced load); none: as fast as answers come. */
    overallRate?: number
  }

  interface Request {
    method?: string
    path: string
    headers?: Record<string, string>
    body?: string
    /** Called before each request, with the connection's own context object. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }

  interface Result {
    requests: { total: number; average: number }
    latency: { p50: number; p99: number }
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this
    stop(): void
  }

  function autocannon(options: Options): Instance
  export default autocannon
}
