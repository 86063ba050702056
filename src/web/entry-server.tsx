import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { PrivateData } from '../shared/conta.ts'
import type { ServerRenderer } from '../shared/page-data.ts'
import { App, createQueryClient } from './app/App.tsx'
import { routes } from './app/router.tsx'
import { PRIVATE_DATA_KEY } from './lib/private-data.ts'
import { pathKey } from './lib/query.tsx'
import { loadedModules, loadRoutes, prefetchRoutes } from './lib/routing.tsx'
import { ServerRedirectContext } from './lib/server-redirect.ts'
import { type HeaderRecord, HeaderRecordContext } from './ui/header.tsx'

/** Longer than any page takes (a few milliseconds): a render still going then has a part that never settles. */
const RENDER_LIMIT_MS = 5000

const pathnameOf = (url: string) => new URL(url, 'http://localhost').pathname

/** The public API reads the page's route declares (its `handle.prefetch`), as the browser would start them. */
export const readsOf: ServerRenderer['readsOf'] = async (url, loja) => {
  const paths: string[] = []
  const recorder = {
    prefetchQuery: async ({ queryKey: [path] }: { queryKey: readonly unknown[] }) => {
      if (typeof path === 'string' && path.startsWith('/api/') && !paths.includes(path)) paths.push(path)
    },
  } as unknown as QueryClient
  await prefetchRoutes(routes, pathnameOf(url), recorder, loja)
  return paths
}

/**
 * The customer screens' modules by their path (relative to src/web, as the build's report names them): a screen's
 * module, once its route has fetched it, is the very object found here (one copy of each module in this bundle).
 */
const screenModules = import.meta.glob(['./features/*/*Page.tsx', '!./features/admin/**', '!./features/painel/**'])
let pathsByModule: Promise<Map<unknown, string>> | undefined

/** The modules of the page's screen (its route's chunk), by path: the server names their files in the page. */
export const modulesOf: ServerRenderer['modulesOf'] = async (url) => {
  const pathname = pathnameOf(url)
  pathsByModule ??= Promise.all(
    Object.entries(screenModules).map(async ([path, load]) => [await load(), path.slice(2)] as const),
  ).then(
    (entries) => new Map(entries),
    (error: unknown) => {
      // Asked again on the next page, rather than never again: the page is rendered all the same, without its links.
      pathsByModule = undefined
      console.error('server render: the screens could not be loaded', error)
      return new Map()
    },
  )
  const [byModule] = await Promise.all([pathsByModule, loadRoutes(routes, pathname)])
  return loadedModules(routes, pathname).flatMap((module) => byModule.get(module) ?? [])
}

/**
 * The server's render of a customer page (server/platform/web.ts): the app's own tree, with the route's code and the
 * answers to its reads, in a query cache of this request alone. The browser hydrates it with the same answers
 * (main.tsx), so that its first render is this one.
 */
export const render: ServerRenderer['render'] = async ({ url, reads, privateData, loja }) => {
  const queryClient = createQueryClient()
  if (privateData) queryClient.setQueryData(PRIVATE_DATA_KEY, privateData as PrivateData)
  for (const [path, data] of Object.entries(reads)) queryClient.setQueryData(pathKey(path), data)
  await loadRoutes(routes, pathnameOf(url))
  const redirect: { to?: string } = {}
  const header: HeaderRecord = {}
  const chunks: Buffer[] = []
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <ServerRedirectContext.Provider value={redirect}>
          <HeaderRecordContext.Provider value={header}>
            <App
              queryClient={queryClient}
              loja={loja}
              header={null}
              router={(app) => <StaticRouter location={url}>{app}</StaticRouter>}
            />
          </HeaderRecordContext.Provider>
        </ServerRedirectContext.Provider>
      </StrictMode>,
      {
        // Every part inline, where it goes: React would otherwise send a large boundary apart, with an inline script
        // to move it in place, which the CSP rightly refuses (a page is rendered whole before it is sent).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A part that never settles does not hold the request: the browser renders what is left.
        signal: AbortSignal.timeout(RENDER_LIMIT_MS),
        // A part that fails here is rendered by the browser instead (React's own fallback); the server says so.
        onError: (error) => console.error('server render:', error),
      },
    )
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  } finally {
    // Its cache was this request's alone: nothing of it outlives the render (no timers keeping it for minutes).
    queryClient.clear()
  }
  const html = Buffer.concat(chunks).toString('utf8')
  if (redirect.to) return { html, redirect: redirect.to }
  const title = header.modalTitle ?? header.state?.title
  return { html, ...(header.state ? { header: header.state } : {}), ...(title ? { title } : {}) }
}
