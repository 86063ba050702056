// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server with hot reload (port 5173), which
// proxies /api and /imagens to the API.
import { spawn } from 'node:child_process'
import { ensureDependencies } from './bootstrap.mjs'

await ensureDependencies()
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST: 'dist/none' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
