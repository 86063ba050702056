// `npm test`: typecheck, lint and a fresh build of the web app beside the unit and integration tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), then the e2e suite in Chromium. Every step runs even when an earlier one fails; the
// last line is the count of checks: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { stripVTControlCharacters } from 'node:util'
import { ensureDependencies } from './bootstrap.mjs'

await ensureDependencies()
mkdirSync('.tmp', { recursive: true })

const summary = []
let passed = 0
let failed = 0

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  summary.push(`${ok ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  return ok
}

function countCheck(ok) {
  if (ok) passed++
  else failed++
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * A step run beside another, its output kept and shown in one piece when it ends (two steps' lines interleaved would
 * be unreadable). Resolves with whether it passed.
 */
function sideStep(name, command, args) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code) => {
      const ok = code === 0
      summary.push(`${ok ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s, em paralelo)`)
      console.log(`\n━━ ${name} (terminado, em paralelo) ━━\n${output.trimEnd()}`)
      resolve(ok)
    })
  })
}

/** Like `step`, without blocking the event loop (the side steps' output is read meanwhile). */
function asyncStep(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('close', (code) => {
      const ok = code === 0
      summary.push(`${ok ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
      resolve(ok)
    })
  })
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('\n(TEST_DATABASE_URL não definido: os testes de integração correm só em SQLite)')
}
rmSync('.tmp/vitest.json', { force: true })
// The type check, the lint and the web build need no database and mostly one core: they run beside vitest, whose
// tests spend much of their time waiting on PostgreSQL and on child processes. The e2e suite needs the build and
// measures pages (Lighthouse): it runs alone, after both.
const checks = (async () => {
  const typecheckOk = await sideStep('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
  const lintOk = await sideStep('lint', 'npx', ['biome', 'check', '.'])
  const buildOk = await sideStep('web build', 'npm', ['run', 'build', '--silent'])
  return [typecheckOk, lintOk, buildOk]
})()
const unitOk = await asyncStep('unit and integration (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
])
for (const ok of await checks) countCheck(ok)
const vitest = readJson('.tmp/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  // Named again in the summary, which is what a CI log's tail shows: a file that failed to load, or a failed test.
  for (const file of vitest.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '')
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
    if (file.status === 'failed' && tests.length === 0)
      summary.push(`  ✖ ${where}: ${(file.message ?? '').split('\n')[0]}`)
    for (const t of tests) {
      summary.push(`  ✖ ${where} › ${t.fullName}`)
      // Its error's first lines too: a failure seen once on CI is understood from the tail alone.
      const lines = stripVTControlCharacters(String(t.failureMessages?.[0] ?? ''))
        .split('\n')
        .filter((l) => l.trim() !== '')
      for (const line of lines.slice(0, 4)) summary.push(`      ${line.trim().slice(0, 200)}`)
    }
  }
  if (!unitOk && vitest.numFailedTests === 0) failed++
} else {
  countCheck(unitOk)
}

rmSync('.tmp/playwright.json', { force: true })
const [e2ePort, e2eEmptyPort] = [await freePort(), await freePort()]
const e2eOk = step('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
  E2E_PORT: String(e2ePort),
  E2E_EMPTY_PORT: String(e2eEmptyPort),
})
const playwright = readJson('.tmp/playwright.json')
if (playwright?.stats) {
  const { expected = 0, unexpected = 0, flaky = 0 } = playwright.stats
  passed += expected + flaky
  failed += unexpected
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue
        summary.push(`  ✖ [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}`)
        const message = String(t.results?.at(-1)?.error?.message ?? '')
        const lines = stripVTControlCharacters(message)
          .split('\n')
          .filter((l) => l.trim() !== '')
        for (const line of lines.slice(0, 4)) summary.push(`      ${line.trim().slice(0, 200)}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of playwright.suites ?? []) walk(suite)
  if (!e2eOk && unexpected === 0) failed++
} else {
  countCheck(e2eOk)
}

console.log(`\n━━ resumo ━━\n${summary.join('\n')}`)
if (existsSync('.tmp/playwright.json') && !e2eOk) console.log('relatório e2e: .tmp/playwright.json, .tmp/test-results/')
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
