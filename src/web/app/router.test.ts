import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PAGE_READS } from '../../shared/page-reads.ts'
import { paths } from '../../shared/routes.ts'
import type { Loadable } from '../lib/routing.tsx'
import { routes } from './router.tsx'
import type { RouteHandle } from './Shell.tsx'

/** Each param of a pattern given a value of its own name. */
const paramsOf = (pattern: string) =>
  Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name as string, `${name}-x`]))

function prefetchedKeys(route: RouteObject): unknown[] {
  const keys: unknown[] = []
  const queryClient = {
    prefetchQuery: async ({ queryKey }: { queryKey: unknown }) => {
      keys.push(queryKey)
    },
  } as unknown as QueryClient
  void (route.handle as Loadable | undefined)?.prefetch?.(queryClient, paramsOf(route.path ?? ''))
  return keys
}

describe('the routes’ prefetch', () => {
  const screens = (routes[0]?.children ?? []).filter((r) => r.path)

  // The server answers these reads inside the page's HTML, and the app seeds them under their paths: a screen that
  // prefetched under another key would ask again for what it already has.
  it('starts exactly the reads the server answers in the page, under their paths', () => {
    for (const [pattern, page] of Object.entries(PAGE_READS)) {
      const route = screens.find((r) => r.path === pattern)
      expect(route, pattern).toBeDefined()
      const expected = page.reads(paramsOf(pattern)).map((read) => [read])
      expect(prefetchedKeys(route as RouteObject), pattern).toEqual(expected)
    }
  })

  it('of no other screen', () => {
    const others = screens.filter((r) => !(r.path && r.path in PAGE_READS))
    expect(others.flatMap(prefetchedKeys)).toEqual([])
  })
})

describe('the GDPR screens', () => {
  const screens = (routes[0]?.children ?? []).filter((r) => r.path)
  const handleOf = (path: string) => screens.find((r) => r.path === path)?.handle as RouteHandle | undefined

  it('the hub and its three forms are login-required modals', () => {
    for (const path of [paths.rgpd, paths.rgpdComunicacao, paths.rgpdEsquecimento, paths.rgpdPortabilidade]) {
      expect(handleOf(path), path).toMatchObject({ access: 'private', modal: true })
    }
  })

  it('the e-mailed links and the cancellation are pages; the erasure ones guard themselves (they end the session)', () => {
    // Login required, a provisional account included: nobody gives more data to take theirs (decision 0017).
    expect(handleOf(paths.rgpdPortabilidadeLink)).toMatchObject({ access: 'account' })
    for (const path of [paths.rgpdEsquecimentoLink, paths.cancelarConta]) {
      expect(handleOf(path), path).toMatchObject({ access: 'open' })
      expect(handleOf(path)?.modal, path).toBeUndefined()
    }
  })
})

describe('every page of the shared route table', () => {
  const screens = (routes[0]?.children ?? []).filter((r) => r.path)
  const mounted = new Set([...screens.map((r) => r.path), ...routes.map((r) => r.path)])

  it('is mounted by the web router (a path the server answers 200 must not show the not-found screen)', () => {
    const painel = Object.values(paths).filter((p) => p.startsWith('/painel'))
    const missing = Object.values(paths).filter((p) => !mounted.has(p) && !painel.includes(p))
    expect(missing).toEqual([])
  })

  it('/alterar-nif opens the NIF choice, login required', async () => {
    const route = screens.find((r) => r.path === paths.alterarNif)
    expect(route?.handle).toMatchObject({ access: 'private' })
    // Its chunk is the NIF screen's, and it loads.
    const load = (route?.handle as Loadable | undefined)?.load
    expect(load).toBeTypeOf('function')
    await load?.()
  })
})
