// Content reads: requests per second and p99 of the real app beside a bare Fastify route that sends the very same
// bytes and headers (the most any Fastify server could do with these answers), side by side in one run. Target: the
// app at ≥ 60% of the bare route's requests per second.
//
// Settings (environment): BENCH_WARMUP_S (3), BENCH_WINDOW_S (3), BENCH_ROUNDS (2), BENCH_CONNECTIONS (20).
import { rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { resolve } from 'node:path'
import { API_VERSION, API_VERSION_HEADER } from '../../src/shared/api.ts'
import { type ServerProcess, seedDemoContent, startApp, startServer } from './app-process.ts'
import type { RecordedAnswer } from './bare-fastify.ts'
import { createBenchDatabase } from './databases.ts'
import { combine, drive, failed, failuresText, type LoadResult, otherWork, rate } from './load.ts'
import { cores } from './machine.ts'
import {
  type Benchmark,
  type BenchReport,
  bullets,
  type Figure,
  mark,
  ms,
  percent,
  percentile,
  perSecond,
  setting,
  table,
} from './report.ts'

const TARGET_RATIO = 0.6

/** Other work past this share of the machine makes a run's figures less sure, and the section says so. */
export const NOISY_MACHINE = 0.1

/**
 * What the web app's API client sends (src/web/lib/api.ts) with what Chromium adds that changes the answer: the
 * codings it accepts. No cookie: a first visit holds none, and public reads set none (sessions.ts: reads need no
 * session).
 */
export const BROWSER_READ_HEADERS = {
  accept: 'application/json',
  [API_VERSION_HEADER]: API_VERSION,
  'accept-encoding': 'gzip, deflate, br, zstd',
}

/** Headers the server's HTTP layer writes by itself on every answer, not part of what the route sends. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

/** The content reads the web app makes most, the ordering catalogue among them, with real ids from the seed. */
export async function contentPaths(origin: string): Promise<string[]> {
  const read = async <T>(path: string) =>
    ((await (await fetch(`${origin}${path}`, { headers: BROWSER_READ_HEADERS })).json()) as { data: T }).data
  const restaurantes = await read<{ tag: string; lojas: { tag: string }[] }[]>('/api/restaurantes')
  const restaurante = restaurantes.find((r) => r.lojas.length > 0)
  if (!restaurante?.lojas[0]) throw new Error('the seeded database has no restaurant with a store')
  const [loja] = await read<{ id_loja: number }[]>('/api/lojas-encomenda')
  if (!loja) throw new Error('the seeded database has no store that takes orders')
  return [
    '/api/novidades',
    `/api/restaurantes/${restaurante.tag}`,
    `/api/restaurantes/${restaurante.tag}/lojas/${restaurante.lojas[0].tag}`,
    `/api/catalogo/${loja.id_loja}`,
  ]
}

/** The app's answer to one request, bytes as sent (still compressed) and headers as written. */
function record(origin: string, path: string): Promise<RecordedAnswer> {
  return new Promise((done, fail) => {
    http
      .get(`${origin}${path}`, { headers: BROWSER_READ_HEADERS, agent: false }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', fail)
        res.on('end', () => {
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (CONNECTION_HEADERS.has(name) || value === undefined) continue
            if (Array.isArray(value))
              return fail(new Error(`${path}: ${name} sent twice; a public read sends no cookie`))
            headers[name] = value
          }
          done({ path, status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') })
        })
      })
      .on('error', fail)
  })
}

interface Side {
  name: 'app' | 'bare'
  server: ServerProcess
}

interface PathResult {
  path: string
  answer: RecordedAnswer
  app: LoadResult
  bare: LoadResult
  /** The app still sent the recorded bytes after the load. */
  sameAfter: boolean
}

async function measurePath(
  path: string,
  answer: RecordedAnswer,
  app: Side,
  bare: Side,
  { warmupS, windowS, rounds, connections }: { warmupS: number; windowS: number; rounds: number; connections: number },
): Promise<PathResult> {
  const window = (side: Side, seconds: number) =>
    drive({
      targets: [{ origin: side.server.origin, paths: [path], connections }],
      seconds,
      headers: BROWSER_READ_HEADERS,
      watch: [side.server.pid],
    })
  await window(bare, warmupS)
  await window(app, warmupS)
  // Short windows in the order bare, app, app, bare, repeated: what else the machine does meanwhile falls on both alike.
  const windows: Record<Side['name'], LoadResult[]> = { app: [], bare: [] }
  for (let round = 0; round < rounds; round++) {
    for (const side of [bare, app, app, bare]) windows[side.name].push(await window(side, windowS))
  }
  const after = await record(app.server.origin, path)
  return {
    path,
    answer,
    app: combine(windows.app),
    bare: combine(windows.bare),
    sameAfter: after.body === answer.body && JSON.stringify(after.headers) === JSON.stringify(answer.headers),
  }
}

export const contentReads: Benchmark = {
  name: 'content',
  async run(settings): Promise<BenchReport> {
    const warmupS = setting('BENCH_WARMUP_S', 3, 0, 60)
    const windowS = setting('BENCH_WINDOW_S', 3, 1, 120)
    const rounds = setting('BENCH_ROUNDS', 2, 1, 20)
    const connections = setting('BENCH_CONNECTIONS', 20, 1, 1000)
    const serverPlacement = settings.pin ? { pin: '0' } : {}
    const database = await createBenchDatabase('sqlite', undefined)
    const answersFile = resolve('.tmp/bench-content-answers.json')
    const servers: ServerProcess[] = []
    try {
      await seedDemoContent(database.url)
      const appServer = await startApp(database.url, serverPlacement)
      servers.push(appServer)
      const paths = await contentPaths(appServer.origin)
      const answers = await Promise.all(paths.map((path) => record(appServer.origin, path)))
      writeFileSync(answersFile, JSON.stringify(answers))
      const bareServer = await startServer(
        (port) => [process.execPath, '--import', 'tsx', 'scripts/bench/bare-fastify.ts', String(port), answersFile],
        paths[0] as string,
        serverPlacement,
        () => ({ PATH: process.env.PATH, NODE_ENV: 'production' }),
      )
      servers.push(bareServer)

      const results: PathResult[] = []
      for (const [i, path] of paths.entries()) {
        console.log(
          `content: ${path}: ${warmupS} s warm-up each, then ${rounds} × (bare, app, app, bare) × ${windowS} s…`,
        )
        results.push(
          await measurePath(
            path,
            answers[i] as RecordedAnswer,
            { name: 'app', server: appServer },
            { name: 'bare', server: bareServer },
            { warmupS, windowS, rounds, connections },
          ),
        )
      }

      const ratio = (r: PathResult) => rate(r.app) / rate(r.bare)
      const figures: Figure[] = results.flatMap((r) => [
        {
          name: `${r.path}: app ÷ bare Fastify, requests/s`,
          value: `${percent(rate(r.app), rate(r.bare))} (${perSecond(rate(r.app))} ÷ ${perSecond(rate(r.bare))})`,
          target: `≥ ${TARGET_RATIO * 100}%`,
          met: ratio(r) >= TARGET_RATIO,
        },
        {
          name: `${r.path}: p99 latency, app (bare)`,
          value: `${ms(percentile(r.app.latencies, 99))} (${ms(percentile(r.bare.latencies, 99))})`,
          target: '—',
          met: null,
        },
      ])
      const checksPassed = results.every((r) => failed(r.app) === 0 && failed(r.bare) === 0 && r.sameAfter)
      const busiest = Math.max(...results.flatMap((r) => [otherWork(r.app), otherWork(r.bare)]))

      const body = (r: PathResult) => {
        const bytes = Buffer.from(r.answer.body, 'base64').length
        return `${bytes} B ${r.answer.headers['content-encoding'] ?? 'identity'}`
      }
      const cpuPerRequest = (r: LoadResult) => ((r.cpuMs[0] ?? Number.NaN) * 1000) / r.requests
      const microseconds = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} µs` : '—')
      const markdown = [
        '## Content reads: the app beside a bare Fastify route',
        '',
        bullets([
          'the app: the real server (`src/server/main.ts`, `NODE_ENV=production`, the default log level `info`) on a ' +
            `SQLite database filled by \`db:seed\` (${database.version}); after the first request it answers from its ` +
            'read-model cache (docs/decisions/0008), and such a cache hit writes its request line at `debug`, so none ' +
            'here: every other request (a miss, a failure, any write) writes one',
          'the yardstick: a bare Fastify process (`scripts/bench/bare-fastify.ts`: no plugins, hooks or logger) whose ' +
            'route sends the bytes and headers the app sent to the same request, recorded just before: the same body, ' +
            'already compressed, the same security headers, ETag and Vary. It is the most any Fastify server could do ' +
            'with these answers',
          `requests: as the web app sends them from Chromium on a first visit: ${Object.entries(BROWSER_READ_HEADERS)
            .map(([k, v]) => `\`${k}: ${v}\``)
            .join(', ')}; no cookie (a first visit holds none, and public reads set none)`,
          `placement: ${
            settings.pin
              ? 'each server in turn pinned to core 0 (taskset), the load generator (autocannon, in the runner) on ' +
                `core${cores > 2 ? `s 1–${cores - 1}` : ' 1'}`
              : 'no pinning'
          }; ${connections} keep-alive connections; per route ${warmupS} s warm-up of each, then ${rounds} rounds of ` +
            `${windowS} s windows in the order bare, app, app, bare; each figure is over all the windows of its side`,
          'how to read it: the req/s ratio is the target. CPU per request is the server process’s own time per answer ' +
            '(from /proc), and its ratio (bare ÷ app) is what the req/s ratio would be with the server alone on its ' +
            'core and a load generator that never runs short; the req/s ratio comes out higher when the load ' +
            'generator, not the server, limits the bare route. "Other work" is the share of both cores that went to ' +
            'neither server nor load generator while it measured (other people’s jobs on a shared machine)',
          'the ordering catalogue (`/api/catalogo/{id_loja}`, a store with a whole POS menu) is a content read too: the same ' +
            'for everyone, from the read cache',
        ]),
        '',
        table(
          [
            'route',
            'answer',
            'app req/s',
            'bare req/s',
            'app ÷ bare',
            'app p99',
            'bare p99',
            'CPU/request app, bare',
            'bare ÷ app CPU',
            'other work',
            'failed requests',
          ],
          results.map((r) => [
            `\`${r.path}\``,
            body(r),
            perSecond(rate(r.app)),
            perSecond(rate(r.bare)),
            `${percent(rate(r.app), rate(r.bare))} ${mark(ratio(r) >= TARGET_RATIO)}`,
            ms(percentile(r.app.latencies, 99)),
            ms(percentile(r.bare.latencies, 99)),
            `${microseconds(cpuPerRequest(r.app))}, ${microseconds(cpuPerRequest(r.bare))}`,
            percent(cpuPerRequest(r.bare), cpuPerRequest(r.app)),
            `${percent(otherWork(r.app), 1)}, ${percent(otherWork(r.bare), 1)}`,
            `${failuresText(r.app)}; ${failuresText(r.bare)}`,
          ]),
        ),
        '',
        ...(busiest > NOISY_MACHINE
          ? [
              `⚠ Other work took up to ${percent(busiest, 1)} of the machine during these windows: both servers had ` +
                'less CPU than they would alone, and the figures are less sure than on a quiet machine.',
              '',
            ]
          : []),
        `Checks: ${checksPassed ? 'OK' : 'FAILED'}: every answer 2xx, and the app still sent the recorded bytes and headers after the load.`,
      ].join('\n')
      return { markdown, figures, checksPassed }
    } finally {
      for (const server of servers) await server.stop()
      rmSync(answersFile, { force: true })
      await database.drop()
    }
  },
}
