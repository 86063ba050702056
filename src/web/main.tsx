import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import './ui/styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('missing #root')
// The first render in a task of its own, after the modules' evaluation: on a slow phone, two short tasks let the
// browser paint and answer a tap in between, where one long one would block it (Lighthouse's TBT).
window.setTimeout(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}, 0)

// The worker (offline shell, last content read) installs after the first screen: its precache downloads would
// otherwise share a slow 4G link with that screen's own requests. The page may have loaded already: the ordering
// screens ask for this script after their paint (server/platform/arranque.ts).
const WORKER_AFTER_LOAD_MS = 2000
if ('serviceWorker' in navigator) {
  const register = () =>
    window.setTimeout(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }), WORKER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register)
}
