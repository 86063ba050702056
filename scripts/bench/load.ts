// HTTP load with autocannon from this process, and the CPU everything used while it ran.
import http from 'node:http'
import autocannon from 'autocannon'
import { machineCpu, processCpuMs } from './machine.ts'

export interface Target {
  origin: string
  /** Requested in turn on each connection. */
  paths: string[]
  connections: number
}

export interface LoadResult {
  requests: number
  seconds: number
  /** Every answer's latency (ms), as autocannon timed it. */
  latencies: number[]
  /** Answers other than 2xx by status, plus `error` and `timeout`. */
  failures: Record<string, number>
  /** CPU time (ms) of each watched process over the window. */
  cpuMs: number[]
  loadGeneratorCpuMs: number
  machine: { busyMs: number; totalMs: number } | undefined
}

/** All targets at once for `seconds`, keep-alive connections, each request with `headers`. */
export async function drive(options: {
  targets: Target[]
  seconds: number
  headers: Record<string, string>
  /** Processes whose CPU time is reported (the servers). */
  watch: number[]
}): Promise<LoadResult> {
  const latencies: number[] = []
  const failures: Record<string, number> = {}
  const count = (what: string, n: number) => {
    if (n > 0) failures[what] = (failures[what] ?? 0) + n
  }
  const cpuFrom = options.watch.map(processCpuMs)
  const selfFrom = process.cpuUsage()
  const machineFrom = machineCpu()
  const started = performance.now()
  const results = await Promise.all(
    options.targets.map((target) => {
      const instance = autocannon({
        url: target.origin,
        connections: target.connections,
        duration: options.seconds,
        headers: options.headers,
        requests: target.paths.map((path) => ({ method: 'GET', path })),
      })
      instance.on('response', (_client, status, _bytes, ms) => {
        latencies.push(ms)
        if (status < 200 || status > 299) count(String(status), 1)
      })
      return instance
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const self = process.cpuUsage(selfFrom)
  const machineTo = machineCpu()
  for (const result of results) {
    count('error', result.errors - result.timeouts)
    count('timeout', result.timeouts)
  }
  return {
    requests: results.reduce((n, r) => n + r['2xx'], 0),
    seconds,
    latencies,
    failures,
    cpuMs: options.watch.map((pid, i) => processCpuMs(pid) - (cpuFrom[i] ?? Number.NaN)),
    loadGeneratorCpuMs: (self.user + self.system) / 1000,
    machine:
      machineTo && machineFrom
        ? { busyMs: machineTo.busyMs - machineFrom.busyMs, totalMs: machineTo.totalMs - machineFrom.totalMs }
        : undefined,
  }
}

/** Several windows as one: their requests, time, latencies and CPU added up. */
export function combine(results: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => results.reduce((n, r) => n + pick(r), 0)
  const failures: Record<string, number> = {}
  for (const r of results) {
    for (const [what, n] of Object.entries(r.failures)) failures[what] = (failures[what] ?? 0) + n
  }
  const machines = results.map((r) => r.machine)
  return {
    requests: sum((r) => r.requests),
    seconds: sum((r) => r.seconds),
    latencies: results.flatMap((r) => r.latencies),
    failures,
    cpuMs: (results[0]?.cpuMs ?? []).map((_, i) => sum((r) => r.cpuMs[i] ?? Number.NaN)),
    loadGeneratorCpuMs: sum((r) => r.loadGeneratorCpuMs),
    machine: machines.every((m) => m !== undefined)
      ? { busyMs: sum((r) => r.machine?.busyMs ?? 0), totalMs: sum((r) => r.machine?.totalMs ?? 0) }
      : undefined,
  }
}

export const rate = (r: LoadResult) => r.requests / r.seconds

export const failed = (r: LoadResult) => Object.values(r.failures).reduce((n, c) => n + c, 0)

export const failuresText = (r: LoadResult) =>
  Object.entries(r.failures)
    .map(([what, n]) => `${what}×${n}`)
    .join(', ') || 'none'

/** Share of the machine's core time that went to other work than the watched servers and this load generator. */
export function otherWork(r: LoadResult): number {
  if (!r.machine) return Number.NaN
  const ours = r.cpuMs.reduce((n, ms) => n + ms, 0) + r.loadGeneratorCpuMs
  return Math.max(0, r.machine.busyMs - ours) / r.machine.totalMs
}

/** A request without an answer this long counts as failed. */
export const REQUEST_TIMEOUT_MS = 10_000

export interface Reply {
  status: number
  body: string
}

/** A JSON POST on `agent` (keep-alive, so each caller may hold a connection of its own), its status and body. */
export function postJson(
  agent: http.Agent,
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Reply> {
  return new Promise<Reply>((done, fail) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body)
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', fail)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)))
    req.on('error', fail)
    req.end(payload)
  })
}
