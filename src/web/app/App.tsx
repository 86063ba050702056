import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useLayoutEffect } from 'react'
import { BrowserRouter } from 'react-router'
import type { PrivateData } from '../../shared/conta.ts'
import { PAGE_READS_ELEMENT_ID, PRIVATE_DATA_ELEMENT_ID } from '../../shared/page-reads.ts'
import { ApiError } from '../lib/api.ts'
import { anteciparLeitura } from '../lib/leitura-antecipada.ts'
import { prefetchPrivateData, setPrivateData } from '../lib/private-data.ts'
import { pathKey } from '../lib/query.tsx'
import { AppRoutes } from '../lib/routing.tsx'
import { firstRenderDone } from '../ui/Later.tsx'
import { Loading } from '../ui/Loading.tsx'
import { anteciparCatalogo, anteciparParte, ENCOMENDA_STORAGE_KEY } from './antecipar.ts'
import { routes } from './router.tsx'

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

/** The page's first reads and the visitor's private data, answered in its HTML, put in the cache. */
function seedFromPage(client: QueryClient): void {
  const reads = pageData<Record<string, unknown>>(PAGE_READS_ELEMENT_ID) ?? {}
  for (const [path, data] of Object.entries(reads)) client.setQueryData(pathKey(path), data)
  const privateData = pageData<PrivateData>(PRIVATE_DATA_ELEMENT_ID)
  if (privateData) setPrivateData(client, privateData)
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a flaky mobile link might.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
})

seedFromPage(queryClient)

// The counter tablet's pages (/painel) and the back-office (/admin) have a staff session of their own, not a visitor's.
if (!/^\/(painel|admin)(\/|$)/.test(window.location.pathname)) prefetchPrivateData(queryClient)

anteciparParte(window.location.pathname)?.catch(() => undefined)
try {
  const leitura = anteciparCatalogo(window.location.pathname, window.localStorage.getItem(ENCOMENDA_STORAGE_KEY))
  // Not when the page carried it (web.ts, from the store's cookie: lib/loja-cookie.ts).
  if (leitura && !queryClient.getQueryData(pathKey(leitura))) anteciparLeitura(leitura)
} catch {
  // No storage (private mode): the screen asks as it renders.
}

export function App() {
  // After the whole first render (its `Later` parts have chosen to wait), before the browser paints it.
  useLayoutEffect(firstRenderDone, [])
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense fallback={<Loading />}>
          <AppRoutes routes={routes} />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  )
}
