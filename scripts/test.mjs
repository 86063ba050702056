// `npm test`: typecheck, lint, unit and integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), a
// fresh build of the web app, then the e2e suite in Chromium. Every step runs even when an earlier one fails; the
// last line is the count of checks: `N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { ensureDependencies, ensureWebBuild } from './bootstrap.mjs'

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

countCheck(step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']))
countCheck(step('lint', 'npx', ['biome', 'check', '.']))

if (!process.env.TEST_DATABASE_URL) {
  console.log('\n(TEST_DATABASE_URL não definido: os testes de integração correm só em SQLite)')
}
rmSync('.tmp/vitest.json', { force: true })
const unitOk = step('unit and integration (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
])
const vitest = readJson('.tmp/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  if (!unitOk && vitest.numFailedTests === 0) failed++
} else {
  countCheck(unitOk)
}

let buildOk = true
try {
  await ensureWebBuild({ force: true })
} catch {
  buildOk = false
}
countCheck(buildOk)

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
  if (!e2eOk && unexpected === 0) failed++
} else {
  countCheck(e2eOk)
}

console.log(`\n━━ resumo ━━\n${summary.join('\n')}`)
if (existsSync('.tmp/playwright.json') && !e2eOk) console.log('relatório e2e: .tmp/playwright.json, .tmp/test-results/')
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
