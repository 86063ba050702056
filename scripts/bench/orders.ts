// Ordering: `POST /api/calcula-encomenda` at 50 concurrent customers on a 60-product menu, the real server
// (src/server/main.ts, NODE_ENV=production) on SQLite. Target: p99 ≤ 20 ms.
//
// Two loads, as the loyalty benchmark has: "flat out" (every customer's next calculation as soon as the last is
// answered: the server's ceiling, where the p99 is mostly queueing) and "paced" (each customer a calculation every
// 250 ms on a fixed timetable, the customers spread evenly over the 250 ms: far busier than people building carts, who
// tap + every few seconds). The target is the paced p99: flat out measures how much load the server takes.
//
// Settings (environment): BENCH_ORDERS_CUSTOMERS (50), BENCH_ORDERS_SECONDS (10), BENCH_WARMUP_S (3).
import http from 'node:http'
import autocannon from 'autocannon'
import { createCatalogoService } from '../../src/server/features/encomendas/catalogo.ts'
import { createCatalogoRepository } from '../../src/server/features/encomendas/catalogo-repository.ts'
import { todosOsDias } from '../../src/server/features/encomendas/horario.ts'
import { createRestaurantesRepository } from '../../src/server/features/restaurantes/repository.ts'
import { createRestaurantesService } from '../../src/server/features/restaurantes/service.ts'
import { systemClock } from '../../src/server/platform/clock.ts'
import { insertContas, insertLoja, insertRestaurante, insertSaldo } from '../../src/server/testing/fixtures.ts'
import { API_VERSION, API_VERSION_HEADER } from '../../src/shared/api.ts'
import type { EmentaEnviada } from '../../src/shared/ementa.ts'
import { type ServerProcess, startApp } from './app-process.ts'
import { createBenchDatabase } from './databases.ts'
import { postJson } from './load.ts'
import { processCpuMs, sleep } from './machine.ts'
import { type Benchmark, type BenchReport, bullets, ms, percentile, perSecond, setting, table } from './report.ts'

const TARGET_P99_MS = 20
const ID_LOJA = 862
const PASSWORD = '135790'
const FAMILIES = 6
const PRODUCTS_PER_FAMILY = 10
const PACED_INTERVAL_MS = 250

/** A café's menu of 60 products, each with three extras (one mandatory in a third of them) and two option groups. */
function menu(): EmentaEnviada {
  return {
    hash: 'bench-60',
    last_update: '2026-11-23T08:00:00Z',
    base_url: '/imagens/',
    seccoes: [
      {
        codigo: 1,
        descricao: 'Carta',
        visivel: 1,
        familias: Array.from({ length: FAMILIES }, (_, f) => ({
          codigo: 10 + f,
          descricao: `Família ${f + 1}`,
          visivel: 1,
          produtos: Array.from({ length: PRODUCTS_PER_FAMILY }, (_, p) => {
            const cod = 1000 + f * 100 + p
            return {
              cod_produto: cod,
              produto: `Produto ${cod}`,
              posicao: p,
              precovenda: 1 + p * 0.35,
              iva: 13,
              visivel: 1,
              descricao: 'Feito na casa, todos os dias.',
              imagem: null,
              maxopcoes: 2,
              min_complementos: 0,
              max_complementos: 2,
              complementares: [
                { codigo: 'E1', descricao: 'Extra queijo', preco: 0.5, iva: 13, obrigatorio: p % 3 === 0 ? 1 : 0 },
                { codigo: 'E2', descricao: 'Extra fiambre', preco: 0.6, iva: 13, obrigatorio: 0 },
                { codigo: 'E3', descricao: 'Ovo', preco: 0.7, iva: 13, obrigatorio: 0 },
              ],
              opcoes: [
                {
                  codigo: 'A',
                  descricao: 'Açúcar',
                  opcoes: [
                    { grupo: 'A', codigo: 'A1', descricao: 'Com açúcar' },
                    { grupo: 'A', codigo: 'A2', descricao: 'Sem açúcar' },
                  ],
                },
                {
                  codigo: 'P',
                  descricao: 'Pão',
                  opcoes: [
                    { grupo: 'P', codigo: 'P1', descricao: 'Pão de forma' },
                    { grupo: 'P', codigo: 'P2', descricao: 'Pão de mistura' },
                  ],
                },
              ],
            }
          }),
        })),
      },
    ],
  }
}

/** A cart as a customer builds one: three lines, extras and options, from across the menu. */
function cart(i: number) {
  const product = (f: number, p: number) => String(1000 + f * 100 + p)
  return [
    { id: product(i % FAMILIES, 0), qtd: 1, complementares: ['E1', 'E3'], opcoes: ['A2', 'P1'] },
    { id: product((i + 1) % FAMILIES, 4), qtd: 2, complementares: ['E2'], opcoes: ['A1'] },
    { id: product((i + 2) % FAMILIES, 8), qtd: 1, complementares: [], opcoes: [] },
  ]
}

/** The headers the app sends with each JSON call (spec §7), and a customer's session when there is one. */
const apiHeaders = (cookie?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json',
  [API_VERSION_HEADER]: API_VERSION,
  ...(cookie ? { cookie } : {}),
})

/** The bench's customer number `i`, a Portuguese mobile. */
const telemovel = (i: number) => `93${String(i).padStart(7, '0')}`

interface Run {
  name: string
  /** Whether the p99 target is read against this load (paced), or it measures the ceiling (flat out). */
  targeted: boolean
  requests: number
  seconds: number
  /** Latency percentiles (ms), from autocannon's histogram of every answer. */
  p50: number
  p99: number
  failures: number
  /** Failed answers by status, errors and timeouts. */
  failuresText: string
  serverCpuMs: number
}

async function load(
  server: ServerProcess,
  cookies: string[],
  options: { name: string; seconds: number },
): Promise<Run> {
  let next = 0
  const bodies = cookies.map((_, i) => JSON.stringify({ id_loja: ID_LOJA, cart: cart(i) }))
  const cpuFrom = processCpuMs(server.pid)
  const started = performance.now()
  const statuses: Record<string, number> = {}
  const instance = autocannon({
    url: server.origin,
    connections: cookies.length,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/calcula-encomenda',
        // Each connection is one customer: their session and their cart, on every request it makes.
        setupRequest: (request, context) => {
          context.customer ??= next++ % cookies.length
          const customer = context.customer as number
          return {
            ...request,
            headers: { ...request.headers, ...apiHeaders(cookies[customer]) },
            body: bodies[customer],
          }
        },
      },
    ],
  })
  instance.on('response', (_client, status) => {
    if (status < 200 || status > 299) statuses[status] = (statuses[status] ?? 0) + 1
  })
  const result = await instance
  return {
    name: options.name,
    targeted: false,
    requests: result['2xx'],
    seconds: (performance.now() - started) / 1000,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    failuresText:
      Object.entries({ ...statuses, error: result.errors - result.timeouts, timeout: result.timeouts })
        .filter(([, n]) => n > 0)
        .map(([what, n]) => `${what}×${n}`)
        .join(', ') || 'none',
    serverCpuMs: processCpuMs(server.pid) - cpuFrom,
  }
}

/**
 * Each customer on a keep-alive connection of their own, a calculation due every `intervalMs` on a fixed timetable,
 * the customers' timetables spread evenly over the interval. (autocannon's `overallRate` lets each second's requests
 * go in one burst, which measures the burst, not the server.) A latency counts from when the request was due, so an
 * answer late enough to delay the next request is charged to both: no coordinated omission.
 */
async function paced(
  server: ServerProcess,
  cookies: string[],
  options: { name: string; seconds: number; intervalMs: number },
): Promise<Run> {
  const port = Number(new URL(server.origin).port)
  const latencies: number[] = []
  let answered2xx = 0
  const statuses: Record<string, number> = {}
  const count = (what: string) => {
    statuses[what] = (statuses[what] ?? 0) + 1
  }
  const cpuFrom = processCpuMs(server.pid)
  const started = performance.now()
  const end = started + options.seconds * 1000
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const body = JSON.stringify({ id_loja: ID_LOJA, cart: cart(i) })
      try {
        for (let due = started + (i * options.intervalMs) / cookies.length; due < end; due += options.intervalMs) {
          const wait = due - performance.now()
          if (wait > 0) await sleep(wait)
          try {
            const reply = await postJson(agent, port, '/api/calcula-encomenda', body, apiHeaders(cookie))
            latencies.push(performance.now() - due)
            if (reply.status >= 200 && reply.status <= 299) answered2xx++
            else count(String(reply.status))
          } catch {
            count('error')
          }
        }
      } finally {
        agent.destroy()
      }
    }),
  )
  const failures = Object.values(statuses).reduce((n, c) => n + c, 0)
  return {
    name: options.name,
    targeted: true,
    requests: answered2xx,
    seconds: (performance.now() - started) / 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    failuresText:
      Object.entries(statuses)
        .map(([what, n]) => `${what}×${n}`)
        .join(', ') || 'none',
    serverCpuMs: processCpuMs(server.pid) - cpuFrom,
  }
}

export const orders: Benchmark = {
  name: 'orders',
  async run(settings): Promise<BenchReport> {
    const customers = setting('BENCH_ORDERS_CUSTOMERS', 50, 1, 1000)
    const seconds = setting('BENCH_ORDERS_SECONDS', 10, 1, 300)
    const warmupS = setting('BENCH_WARMUP_S', 3, 0, 60)
    const database = await createBenchDatabase('sqlite', undefined)
    let server: ServerProcess | undefined
    try {
      const handle = database.open()
      try {
        const db = handle.db
        const { id } = await insertRestaurante(db, { tag: 'bench', name: 'Bench' })
        await insertLoja(db, {
          tag: 'loja-862',
          restaurante_id: id,
          id_loja: ID_LOJA,
          horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
        })
        // The Store API's own import: the menu is stored as the app stores every menu.
        await createCatalogoService({
          repository: createCatalogoRepository(db),
          clock: systemClock,
          onEmentaAlterada: () => undefined,
          lojas: createRestaurantesService(createRestaurantesRepository(db)),
        }).importarEmenta(ID_LOJA, menu())
        const phones = Array.from({ length: customers }, (_, i) => telemovel(i))
        await insertContas(db, phones, PASSWORD)
        const rows = await db.selectFrom('utilizadores').select('id').execute()
        for (const row of rows) await insertSaldo(db, row.id, 150)
      } finally {
        await handle.close()
      }
      server = await startApp(database.url, settings.pin ? { pin: '0' } : {})
      const origin = server.origin
      const cookies: string[] = []
      for (let i = 0; i < customers; i++) {
        const answer = await fetch(`${origin}/login`, {
          method: 'POST',
          headers: apiHeaders(),
          body: JSON.stringify({ telemovel: telemovel(i), pais: '351', password: PASSWORD }),
        })
        const session = answer.headers.getSetCookie().find((c) => c.startsWith('balcao_sessao='))
        if (!answer.ok || !session) throw new Error(`login ${i}: ${answer.status} ${await answer.text()}`)
        cookies.push(session.split(';')[0] ?? '')
      }
      console.log(
        `orders: ${customers} customers signed in; ${warmupS} s warm-up, then flat out and paced × ${seconds} s…`,
      )
      await load(server, cookies, { name: 'warm-up', seconds: warmupS })
      const runs = [
        await load(server, cookies, { name: 'flat out', seconds }),
        await paced(server, cookies, {
          name: `paced (a calculation every ${PACED_INTERVAL_MS} ms a customer)`,
          seconds,
          intervalMs: PACED_INTERVAL_MS,
        }),
      ]
      const checksPassed = runs.every((r) => r.failures === 0 && r.requests > 0)
      const markdown = [
        '## Ordering: the price of a cart',
        '',
        bullets([
          `the app: the real server (\`src/server/main.ts\`, \`NODE_ENV=production\`) on ${database.version}` +
            (settings.pin ? ', pinned to core 0 (the load generator on the others)' : ''),
          `a menu of ${FAMILIES * PRODUCTS_PER_FAMILY} products (${FAMILIES} families, each product with three extras, ` +
            'one of them mandatory in a third, and two option groups), imported through the Store API’s import; the ' +
            'store open around the clock',
          `${customers} signed-in customers, each on a keep-alive connection of their own with their session; each ` +
            'request prices a three-line cart with extras and options (`POST /api/calcula-encomenda`): the menu read, ' +
            'every rule checked, the customer’s balance and private data read',
          `loads: flat out (each customer’s next calculation as soon as the last is answered; autocannon) and paced ` +
            `(one every ${PACED_INTERVAL_MS} ms a customer on a fixed timetable, the customers spread over the ` +
            `${PACED_INTERVAL_MS} ms, far more often than people tap + in a cart; latency from when each request was ` +
            `due); ${warmupS} s warm-up, then ${seconds} s each; latencies as the client sees them`,
          'the target is the paced p99: flat out, the p99 is the queue of 50 requests always waiting (the server’s ' +
            'ceiling, in req/s)',
        ]),
        '',
        table(
          ['load', 'req/s', 'p50', 'p99', `target p99`, 'server CPU/request', 'failed requests'],
          runs.map((r) => [
            r.name,
            perSecond(r.requests / r.seconds),
            ms(r.p50),
            ms(r.p99),
            r.targeted ? `≤ ${TARGET_P99_MS} ms ${r.p99 <= TARGET_P99_MS ? '✔' : '✖'}` : '—',
            r.requests > 0 ? `${Math.round((r.serverCpuMs * 1000) / r.requests)} µs` : '—',
            r.failuresText,
          ]),
        ),
        '',
        `Checks: ${checksPassed ? 'OK' : 'FAILED'}: every answer 2xx.`,
      ].join('\n')
      return {
        markdown,
        figures: runs.map((r) => ({
          name: `calcula-encomenda, ${r.name.split(' (')[0]}: p50 / p99`,
          value: `${ms(r.p50)} / ${ms(r.p99)}`,
          target: r.targeted ? `p99 ≤ ${TARGET_P99_MS} ms` : '—',
          met: r.targeted ? r.p99 <= TARGET_P99_MS : null,
        })),
        checksPassed,
      }
    } finally {
      await server?.stop()
      await database.drop()
    }
  },
}
