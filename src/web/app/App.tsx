import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense, useLayoutEffect } from 'react'
import type { LojaEscolhida } from '../../shared/page-data.ts'
import { ApiError } from '../lib/api.ts'
import { LojaDaPaginaContext } from '../lib/loja-cookie.ts'
import { AppRoutes } from '../lib/routing.tsx'
import { type HeaderState, PageHeaderContext } from '../ui/header.tsx'
import { firstRenderDone } from '../ui/Later.tsx'
import { Loading } from '../ui/Loading.tsx'
import { routes } from './router.tsx'

/** The app's query cache, one per browser tab and one per server render (entry-server.tsx): never shared between people. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

/**
 * The whole app under a router: the browser's (main.tsx) or the server's for one request (entry-server.tsx). The same
 * tree on both sides, so that the browser hydrates what the server rendered; `loja` is the store chosen for ordering
 * as the page's cookie says it, `header` the header the server rendered the page with (none: the app's name).
 */
export function App({
  queryClient,
  router,
  loja,
  header,
}: {
  queryClient: QueryClient
  router: (app: ReactNode) => ReactNode
  loja: LojaEscolhida
  header: HeaderState | null
}) {
  // After the whole first render (its `Later` parts have chosen to wait), before the browser paints it.
  useLayoutEffect(firstRenderDone, [])
  return (
    <QueryClientProvider client={queryClient}>
      <LojaDaPaginaContext.Provider value={loja}>
        <PageHeaderContext.Provider value={header}>
          {router(
            <Suspense fallback={<Loading />}>
              <AppRoutes routes={routes} />
            </Suspense>,
          )}
        </PageHeaderContext.Provider>
      </LojaDaPaginaContext.Provider>
    </QueryClientProvider>
  )
}
