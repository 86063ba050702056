import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { PrivateData } from '../shared/conta.ts'
import type { RenderInput, RenderPage } from '../shared/page-data.ts'
import { App, createQueryClient } from './app/App.tsx'
import { routes } from './app/router.tsx'
import { PRIVATE_DATA_KEY } from './lib/private-data.ts'
import { loadRoutes, prefetchRoutes } from './lib/routing.tsx'
import { ServerRedirectContext } from './lib/server-redirect.ts'

/**
 * The server's render of a customer page (server/platform/web.ts): the app's own tree, with the route's code and the
 * reads its `handle.prefetch` declares answered in process, into a query cache of this request alone. The browser
 * hydrates it with the same reads (main.tsx), so that its first render is this one.
 */
export const render: RenderPage = async ({ url, read, privateData }: RenderInput) => {
  const queryClient = createQueryClient()
  if (privateData) queryClient.setQueryData(PRIVATE_DATA_KEY, privateData as PrivateData)
  const reads: Record<string, unknown> = {}
  // The route's reads, as the browser starts them, answered by the API in process instead of over the network.
  const reader = {
    prefetchQuery: async ({ queryKey }: { queryKey: readonly unknown[] }) => {
      const [path] = queryKey
      if (typeof path !== 'string' || !path.startsWith('/api/') || path in reads) return
      const data = await read(path)
      if (data === undefined) return
      reads[path] = data
      queryClient.setQueryData(queryKey, data)
    },
  } as unknown as QueryClient
  const { pathname } = new URL(url, 'http://localhost')
  await Promise.all([loadRoutes(routes, pathname), prefetchRoutes(routes, pathname, reader)])
  const redirect: { to?: string } = {}
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerRedirectContext.Provider value={redirect}>
        <App queryClient={queryClient} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />
      </ServerRedirectContext.Provider>
    </StrictMode>,
    {
      // Every part inline, where it goes: React would otherwise send a large boundary apart, with an inline script to
      // move it in place, which the CSP rightly refuses (a page is rendered whole before it is sent).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails here is rendered by the browser instead (React's own fallback); the server says so.
      onError: (error) => console.error('server render:', error),
    },
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  const html = Buffer.concat(chunks).toString('utf8')
  // Its cache was this request's alone: nothing of it outlives the render (no timers keeping it for minutes).
  queryClient.clear()
  return redirect.to ? { html, reads, redirect: redirect.to } : { html, reads }
}
