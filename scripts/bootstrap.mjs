// Makes a checkout runnable: installs dependencies when they are missing or older than the lockfile, and rebuilds the
// web app when any of its sources is newer than the last build. Plain Node, no dependencies: it runs before they exist.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

const seconds = (ms) => `${Math.round(ms / 1000)} s`

/**
 * Runs one step of the bootstrap with its output shown, and a line with the elapsed time every `heartbeatMs` while it
 * is quiet, so that a first install (minutes, native modules compiling) never looks hung. Resolves when the step
 * succeeds; rejects with the step and its exit code otherwise.
 */
export function runStep(label, command, args, { heartbeatMs = 15_000, log = console.log, cwd = root } = {}) {
  const started = Date.now()
  log(`▶ ${label}…`)
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: process.env })
    const ticker = setInterval(() => log(`  … ${label.toLowerCase()} (${seconds(Date.now() - started)})`), heartbeatMs)
    child.on('error', (error) => {
      clearInterval(ticker)
      reject(new Error(`${label}: ${error.message}`))
    })
    child.on('exit', (code) => {
      clearInterval(ticker)
      if (code === 0) {
        log(`✔ ${label}: feito em ${seconds(Date.now() - started)}`)
        resolve()
      } else {
        reject(
          new Error(
            `${label} falhou (código ${code}) ao fim de ${seconds(Date.now() - started)}: ${command} ${args.join(' ')}`,
          ),
        )
      }
    })
  })
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export async function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json')
  const lock = join(root, 'package-lock.json')
  if (!existsSync(installed) || newestMtime(lock) > newestMtime(installed)) {
    // `npm install` installs the locked versions; `npm ci` would refuse this npm's lockfile, which leaves out the
    // optional packages of other platforms. A first install takes minutes (better-sqlite3 compiles): the step says so.
    await runStep('A instalar dependências (a primeira vez demora alguns minutos)', 'npm', [
      'install',
      '--no-audit',
      '--no-fund',
    ])
  }
}

export async function ensureWebBuild({ force = false } = {}) {
  // The browser's build and the server's (its render of the first screen): both or neither.
  const built = [join(root, 'dist', 'web', 'index.html'), join(root, 'dist', 'ssr', 'entry-server.js')]
  const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) =>
    newestMtime(join(root, p)),
  )
  const oldest = Math.min(...built.map((file) => (existsSync(file) ? newestMtime(file) : 0)))
  if (force || oldest === 0 || Math.max(...sources) > oldest) {
    await runStep('A construir a aplicação web', 'npm', ['run', 'build', '--silent'])
  }
}
