// Makes a checkout runnable: installs dependencies when they are missing or older than the lockfile, and rebuilds the
// web app when any of its sources is newer than the last build. Plain Node, no dependencies: it runs before they exist.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} falhou (código ${result.status}).`)
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json')
  const lock = join(root, 'package-lock.json')
  if (!existsSync(installed) || newestMtime(lock) > newestMtime(installed)) {
    console.log('▶ A instalar dependências…')
    // `npm install` installs the locked versions; `npm ci` would refuse this npm's lockfile, which leaves out the
    // optional packages of other platforms.
    run('npm', ['install', '--no-audit', '--no-fund'])
  }
}

export function ensureWebBuild({ force = false } = {}) {
  const built = join(root, 'dist', 'web', 'index.html')
  const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) =>
    newestMtime(join(root, p)),
  )
  if (force || !existsSync(built) || Math.max(...sources) > newestMtime(built)) {
    console.log('▶ A construir a aplicação web…')
    run('npx', ['vite', 'build', '--logLevel', 'warn'])
  }
}
