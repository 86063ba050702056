// The yardstick for content reads: a bare Fastify server (no plugins, no hooks, no logger) whose routes send bytes
// recorded from the real app, with the same status and headers. content-reads.ts starts it as
// `bare-fastify.ts <port> <recorded answers, JSON>`.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

export interface RecordedAnswer {
  path: string
  status: number
  headers: Record<string, string>
  /** base64 */
  body: string
}

const [port, file] = process.argv.slice(2)
if (!port || !file) throw new Error('usage: bare-fastify.ts <port> <answers.json>')
const answers = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[]

const app = Fastify()
for (const { path, status, headers, body } of answers) {
  const bytes = Buffer.from(body, 'base64')
  app.get(path, (_request, reply) => reply.status(status).headers(headers).send(bytes))
}
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
await app.listen({ host: '127.0.0.1', port: Number(port) })
