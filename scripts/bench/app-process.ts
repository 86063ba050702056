// The real server, as production runs it (src/server/main.ts, NODE_ENV=production), in a process of its own.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { CpuLimit } from './cpu-limit.ts'
import { freePort, sleep } from './machine.ts'

const START_TIMEOUT_MS = 60_000

/** The data key production requires: one per benchmark run, shared by its processes (the databases are the run's own). */
const DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64')

/**
 * Production settings, nothing inherited but the PATH: a developer's LOG_LEVEL or SESSION_SECRET must not change what
 * is measured. SMS and e-mail providers are required in production; reads send none, so the outboxes stand in for Twilio's
 * and SMTP's credentials.
 */
export function productionEnvironment(databaseUrl: string, port = 0): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    TRUST_PROXY: 'false',
    // Production requires the public address; the benchmarks send no links, so this machine's stands in.
    APP_URL: `http://127.0.0.1:${port}`,
    SMS_PROVIDER: 'outbox',
    EMAIL_PROVIDER: 'outbox',
    // Production refuses the sandbox; reads ask no payment, so ifthenpay's settings only need to be present.
    PAYMENT_PROVIDER: 'ifthenpay',
    IFTHENPAY_MBWAY_KEY: 'bench',
    IFTHENPAY_ANTI_PHISHING_KEY: 'bench',
    IFTHENPAY_BACKOFFICE_KEY: 'bench',
    DATA_ENCRYPTION_KEY,
    SEED_DEMO: 'false',
  }
}

export interface Placement {
  /** taskset CPU list, e.g. `0`. */
  pin?: string
  limit?: CpuLimit
}

export interface ServerProcess {
  pid: number
  origin: string
  stop(): Promise<void>
}

/**
 * Runs `argv` (a node command line) placed on the cores or budget given. Its stdout goes nowhere: log lines are written
 * and dropped, as to a log shipper that keeps up. Its stderr is read, for the message if it fails.
 */
export function spawnPlaced(argv: string[], placement: Placement, env: NodeJS.ProcessEnv): ChildProcess {
  let command = argv
  if (placement.pin) command = ['taskset', '-c', placement.pin, ...command]
  if (placement.limit) command = placement.limit.command(command)
  const [file = process.execPath, ...args] = command
  return spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], env })
}

export function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(kill)
        done()
      })
      child.kill('SIGTERM')
    })
}

/** Runs a server (`argv` with its port) placed as asked, and waits until `readyPath` answers 2xx. */
export async function startServer(
  argv: (port: number) => string[],
  readyPath: string,
  placement: Placement,
  env: (port: number) => NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawnPlaced(argv(port), placement, env(port))
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8')
  })
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${argv(port).join(' ')} exited with ${child.exitCode}: ${errors}`)
    if (Date.now() >= deadline) {
      child.kill('SIGKILL')
      throw new Error(`${argv(port).join(' ')} did not answer in ${START_TIMEOUT_MS / 1000} s: ${errors}`)
    }
    try {
      if ((await fetch(`${origin}${readyPath}`)).ok) break
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  return { pid: child.pid ?? 0, origin, stop: stopper(child) }
}

/** The app on a free port, once it answers its health check. */
export const startApp = (databaseUrl: string, placement: Placement = {}) =>
  startServer(
    () => [process.execPath, '--import', 'tsx', 'src/server/main.ts'],
    '/api/health',
    placement,
    (port) => productionEnvironment(databaseUrl, port),
  )

/** The demo group's content, written by the project's own `db:seed`, as an operator fills a database. */
export function seedDemoContent(databaseUrl: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawnPlaced(
      [process.execPath, '--import', 'tsx', 'src/server/db/cli.ts', 'seed'],
      {},
      productionEnvironment(databaseUrl),
    )
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8')
    })
    child.once('error', fail)
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`db:seed exited with ${code}: ${errors}`))))
  })
}
