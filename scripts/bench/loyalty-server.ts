// The server under test of the loyalty benchmark (loyalty.ts starts it): the app on a free loopback port, reporting its
// port, then the time each request spent inside it and its CPU time, when asked over IPC.
import type http from 'node:http'
import { buildApp } from '../../src/server/app.ts'
import { configWith } from '../../src/server/config.ts'
import { openDatabase } from '../../src/server/platform/db.ts'

const url = process.env.BENCH_SERVE_URL
if (!url || !process.send) throw new Error('loyalty-server: run by the benchmark only')
const database = openDatabase(url)
const app = await buildApp(
  configWith({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: 'dist/none', HASH_COST: 10 }),
  database,
)

// Time inside the server: from the parsed request to the last byte handed to the socket (no client, no network).
let timings: Record<string, number[]> = {}
let cpuFrom = process.cpuUsage()
app.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
  const start = performance.now()
  res.once('finish', () => {
    const path = req.url ?? ''
    let list = timings[path]
    if (!list) {
      list = []
      timings[path] = list
    }
    list.push(performance.now() - start)
  })
})

const stop = async () => {
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    timings = {}
    cpuFrom = process.cpuUsage()
  }
  if (message.type === 'timings') {
    const cpu = process.cpuUsage(cpuFrom)
    process.send?.({ type: 'timings', timings, cpuMs: (cpu.user + cpu.system) / 1000 })
  }
  if (message.type === 'stop') void stop()
})
// Never outlive the benchmark.
process.on('disconnect', () => void stop())
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
if (!address || typeof address === 'string') throw new Error('no port')
process.send({ type: 'listening', port: address.port })
