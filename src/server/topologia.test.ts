import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes, randomInt } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { migrations } from './db/migrations/index.ts'
import { type DatabaseHandle, openDatabase } from './platform/db.ts'
import { insertLoja, insertRestaurante } from './testing/fixtures.ts'
import { TEST_DATA_ENCRYPTION_KEY } from './testing/harness.ts'

/**
 * The deployment of compose.yaml without containers (CI cannot build them): two app processes started at once from the
 * real entry point (src/server/main.ts, as `npm run serve` and the image run it) on one PostgreSQL database of their
 * own through Debian's PgBouncer running the shipped deploy/pgbouncer/pgbouncer.ini (transaction pooling; the event
 * bus's LISTEN direct), behind Debian's nginx running the shipped deploy/nginx/balcao.conf. A short journey goes through the proxy: a
 * customer signs up with the SMS code from the development outbox, the till registers a purchase with a key made by
 * `npm run store:key`, the customer's event stream (held on one process) hears of it from the other, the app sees each
 * client's own address (TRUST_PROXY), and the per-address limits count that address across both processes.
 */

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer'
const databaseUrl = process.env.TEST_DATABASE_URL
const missing = [
  ...(databaseUrl ? [] : ['TEST_DATABASE_URL']),
  ...(existsSync(NGINX) ? [] : [`nginx (${NGINX}; apt-get install nginx)`]),
  ...(existsSync(PGBOUNCER) ? [] : [`pgbouncer (${PGBOUNCER}; apt-get install pgbouncer)`]),
]
if (missing.length > 0) console.log(`topologia.test.ts: ignorado, falta ${missing.join(' e ')}`)

const run = promisify(execFile)
const METRICS_TOKEN = 'token-de-metricas-da-topologia-0123456789'
const API = { accept: 'application/json', 'x-api-version': '1.0' }
/** Loopback addresses the test's clients connect from: nginx sees each as a different client. */
const CLIENTE = '127.0.0.2'
const CAIXA = '127.0.0.5'
const VIZINHO_A = '127.0.0.3'
const VIZINHO_B = '127.0.0.4'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

interface Answer {
  status: number
  headers: IncomingMessage['headers']
  body: { data?: unknown }
  text: string
}

/** One HTTP call from a given local address (the "client" nginx sees), the body as JSON when it is. */
function call(
  port: number,
  from: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = ''
        res.on('error', reject)
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          let parsed: Answer['body'] = {}
          try {
            parsed = JSON.parse(text)
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text })
        })
      },
    )
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer in 15 s`)))
    req.on('error', reject)
    req.end(payload)
  })
}

/** An event stream read as it arrives: named events, and which upstream process holds it. */
function openStream(port: number, from: string, path: string, headers: Record<string, string>) {
  return new Promise<{
    status: number
    upstream: string
    next(evento: string, timeoutMs?: number): Promise<string>
    close(): void
  }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, agent: false, headers }, (res) => {
      let buffer = ''
      const waiting: Array<() => void> = []
      // Closing the stream (close()) resets it: not an error of the test's.
      res.on('error', () => {})
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        for (const wake of waiting.splice(0)) wake()
      })
      resolve({
        status: res.statusCode ?? 0,
        upstream: String(res.headers['x-topologia-upstream']),
        async next(evento, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs
          for (;;) {
            const blocks = buffer.split('\n\n')
            const at = blocks.slice(0, -1).findIndex((b) => new RegExp(`^event: ${evento}$`, 'm').test(b))
            if (at >= 0) {
              buffer = blocks.slice(at + 1).join('\n\n')
              return blocks[at] ?? ''
            }
            const left = deadline - Date.now()
            if (left <= 0) throw new Error(`no ${evento} event within ${timeoutMs} ms; got: ${JSON.stringify(buffer)}`)
            await new Promise<void>((wake) => {
              waiting.push(wake)
              setTimeout(wake, left)
            })
          }
        },
        close: () => req.destroy(),
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** The `data` of a successful answer, as the test expects it. */
function dataOf<T>(answer: Answer): T {
  if (answer.body.data === undefined) throw new Error(`no data: ${answer.status} ${answer.text}`)
  return answer.body.data as T
}

/** Waits for a check; its limit stays well under the test's, so that a wait that never ends names itself. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The nginx configuration under test: deploy/nginx/balcao.conf with only its upstreams and port swapped. */
function nginxConfig(dir: string, proxyPort: number, appPorts: number[]): string {
  let shipped = readFileSync('deploy/nginx/balcao.conf', 'utf8')
  const swap = (pattern: RegExp, replacement: string) => {
    expect(shipped.match(new RegExp(pattern.source, 'gm')), `deploy/nginx/balcao.conf: ${pattern}`).toHaveLength(1)
    shipped = shipped.replace(new RegExp(pattern.source, 'm'), replacement)
  }
  appPorts.forEach((port, i) => {
    swap(new RegExp(`^(\\s*server )app-${i + 1}:3000`), `$1127.0.0.1:${port}`)
  })
  swap(/^(\s*listen )80;/, `$1127.0.0.1:${proxyPort};`)
  writeFileSync(join(dir, 'balcao.conf'), shipped)
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp))
  // What the official image's nginx.conf and Debian's give the included file (the http block), with every path in
  // this directory; and, for the test alone, which process answered (so that it can tell the two apart).
  return [
    ...(process.getuid?.() === 0 ? ['user root root;'] : []),
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${join(dir, 'access.log')};`,
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${join(dir, temp)};`,
    ),
    '  add_header X-Topologia-Upstream $upstream_addr always;',
    `  include ${join(dir, 'balcao.conf')};`,
    '}',
    '',
  ].join('\n')
}

/**
 * The PgBouncer configuration under test: deploy/pgbouncer/pgbouncer.ini with only its database line (this test's
 * database on the test's server), its address and port, and its authentication (the test server trusts) swapped.
 */
function pgbouncerConfig(dir: string, port: number, database: URL): string {
  let shipped = readFileSync('deploy/pgbouncer/pgbouncer.ini', 'utf8')
  const swap = (pattern: RegExp, replacement: string) => {
    expect(shipped.match(new RegExp(pattern.source, 'gm')), `deploy/pgbouncer/pgbouncer.ini: ${pattern}`).toHaveLength(
      1,
    )
    shipped = shipped.replace(new RegExp(pattern.source, 'm'), replacement)
  }
  const nome = database.pathname.slice(1)
  const password = database.password ? ` password=${decodeURIComponent(database.password)}` : ''
  swap(
    /^balcao = host=postgres port=5432 dbname=balcao$/,
    `${nome} = host=${database.hostname} port=${database.port || 5432} dbname=${nome}${password}`,
  )
  swap(/^listen_addr = 0\.0\.0\.0$/, 'listen_addr = 127.0.0.1')
  swap(/^listen_port = 6432$/, `listen_port = ${port}`)
  swap(/^auth_type = scram-sha-256$/, 'auth_type = trust')
  swap(/^auth_file = .*$/, `auth_file = ${join(dir, 'pgbouncer-users.txt')}\nadmin_users = ${database.username}`)
  writeFileSync(join(dir, 'pgbouncer-users.txt'), `"${decodeURIComponent(database.username)}" ""\n`)
  const conf = join(dir, 'pgbouncer.ini')
  writeFileSync(conf, shipped)
  return conf
}

describe.skipIf(missing.length > 0)(
  'two app processes on PostgreSQL behind nginx (compose.yaml without containers)',
  () => {
    const nome = `topo_${randomBytes(6).toString('hex')}`
    const adminUrl = databaseUrl ?? ''
    const url = (() => {
      const u = new URL(adminUrl)
      u.pathname = `/${nome}`
      return u.toString()
    })()
    const dir = mkdtempSync(join(tmpdir(), 'balcao-topologia-'))
    const apps: ChildProcess[] = []
    const logs: string[] = []
    let nginx: ChildProcess | undefined
    let pgbouncer: ChildProcess | undefined
    let bouncerPort = 0
    let database: DatabaseHandle | undefined
    let proxy = 0
    let appPorts: number[] = []

    async function admin(query: string) {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(query)
      } finally {
        await client.end()
      }
    }

    const environment = (port: number): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // What production runs at start and on its timers (the jobs), on both processes; the outboxes and the payment
      // sandbox stand in for the providers, which production requires.
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      // The queries through PgBouncer, the event bus's LISTEN to PostgreSQL itself (compose.yaml's pair).
      DATABASE_URL: bouncerUrl(),
      DATABASE_DIRECT_URL: url,
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      HASH_COST: '10',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dir, 'sem-web'),
    })

    const bouncerUrl = () => {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(bouncerPort)
      return u.toString()
    }

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${nome}`)
      appPorts = [await freePort(), await freePort()]
      proxy = await freePort()
      bouncerPort = await freePort()
      // PgBouncer refuses to run as root: as the server's own user then, as Debian's service does, able to read its
      // files again (it checks the users' file now and then).
      const como = process.getuid?.() === 0 ? ['-u', 'postgres'] : []
      chmodSync(dir, 0o755)
      pgbouncer = spawn(PGBOUNCER, [...como, pgbouncerConfig(dir, bouncerPort, new URL(url))], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      pgbouncer.stdout?.on('data', (d: Buffer) => logs.push(`[pgbouncer] ${d}`))
      pgbouncer.stderr?.on('data', (d: Buffer) => logs.push(`[pgbouncer] ${d}`))
      await until(
        'pgbouncer',
        async () => {
          const c = new pg.Client({ connectionString: bouncerUrl() })
          await c.connect()
          await c.end()
          return true
        },
        10_000,
      )
      // Both at once, as compose starts them: each runs the migrations at start, on the same empty database.
      for (const port of appPorts) {
        const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
          env: environment(port),
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        app.stdout?.on('data', (d: Buffer) => logs.push(`[${port}] ${d}`))
        app.stderr?.on('data', (d: Buffer) => logs.push(`[${port}] ${d}`))
        apps.push(app)
      }
      const conf = join(dir, 'nginx.conf')
      writeFileSync(conf, nginxConfig(dir, proxy, appPorts))
      nginx = spawn(
        NGINX,
        ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf, '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      nginx.stderr?.on('data', (d: Buffer) => logs.push(`[nginx] ${d}`))
      try {
        for (const port of appPorts) {
          await until(
            `app on ${port}`,
            async () => (await call(port, '127.0.0.1', 'GET', '/api/health')).status === 200,
            60_000,
          )
        }
        await until('nginx', async () => (await call(proxy, CLIENTE, 'GET', '/api/health')).status === 200, 10_000)
      } catch (error) {
        console.error(logs.join(''))
        throw error
      }
      database = openDatabase(url)
    }, 90_000)

    afterAll(async () => {
      const exits = apps.map(
        (app) => new Promise((resolve) => (app.exitCode === null ? app.once('exit', resolve) : resolve(null))),
      )
      for (const app of apps) app.kill('SIGTERM')
      nginx?.kill('SIGTERM')
      const bouncerExit = new Promise((resolve) =>
        pgbouncer && pgbouncer.exitCode === null ? pgbouncer.once('exit', resolve) : resolve(null),
      )
      await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 10_000))])
      for (const app of apps) if (app.exitCode === null) app.kill('SIGKILL')
      // PgBouncer last (the processes' connections closed first), before the database goes.
      pgbouncer?.kill('SIGINT')
      await Promise.race([bouncerExit, new Promise((r) => setTimeout(r, 5_000))])
      if (pgbouncer && pgbouncer.exitCode === null && pgbouncer.signalCode === null) pgbouncer.kill('SIGKILL')
      await database?.close()
      // Only this test's database goes; the shared server stays up.
      await admin(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`)
      rmSync(dir, { recursive: true, force: true })
      // Two processes and nginx stopped and a database dropped: past 60 s on a CI machine running the other suites.
    }, 120_000)

    it('a customer signs up, the till buys, the stream on one process hears it from the other; limits count real addresses', async () => {
      const db = database?.db
      if (!db) throw new Error('no database')
      // What the processes, the proxy and the pooler said, for a failure seen once on CI.
      onTestFailed(() => console.error(logs.join('')))
      const via = (from: string, method: string, path: string, options: Parameters<typeof call>[4] = {}) =>
        call(proxy, from, method, path, { ...options, headers: { ...API, ...options.headers } })

      // Both processes migrated the same empty database at once, and both answer behind the proxy.
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
      expect(rows.map((m) => m.name).sort()).toEqual(Object.keys(migrations).sort())
      // And left no lock behind: the migrations' lock is a session lock, taken and let go on a direct connection of
      // their own; through PgBouncer its unlock could land on another server connection, and a later migration (the
      // store key's command below) wait on it for an hour.
      const travas = await sql<{
        n: string
      }>`select count(*) as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and d.datname = ${nome}`.execute(db)
      expect(Number(travas.rows[0]?.n)).toBe(0)

      // Sign-up through the proxy, the code read from the development outbox (open to this machine's addresses).
      const telemovel = `91${String(randomInt(10_000_000)).padStart(7, '0')}`
      const registo = await via(CLIENTE, 'POST', '/registo', { body: { telemovel, pais: '351', termos: true } })
      expect(registo.status, registo.text).toBe(200)
      const sms = await via(CLIENTE, 'GET', `/api/dev/sms?para=${encodeURIComponent(`+351${telemovel}`)}`)
      const codigo = /\b(\d{6})\b/.exec(JSON.stringify(sms.body.data))?.[1]
      expect(codigo, sms.text).toBeDefined()
      const confirmado = await via(CLIENTE, 'POST', `/registo/${dataOf<{ hash: string }>(registo).hash}`, {
        body: { codigo },
      })
      expect(confirmado.status, confirmado.text).toBe(200)
      const cookie = String(
        confirmado.headers['set-cookie']?.find((c) => c.startsWith('balcao_sessao='))?.split(';')[0],
      )
      const dados = await via(CLIENTE, 'POST', '/alterar-dados-pessoais', {
        headers: { cookie },
        body: {
          nome: 'Rita Fonseca',
          email: 'rita.topologia@example.pt',
          dataNascimento: '1990-05-17',
          password: '246810',
          confirmacaoPassword: '246810',
          comunicacoes: false,
          aceitacao: true,
        },
      })
      expect(dados.status, dados.text).toBe(200)

      // TRUST_PROXY: the app counted the sign-up's SMS against the customer's address, never against nginx's.
      const chaves = (await db.selectFrom('limites').select('chave').execute()).map((l) => l.chave)
      expect(chaves).toContain(`ip:sms:${CLIENTE}`)
      expect(chaves.filter((c) => c.includes('127.0.0.1'))).toEqual([])

      // A store, and its key made as an operator would (npm run store:key), while both processes run.
      const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
      await insertLoja(db, { tag: 'chiado', restaurante_id: id, id_loja: 862 })
      const chaveFeita = async (etiqueta: string) => {
        try {
          return await run(process.execPath, ['--import', 'tsx', 'src/server/commands/store-key.ts', '862', etiqueta], {
            // As compose.yaml gives an operator's command: the queries through PgBouncer, the migrations direct.
            env: { PATH: process.env.PATH, DATABASE_URL: bouncerUrl(), DATABASE_DIRECT_URL: url, LOG_LEVEL: 'silent' },
            // A command that does not end is killed and said, rather than waited on until the test's own limit.
            timeout: 45_000,
            killSignal: 'SIGKILL',
          })
        } catch (error) {
          // What every connection to this database was doing then, for a hang seen once on CI.
          const atividade = await sql<Record<string, unknown>>`select pid, application_name, backend_type, state,
              wait_event_type, wait_event, now() - xact_start as em_transacao, left(query, 300) as consulta
            from pg_stat_activity where datname = ${nome}`.execute(db)
          console.error(`npm run store:key failed: ${(error as Error).message}`, atividade.rows)
          throw error
        }
      }
      const made = await chaveFeita('pos-862')
      const chave = made.stdout.trim().split('\n').at(-1) ?? ''
      const loja = { authorization: `Bearer ${chave}` }
      const identificado = await via(CAIXA, 'POST', '/api/loja/v1/clientes/identificar', {
        headers: loja,
        body: { telemovel, pais: '351' },
      })
      expect(identificado.status, identificado.text).toBe(200)
      const clienteId = dataOf<{ cliente: { id: number } }>(identificado).cliente.id

      // The customer's stream, through the proxy: its first bytes arrive at once (nothing held back by nginx).
      const stream = await openStream(proxy, CLIENTE, '/api/eventos?v=1.0', {
        ...API,
        cookie,
        // As a browser asks: a proxy that compressed the stream would also hold it back until a buffer fills.
        'accept-encoding': 'gzip, deflate, br',
      })
      expect(stream.status).toBe(200)
      expect(appPorts.map((p) => `127.0.0.1:${p}`)).toContain(stream.upstream)
      try {
        // Purchases at the till until one lands on the other process (least_conn sends it there at once; a purchase the
        // stream's own process took is heard too, and only makes the test go round once more).
        let cruzou = false
        for (let i = 1; i <= 6 && !cruzou; i++) {
          const compra = await via(CAIXA, 'POST', '/api/loja/v1/compras', {
            headers: { ...loja, 'idempotency-key': `topo-${i}` },
            body: { cliente_id: clienteId, total: 1000, saldo_a_usar: 0, referencia: `FT T/${i}` },
          })
          expect(compra.status, compra.text).toBe(201)
          expect(dataOf<{ transacao: { saldo_adicionado: number } }>(compra).transacao.saldo_adicionado).toBe(50)
          cruzou = compra.headers['x-topologia-upstream'] !== stream.upstream
          expect(await stream.next('utilizador')).toMatch(/^data: \{\}$/m)
        }
        expect(cruzou, 'a purchase served by the process that does not hold the stream').toBe(true)
        // The figures are each process's own, read from the process; through the proxy /metrics does not exist.
        const metricas = await call(Number(stream.upstream.split(':')[1]), '127.0.0.1', 'GET', '/metrics', {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
        expect(metricas.text).toMatch(/^balcao_event_streams_abertos\{rota="\/api\/eventos"\} 1$/m)
        const fora = await via(CLIENTE, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        expect(fora.status).toBe(404)
      } finally {
        stream.close()
      }
      // The stream closed by the customer ends on its process too (nginx passes the close on).
      const holder = Number(stream.upstream.split(':')[1])
      await until('the stream closed on its process', async () =>
        /^balcao_event_streams_abertos\{rota="\/api\/eventos"\} 0$/m.test(
          (
            await call(holder, '127.0.0.1', 'GET', '/metrics', {
              headers: { authorization: `Bearer ${METRICS_TOKEN}` },
            })
          ).text,
        ),
      )

      // Per-address limits: SMS to one phone from one address (3 an hour), counted in the database, so across both
      // processes; a neighbour at another address is not held back by it, and a forged X-Forwarded-For buys nothing.
      const alvo = `93${String(randomInt(10_000_000)).padStart(7, '0')}`
      const reset = (from: string, headers: Record<string, string> = {}) =>
        via(from, 'POST', '/reset', { headers, body: { telemovel: alvo, pais: '351' } })
      const servidos = new Set<string>()
      for (let i = 0; i < 3; i++) {
        const ok = await reset(VIZINHO_A)
        expect(ok.status, ok.text).toBe(200)
        servidos.add(String(ok.headers['x-topologia-upstream']))
      }
      const recusado = await reset(VIZINHO_A)
      servidos.add(String(recusado.headers['x-topologia-upstream']))
      expect(recusado.status, recusado.text).toBe(429)
      expect(Number(recusado.headers['retry-after'])).toBeGreaterThan(0)
      expect(servidos.size, 'the four requests went to both processes').toBe(2)
      const forjado = await reset(VIZINHO_A, { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' })
      expect(forjado.status, forjado.text).toBe(429)
      const vizinho = await reset(VIZINHO_B)
      expect(vizinho.status, vizinho.text).toBe(200)
      const contados = await db
        .selectFrom('limites')
        .select(['chave', 'contador'])
        .where('chave', 'like', 'ip:tel-sms:%')
        .execute()
      expect(Object.fromEntries(contados.map((l) => [l.chave, l.contador]))).toEqual({
        [`ip:tel-sms:${CLIENTE}:+351${telemovel}`]: 1,
        [`ip:tel-sms:${VIZINHO_A}:+351${alvo}`]: 5,
        [`ip:tel-sms:${VIZINHO_B}:+351${alvo}`]: 1,
      })

      // Through PgBouncer: the processes' queries shared its pool in transaction pooling, PostgreSQL never seeing more
      // server connections than the pool allows; the event bus's LISTEN, one per process, went to PostgreSQL itself.
      const consola = new pg.Client({ connectionString: bouncerUrl().replace(new RegExp(`/${nome}$`), '/pgbouncer') })
      await consola.connect()
      try {
        const { rows: pools } = await consola.query('SHOW POOLS')
        const pool = pools.find((p: { database: string }) => p.database === nome)
        expect(pool?.pool_mode).toBe('transaction')
        const servidor = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce(
          (s, k) => s + Number(pool?.[k] ?? 0),
          0,
        )
        expect(servidor).toBeGreaterThan(0)
        expect(servidor).toBeLessThanOrEqual(25)
        const { rows: clientes } = await consola.query('SHOW CLIENTS')
        const deste = clientes.filter((c: { database: string }) => c.database === nome)
        expect(deste.length).toBeGreaterThan(0)
        expect(deste.filter((c: { application_name: string }) => c.application_name === 'balcao_eventos')).toEqual([])
      } finally {
        await consola.end()
      }
      const ouvintes = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where datname = ${nome} and application_name = 'balcao_eventos'`.execute(db)
      expect(Number(ouvintes.rows[0]?.n)).toBe(2)
      // A limit for a hang, not a speed gate: about 6 s on a quiet machine, several times that on a CI machine running
      // the other suites beside it (a tsx start for the store key, two processes, a proxy and a pooler).
    }, 180_000)
  },
)
