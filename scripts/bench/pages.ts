// Rendered pages: time to first byte of the customer pages the server renders with the app's own components
// (src/web/entry-server.tsx), at 50 concurrent connections, as a visitor past the onboarding asks for them. Target:
// p99 ≤ 50 ms. Needs the built app (`npm run build`: dist/web and dist/ssr).
//
// Settings (environment): BENCH_WARMUP_S (3), BENCH_WINDOW_S (5), BENCH_CONNECTIONS (50).
import { existsSync } from 'node:fs'
import { API_VERSION, API_VERSION_HEADER } from '../../src/shared/api.ts'
import { seedDemoContent, startApp } from './app-process.ts'
import { createBenchDatabase } from './databases.ts'
import { drive, failed, failuresText, type LoadResult, otherWork, rate } from './load.ts'
import {
  type Benchmark,
  type BenchReport,
  bullets,
  type Figure,
  ms,
  percent,
  percentile,
  perSecond,
  setting,
  table,
} from './report.ts'

const TARGET_P99_MS = 50

/** A visitor's session past the onboarding, as the app's first screen leaves it: its cookie. */
async function visitorCookie(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/grava-saw-onboarding`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', [API_VERSION_HEADER]: API_VERSION },
    body: JSON.stringify({ value: true }),
  })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!res.ok || !cookie) throw new Error(`grava-saw-onboarding → ${res.status}, no session`)
  return cookie
}

/** The home, the restaurants, a restaurant and a store page, with real tags from the seed. */
async function pagePaths(origin: string): Promise<string[]> {
  const res = await fetch(`${origin}/api/restaurantes`, {
    headers: { accept: 'application/json', [API_VERSION_HEADER]: API_VERSION },
  })
  const { data } = (await res.json()) as { data: { tag: string; lojas: { tag: string }[] }[] }
  const restaurante = data.find((r) => r.lojas.length > 0)
  if (!restaurante?.lojas[0]) throw new Error('the seeded database has no restaurant with a store')
  return [
    '/',
    '/restaurantes',
    `/restaurantes/${restaurante.tag}`,
    `/restaurantes/${restaurante.tag}/${restaurante.lojas[0].tag}`,
  ]
}

export const pages: Benchmark = {
  name: 'pages',
  async run(settings): Promise<BenchReport> {
    if (!existsSync('dist/ssr/entry-server.js')) throw new Error('pages: build the app first (npm run build)')
    const warmupS = setting('BENCH_WARMUP_S', 3, 0, 60)
    const windowS = setting('BENCH_WINDOW_S', 5, 1, 120)
    const connections = setting('BENCH_CONNECTIONS', 50, 1, 1000)
    const database = await createBenchDatabase('sqlite', undefined)
    try {
      await seedDemoContent(database.url)
      const app = await startApp(database.url, settings.pin ? { pin: '0' } : {})
      try {
        const cookie = await visitorCookie(app.origin)
        const paths = await pagePaths(app.origin)
        const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd', cookie }
        const results: { path: string; load: LoadResult }[] = []
        for (const path of paths) {
          console.log(`pages: ${path}: ${warmupS} s warm-up, then ${windowS} s at ${connections} connections…`)
          const target = { origin: app.origin, connections, paths: [path] }
          if (warmupS > 0) await drive({ targets: [target], seconds: warmupS, headers, watch: [app.pid] })
          results.push({ path, load: await drive({ targets: [target], seconds: windowS, headers, watch: [app.pid] }) })
        }
        const p99 = (r: (typeof results)[number]) => percentile(r.load.latencies, 99)
        const figures: Figure[] = results.map((r) => ({
          name: `${r.path}: time to first byte, p99 at ${connections} connections`,
          value: ms(p99(r)),
          target: `≤ ${TARGET_P99_MS} ms`,
          met: p99(r) <= TARGET_P99_MS,
        }))
        const checksPassed = results.every((r) => failed(r.load) === 0)
        const markdown = [
          '## Rendered pages: time to first byte',
          '',
          bullets([
            'the app: the real server (`NODE_ENV=production`) on a SQLite database filled by `db:seed`; each page is ' +
              'rendered by the app’s own components on the server (`src/web/entry-server.tsx`) with its reads and ' +
              'the visitor’s private data answered in process, and sent whole, `private, no-store`; for a visitor not signed in, the server reuses its render while the inputs (URL, private data, the reads’ answers) are the same, a minute at most (`server/platform/server-render.ts`), and sends the page its first visitor got, compressed once (`server/platform/web.ts`): a request still answers its private data and reads',
            `requests: \`GET\` with a visitor’s session past the onboarding, ${connections} keep-alive connections, ` +
              `${warmupS} s warm-up then a ${windowS} s window per page; latency is autocannon’s, to the whole answer`,
          ]),
          '',
          table(
            ['page', 'req/s', 'p50', 'p99', 'other work', 'failed requests'],
            results.map((r) => [
              `\`${r.path}\``,
              perSecond(rate(r.load)),
              ms(percentile(r.load.latencies, 50)),
              ms(p99(r)),
              percent(otherWork(r.load), 1),
              failuresText(r.load),
            ]),
          ),
          '',
          `Checks: ${checksPassed ? 'OK' : 'FAILED'}: every answer 2xx.`,
        ].join('\n')
        return { markdown, figures, checksPassed }
      } finally {
        await app.stop()
      }
    } finally {
      await database.drop()
    }
  },
}
