import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateVAPIDKeys } from 'web-push'
import { parse } from 'yaml'
import { ENV_VARIABLES, loadConfig } from './config.ts'

/**
 * The deployment files as a container engine would read them, which CI cannot run: compose.yaml's app services start
 * with a production configuration the server accepts, wired to its PostgreSQL and behind the nginx configuration that
 * src/server/topologia.test.ts runs; the Dockerfile's runtime stage holds everything the server imports and nothing
 * it would need from the dev dependencies it prunes.
 */

const read = (path: string) => readFileSync(path, 'utf8')
const pkg = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>
  scripts: Record<string, string>
}

type Service = {
  build?: string
  image?: string
  environment?: Record<string, string>
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
  ports?: string[]
}
const raw = read('compose.yaml')
const compose = parse(raw, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> }

/** deploy/env.example's variables, with a sample of the right shape for each one an operator must fill in. */
function exampleEnv(): Record<string, string> {
  const vapid = generateVAPIDKeys()
  const samples: Record<string, string> = {
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
    TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
    SMTP_URL: 'smtps://balcao:segredo@smtp.exemplo.pt:465',
    IFTHENPAY_MBWAY_KEY: 'ABC-123456',
    IFTHENPAY_ANTI_PHISHING_KEY: randomBytes(16).toString('hex'),
    IFTHENPAY_BACKOFFICE_KEY: '1111-2222-3333-4444',
  }
  const env: Record<string, string> = {}
  for (const line of read('deploy/env.example').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line)
    if (!m?.[1]) continue
    const value = m[2] || samples[m[1]]
    if (!value) throw new Error(`deploy/env.example: ${m[1]} is empty and this test has no sample for it`)
    env[m[1]] = value
  }
  return env
}

/** compose's interpolation, as `docker compose config` does it: `${NAME}`, `${NAME:?message}`, `${NAME:-default}`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z_][A-Z0-9_]*)(?::([?-])([^}]*))?\}/g,
    (_all, name: string, op?: string, arg?: string) => {
      const v = env[name]
      if (v) return v
      if (op === '-') return arg ?? ''
      throw new Error(`${name}: ${arg ?? 'unset'}`)
    },
  )
}

const apps = Object.entries(compose.services).filter(([, s]) => s.environment?.DATABASE_URL !== undefined)
const compare = (url: URL) => [url.hostname, url.username, url.password, url.pathname.slice(1)]

describe('compose.yaml', () => {
  it('runs the app twice from one image and one configuration', () => {
    expect(apps.map(([name]) => name)).toEqual(['app-1', 'app-2'])
    const [[, a], [, b]] = apps as [[string, Service], [string, Service]]
    expect(b).toEqual(a)
    expect(a.build).toBe('.')
    expect(a.ports, 'app processes are reached through the proxy only').toBeUndefined()
  })

  it('every variable it needs is in deploy/env.example, and the server accepts the result as its production configuration', () => {
    const env = exampleEnv()
    for (const [, name] of raw.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g))
      expect(Object.keys(env), 'env.example').toContain(name)
    for (const [name, service] of apps) {
      const appEnv = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]),
      )
      for (const key of Object.keys(appEnv)) expect(ENV_VARIABLES, `${name}: ${key}`).toContain(key)
      const config = loadConfig(appEnv)
      expect(config.NODE_ENV).toBe('production')
      expect(config.TRUST_PROXY).toBe('1')
      expect(config.PORT).toBe(3000)
    }
  })

  it('the apps use the PostgreSQL service through PgBouncer, LISTEN directly; its data lives in a volume', () => {
    const env = exampleEnv()
    const postgres = compose.services.postgres
    expect(postgres?.image).toMatch(/^postgres:/)
    const url = new URL(interpolate(apps[0]?.[1].environment?.DATABASE_URL ?? '', env))
    const listen = new URL(interpolate(apps[0]?.[1].environment?.DATABASE_DIRECT_URL ?? '', env))
    const pgEnv = Object.fromEntries(
      Object.entries(postgres?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]),
    )
    const credenciais = [pgEnv.POSTGRES_USER, pgEnv.POSTGRES_PASSWORD, pgEnv.POSTGRES_DB]
    expect(compare(listen)).toEqual(['postgres', ...credenciais])
    expect(listen.port).toBe('5432')
    expect(compare(url)).toEqual(['pgbouncer', ...credenciais])
    // PgBouncer runs the shipped file, whose one database is PostgreSQL's, on the port the apps use.
    const pgbouncer = compose.services.pgbouncer
    expect(pgbouncer?.volumes).toContain('./deploy/pgbouncer/pgbouncer.ini:/etc/pgbouncer/pgbouncer.ini:ro')
    const ini = read('deploy/pgbouncer/pgbouncer.ini')
    expect(ini).toMatch(new RegExp(`^${pgEnv.POSTGRES_DB} = host=postgres port=5432 dbname=${pgEnv.POSTGRES_DB}$`, 'm'))
    expect(ini).toMatch(new RegExp(`^listen_port = ${url.port}$`, 'm'))
    expect(ini).toMatch(/^pool_mode = transaction$/m)
    const pgbEnv = Object.fromEntries(
      Object.entries(pgbouncer?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]),
    )
    expect([pgbEnv.POSTGRES_USER, pgbEnv.POSTGRES_PASSWORD]).toEqual(credenciais.slice(0, 2))
    const volume = postgres?.volumes?.find((v) => v.endsWith(':/var/lib/postgresql/data'))?.split(':')[0]
    expect(Object.keys(compose.volumes)).toContain(volume)
    for (const [, app] of apps) expect(app.depends_on?.postgres?.condition).toBe('service_healthy')
  })

  it('nginx runs deploy/nginx/balcao.conf, whose upstream is exactly the app services', () => {
    const proxy = compose.services.proxy
    expect(proxy?.image).toMatch(/^nginx:/)
    expect(proxy?.volumes).toContain('./deploy/nginx/balcao.conf:/etc/nginx/conf.d/default.conf:ro')
    expect(proxy?.ports).toContain('80:80')
    const conf = read('deploy/nginx/balcao.conf')
    const upstream = [...conf.matchAll(/^\s*server ([\w.-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`)
    expect(upstream).toEqual(apps.map(([name, s]) => `${name}:${s.environment?.PORT}`))
    expect(Object.keys(proxy?.depends_on ?? {}).sort()).toEqual(apps.map(([name]) => name))
    // One trusted hop: nginx appends its client's address, which the app takes as the last entry.
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/)
  })
})

/** The files the server loads from its entry points, and the packages they import (type-only imports are erased). */
function runtimeGraph(entries: string[]) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const text = read(file)
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+'([^']+)'/gm),
      ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
      ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
    ].map((m) => m[1] ?? '')
    for (const s of specifiers) {
      if (s.startsWith('.')) visit(resolve(dirname(file), s))
      else if (!s.startsWith('node:') && !builtinModules.includes(s)) {
        packages.add(s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s))
      }
    }
  }
  for (const entry of entries) visit(resolve(entry))
  return { files: [...files].map((f) => relative(process.cwd(), f)), packages: [...packages].sort() }
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const stages = dockerfile.split(/^FROM /m).slice(1)
  const runtime = stages.at(-1) ?? ''

  it('builds in one stage and runs a slim, unprivileged one, with a health check', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    expect(stages[0]).toMatch(/npm ci/)
    expect(stages[0]).toMatch(/npm run build/)
    expect(stages[0]).toMatch(/npm prune --omit=dev/)
    expect(runtime).toMatch(/^node:20-bookworm-slim AS runtime/)
    expect(runtime).toMatch(/^USER node$/m)
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m)
    // What `npm run serve` runs.
    expect(pkg.scripts.serve).toBe('node --import tsx src/server/main.ts')
    expect(runtime).toMatch(/^CMD \["node", "--import", "tsx", "src\/server\/main\.ts"\]$/m)
  })

  it('the runtime stage holds every file the server and its commands load, and every package they import is a production dependency', () => {
    const copied = [...runtime.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((m) => m[1] ?? '')
    const built = ['node_modules', 'dist/web', 'dist/ssr']
    for (const path of copied) expect(built.includes(path) || existsSync(path), path).toBe(true)
    const commands = Object.values(pkg.scripts)
      .map((s) => /^node --import tsx (src\/server\/\S+\.ts)/.exec(s)?.[1])
      .filter((s): s is string => s !== undefined)
    expect(commands).toContain('src/server/commands/store-key.ts')
    const { files, packages } = runtimeGraph(commands)
    for (const file of files) {
      expect(
        copied.some((dir) => file.startsWith(`${dir}/`)),
        `${file} is loaded at run time but not copied`,
      ).toBe(true)
      // The build stage deletes the tests and their harness.
      expect(file).not.toMatch(/\.test\.ts$|^src\/server\/testing\//)
    }
    expect(files.length).toBeGreaterThan(100)
    for (const name of packages) expect(Object.keys(pkg.dependencies), `${name} (imported at run time)`).toContain(name)
    for (const native of ['better-sqlite3', 'sharp', 'pg', 'tsx'])
      expect(Object.keys(pkg.dependencies)).toContain(native)
  })

  it('.dockerignore keeps what is rebuilt inside, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n')
    for (const entry of ['.git', 'node_modules', 'dist', 'data', 'backups', '.env', '.tmp'])
      expect(ignored).toContain(entry)
  })
})

describe('docs/operations.md', () => {
  it('names every variable the server reads', () => {
    const doc = read(join('docs', 'operations.md'))
    for (const name of ENV_VARIABLES) expect(doc, name).toContain(`\`${name}\``)
  })
})
