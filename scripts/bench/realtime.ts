// Real time: 10,000 open event streams (`GET /api/eventos`, one per signed-in customer) on one server
// process (src/server/main.ts, NODE_ENV=production, SQLite), then purchases registered at the till (the Store API's
// `compras`) for customers picked at random, each announced on that customer's stream. Figures: the delay from the
// purchase being sent to its event arriving on the customer's stream (p50/p99; target p99 ≤ 150 ms) and the server's
// memory per open stream (resident set growth ÷ streams; target ≤ 20 KB).
//
// The delay counts from when the till's request leaves, so it includes writing the purchase (the change) as well as
// delivering it: an upper bound of "from a change to its delivery".
//
// Settings (environment): BENCH_REALTIME_STREAMS (10000), BENCH_REALTIME_CHANGES (400), BENCH_REALTIME_RATE (40/s).
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { systemClock } from '../../src/server/platform/clock.ts'
import { sessoesRepo } from '../../src/server/platform/sessions.ts'
import { lojasChavesRepo } from '../../src/server/platform/store-keys.ts'
import { insertContas, insertLoja, insertRestaurante } from '../../src/server/testing/fixtures.ts'
import { API_VERSION } from '../../src/shared/api.ts'
import { type ServerProcess, startApp } from './app-process.ts'
import { createBenchDatabase } from './databases.ts'
import { postJson } from './load.ts'
import { sleep } from './machine.ts'
import { type Benchmark, type BenchReport, bullets, ms, percentile, setting, table } from './report.ts'

const TARGET_P99_MS = 150
const TARGET_KB_PER_STREAM = 20
const ID_LOJA = 862
/** The Store API allows a key 300 writes a minute: the till's purchases go round this many keys. */
const TILL_KEYS = 20

/** The server's resident set (bytes), from /proc. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb ?? Number.NaN) * 1024
}

interface Stream {
  /** When the till's request for this customer left (performance.now()), while its event is awaited. */
  pending?: number
  request: http.ClientRequest
}

export const realtime: Benchmark = {
  name: 'realtime',
  async run(settings): Promise<BenchReport> {
    const streams = setting('BENCH_REALTIME_STREAMS', 10_000, 10, 50_000)
    const changes = setting('BENCH_REALTIME_CHANGES', 400, 10, 100_000)
    const rate = setting('BENCH_REALTIME_RATE', 40, 1, 1000)
    const database = await createBenchDatabase('sqlite', undefined)
    let server: ServerProcess | undefined
    const open: Stream[] = []
    try {
      const handle = database.open()
      const tokens: string[] = []
      const ids: number[] = []
      const keys: string[] = []
      try {
        const db = handle.db
        const { id } = await insertRestaurante(db, { tag: 'bench', name: 'Bench' })
        await insertLoja(db, { tag: 'loja-862', restaurante_id: id, id_loja: ID_LOJA })
        for (let k = 0; k < TILL_KEYS; k++)
          keys.push((await lojasChavesRepo(db, systemClock).create(ID_LOJA, `t${k}`)).chave)
        // Customers and their sessions written directly: 10,000 logins would measure the password hash, not this.
        const phones = Array.from({ length: streams }, (_, i) => `93${String(i).padStart(7, '0')}`)
        ids.push(...(await insertContas(db, phones, '135790')))
        await db.transaction().execute(async (trx) => {
          const sessoes = sessoesRepo(trx, systemClock)
          for (const userId of ids) tokens.push((await sessoes.create(userId, true)).token)
        })
      } finally {
        await handle.close()
      }

      server = await startApp(database.url, settings.pin ? { pin: '0' } : {})
      const port = Number(new URL(server.origin).port)
      const serverPid = server.pid
      await sleep(1000)
      const rssBefore = rssOf(serverPid)

      console.log(`realtime: opening ${streams} event streams…`)
      const delays: number[] = []
      let lost = 0
      const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
      const openOne = (i: number) =>
        new Promise<void>((resolve, reject) => {
          const stream: Stream = {
            request: http.get(
              {
                host: '127.0.0.1',
                port,
                path: `/api/eventos?v=${API_VERSION}`,
                agent,
                headers: { cookie: `balcao_sessao=${tokens[i]}`, accept: 'text/event-stream' },
              },
              (res) => {
                if (res.statusCode !== 200) {
                  reject(new Error(`stream ${i}: HTTP ${res.statusCode}`))
                  res.resume()
                  return
                }
                res.setEncoding('utf8')
                res.on('data', (chunk: string) => {
                  if (stream.pending !== undefined && chunk.includes('event: utilizador')) {
                    delays.push(performance.now() - stream.pending)
                    stream.pending = undefined
                  }
                })
                resolve()
              },
            ),
          }
          stream.request.on('error', reject)
          open[i] = stream
        })
      for (let i = 0; i < streams; i += 250) {
        await Promise.all(Array.from({ length: Math.min(250, streams - i) }, (_, j) => openOne(i + j)))
      }
      // Let the server settle (its allocations for the new sockets), then weigh it.
      await sleep(3000)
      const rssAfter = rssOf(serverPid)
      const bytesPerStream = (rssAfter - rssBefore) / streams

      console.log(`realtime: ${streams} streams open; ${changes} purchases at ${rate}/s…`)
      const tillAgent = new http.Agent({ keepAlive: true, maxSockets: 16 })
      const started = performance.now()
      const sent: Promise<void>[] = []
      for (let n = 0; n < changes; n++) {
        const due = started + (n * 1000) / rate
        const wait = due - performance.now()
        if (wait > 0) await sleep(wait)
        const i = Math.floor(Math.random() * streams)
        const stream = open[i]
        if (!stream || stream.pending !== undefined) continue
        stream.pending = performance.now()
        const body = JSON.stringify({ cliente_id: ids[i], total: 500, saldo_a_usar: 0, referencia: `B${n}` })
        sent.push(
          postJson(tillAgent, port, '/api/loja/v1/compras', body, {
            'content-type': 'application/json',
            authorization: `Bearer ${keys[n % TILL_KEYS]}`,
            'idempotency-key': randomUUID(),
          }).then((reply) => {
            if (reply.status !== 201) throw new Error(`purchase: HTTP ${reply.status}`)
          }),
        )
      }
      await Promise.all(sent)
      await sleep(2000)
      lost = open.filter((s) => s.pending !== undefined).length
      tillAgent.destroy()

      const p50 = percentile(delays, 50)
      const p99 = percentile(delays, 99)
      const kb = bytesPerStream / 1024
      const checksPassed = lost === 0 && delays.length > 0
      const markdown = [
        '## Real time: event streams on one process',
        '',
        bullets([
          `the app: the real server (\`src/server/main.ts\`, \`NODE_ENV=production\`) on SQLite (its in-process event bus), ${settings.pin ? 'pinned to core 0 (the load generator on the others)' : 'not pinned'}`,
          `${streams.toLocaleString('en-GB')} signed-in customers, each with its session's event stream open (\`GET /api/eventos\`, one connection each, over loopback)`,
          `then ${changes} purchases registered at the till (\`POST /api/loja/v1/compras\`, ${rate}/s on a fixed timetable), each for a customer picked at random; each is announced on that customer's stream (\`event: utilizador\`)`,
          "delay: from the till request leaving to the event arriving on the customer's stream (so it includes writing the purchase); memory: the server's resident set after the streams opened, less before, ÷ streams",
        ]),
        '',
        table(
          [
            'streams open',
            'changes',
            'delay p50',
            'delay p99',
            'target p99',
            'server memory / stream',
            'target',
            'lost',
          ],
          [
            [
              streams.toLocaleString('en-GB'),
              String(delays.length),
              ms(p50),
              ms(p99),
              `≤ ${TARGET_P99_MS} ms ${p99 <= TARGET_P99_MS ? '✔' : '✖'}`,
              `${kb.toFixed(1)} KB`,
              `≤ ${TARGET_KB_PER_STREAM} KB ${kb <= TARGET_KB_PER_STREAM ? '✔' : '✖'}`,
              String(lost),
            ],
          ],
        ),
        '',
        `Checks: ${checksPassed ? 'OK: every purchase reached its stream.' : `FAILED: ${lost} purchases never reached their stream.`}`,
      ].join('\n')
      return {
        markdown,
        checksPassed,
        figures: [
          {
            name: `change → open stream, ${streams.toLocaleString('en-GB')} streams: p50 / p99`,
            value: `${ms(p50)} / ${ms(p99)}`,
            target: `p99 ≤ ${TARGET_P99_MS} ms`,
            met: p99 <= TARGET_P99_MS,
          },
          {
            name: 'server memory per open stream',
            value: `${kb.toFixed(1)} KB`,
            target: `≤ ${TARGET_KB_PER_STREAM} KB`,
            met: kb <= TARGET_KB_PER_STREAM,
          },
        ],
      }
    } finally {
      for (const s of open) s?.request.destroy()
      await server?.stop()
      await database.drop()
    }
  },
}
