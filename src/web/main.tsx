import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import type { PrivateData } from '../shared/conta.ts'
import {
  PAGE_HEADER_ELEMENT_ID,
  PAGE_READS_ELEMENT_ID,
  type PageHeader,
  PRIVATE_DATA_ELEMENT_ID,
  RECOVERABLE_ERROR,
} from '../shared/page-data.ts'
import { App, createQueryClient } from './app/App.tsx'
import { routes } from './app/router.tsx'
import { partsLoaded } from './lib/lazy-part.ts'
import { lojaDoCookie } from './lib/loja-cookie.ts'
import { prefetchPrivateData, setPrivateData } from './lib/private-data.ts'
import { pathKey } from './lib/query.tsx'
import { loadRoutes } from './lib/routing.tsx'
import { hydrationStarts } from './ui/Later.tsx'
import './ui/styles.css'

/** Data the server answered inside the page (web.ts), if any and readable; otherwise the screens ask the API. */
function pageData<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

const queryClient = createQueryClient()

// The reads the server rendered the page with, and the visitor's private data: the cache the first render hydrates.
const reads = pageData<Record<string, unknown>>(PAGE_READS_ELEMENT_ID) ?? {}
for (const [path, data] of Object.entries(reads)) queryClient.setQueryData(pathKey(path), data)
const privateData = pageData<PrivateData>(PRIVATE_DATA_ELEMENT_ID)
if (privateData) setPrivateData(queryClient, privateData)

// The counter tablet's pages (/painel) and the back-office (/admin) have a staff session of their own, not a visitor's.
if (!/^\/(painel|admin)(\/|$)/.test(window.location.pathname)) prefetchPrivateData(queryClient)

const root = document.getElementById('root')
if (!root) throw new Error('missing #root')
const app = (
  <StrictMode>
    <App
      queryClient={queryClient}
      loja={lojaDoCookie()}
      header={pageData<PageHeader>(PAGE_HEADER_ELEMENT_ID)}
      router={(routesElement) => <BrowserRouter>{routesElement}</BrowserRouter>}
    />
  </StrictMode>
)
if (root.hasChildNodes()) {
  // The server rendered this screen (entry-server.tsx): its code first, so that the browser's first render is the
  // server's, element for element, and hydrating it only attaches the handlers.
  hydrationStarts()
  void loadRoutes(routes, window.location.pathname)
    .then(partsLoaded)
    .then(() =>
      // In a transition, as React Router's own browser entry hydrates: React then hydrates in slices, yielding to the
      // browser between them, where a blocking render would hold a slow phone's main thread for the whole screen.
      startTransition(() => {
        hydrateRoot(root, app, {
          // A server render the browser could not match (React then renders that part again itself): said in the
          // console, where the e2e suite fails any journey that shows it (e2e/support.ts).
          onRecoverableError: (error, info) =>
            console.error(`${RECOVERABLE_ERROR}: ${String(error)}`, info.componentStack),
        })
      }),
    )
} else {
  // The first render in a task of its own, after the modules' evaluation: on a slow phone, two short tasks let the
  // browser paint and answer a tap in between, where one long one would block it (Lighthouse's TBT).
  window.setTimeout(() => createRoot(root).render(app), 0)
}

// The worker (offline shell, last content read) installs after the first screen: its precache downloads would
// otherwise share a slow 4G link with that screen's own requests.
const WORKER_AFTER_LOAD_MS = 2000
if ('serviceWorker' in navigator) {
  const register = () =>
    window.setTimeout(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }), WORKER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register)
}
