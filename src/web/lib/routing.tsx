import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import {
  Component,
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useState,
} from 'react'
import {
  type Location,
  matchRoutes as matchAllRoutes,
  type Params,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router'
import type { LojaEscolhida } from '../../shared/page-data.ts'
import { RouteError } from '../ui/RouteError.tsx'
import { lojaDoCookie } from './loja-cookie.ts'

/**
 * Routing on React Router's declarative core, with the two things this app took from its data router: a screen's
 * chunk is fetched before the navigation shows it (the page stays, with a progress bar, meanwhile), and the scroll is
 * restored. The data router itself weighs 31 kB gzip, in every first load; this core weighs 14 kB
 * (docs/decisions/0010-first-load-budget.md).
 */

/**
 * What a route says about itself in its `handle`: `load` fetches its screen's chunk, `prefetch` starts the API reads
 * the screen will make (with the queryOptions its hooks use), at the same time as the chunk rather than after it (one
 * round trip, not two, on 4G). The ordering screens' reads depend on the store chosen on the device (`loja`).
 */
export interface Loadable {
  load?: () => Promise<unknown>
  /** The screen's module once `load` has fetched it (the server names its files in the page: entry-server.tsx). */
  loaded?: () => unknown
  prefetch?: (queryClient: QueryClient, params: Params, loja: LojaEscolhida) => Promise<unknown>
}

type Loaded =
  | { status: 'idle' }
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'done'; Screen: ComponentType; module: unknown }
  | { status: 'failed' }

interface ScreenLoader {
  state: Loaded
  load: () => Promise<void>
}

function LazyScreen({ loader }: { loader: ScreenLoader }) {
  const { state } = loader
  if (state.status === 'done') return <state.Screen />
  if (state.status === 'failed') return <RouteError />
  throw loader.load()
}

/** A screen in its own chunk: `load` fetches it (once); rendering it before then suspends. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const loader: ScreenLoader = {
    state: { status: 'idle' },
    load() {
      if (loader.state.status === 'loading') return loader.state.promise
      if (loader.state.status === 'done') return Promise.resolve()
      // Idle, or failed before (a dropped connection): ask again.
      const promise = load().then(
        (m) => {
          loader.state = { status: 'done', Screen: pick(m), module: m }
        },
        () => {
          loader.state = { status: 'failed' }
        },
      )
      loader.state = { status: 'loading', promise }
      return promise
    },
  }
  return {
    element: <LazyScreen loader={loader} />,
    load: loader.load,
    loaded: () => (loader.state.status === 'done' ? loader.state.module : undefined),
  }
}

/** A route whose screen is its own chunk, fetched (with the screen's data) before the navigation shows it. */
export function lazyRoute<M, H extends object = Loadable>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
  handle?: H,
): Pick<RouteObject, 'element' | 'handle'> {
  const screen = lazyScreen(load, pick)
  return { element: screen.element, handle: { ...handle, load: screen.load, loaded: screen.loaded } }
}

const matchesByPath = new WeakMap<RouteObject[], Map<string, ReturnType<typeof matchAllRoutes>>>()

/** Paths remembered; past this, the memo starts over (a session that opens hundreds of news items). */
const MATCHES_KEPT = 100

/**
 * React Router's matchRoutes, remembered by path: it flattens and ranks the whole route table on every call, a few
 * milliseconds on a slow phone. This saves the app's own two calls of each render (useRoutes still makes its own).
 */
function matchRoutes(routes: RouteObject[], location: Location): ReturnType<typeof matchAllRoutes> {
  let byPath = matchesByPath.get(routes)
  if (!byPath || byPath.size >= MATCHES_KEPT) {
    byPath = new Map()
    matchesByPath.set(routes, byPath)
  }
  if (!byPath.has(location.pathname)) byPath.set(location.pathname, matchAllRoutes(routes, location.pathname))
  return byPath.get(location.pathname) ?? null
}

const HandleContext = createContext<object>({})
const PendingContext = createContext(false)

/** The `handle` of the deepest route shown. */
export function useRouteHandle<H extends object>(): Partial<H> {
  return useContext(HandleContext) as Partial<H>
}

/** Whether a navigation is waiting for its screen's chunk. */
export function useNavigationPending(): boolean {
  return useContext(PendingContext)
}

/**
 * The routes for the location shown, which trails the address bar while the next screen's chunks load: a tap keeps
 * the current screen in place (no blank flash) until the next can render.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation()
  const queryClient = useQueryClient()
  // The first screen's chunk and data start now, alongside the session check, not once it has answered.
  const [shown, setShown] = useState<Location>(() => {
    // On the server the screen's code and reads are in before it renders (entry-server.tsx).
    if (!import.meta.env.SSR) void startScreen(routes, location, queryClient)
    return location
  })
  // A layout effect: when the next screen is already loaded, it shows before the browser paints (no frame of the old
  // screen with the progress bar).
  useLayoutEffect(() => {
    if (location.key === shown.key) return
    let current = true
    void startScreen(routes, location, queryClient).then(() => {
      if (!current) return
      // Read while the old screen is still there: once the next one (perhaps shorter) is in, it would be cut short.
      scrollPositions.set(shown.key, window.scrollY)
      setShown(location)
    })
    return () => {
      current = false
    }
  }, [routes, location, shown.key, queryClient])
  const matches = matchRoutes(routes, shown) ?? []
  const handle = (matches.at(-1)?.route.handle ?? {}) as object
  return (
    <PendingContext.Provider value={location.key !== shown.key}>
      <HandleContext.Provider value={handle}>
        <ScreenBoundary resetKey={shown.key}>{useRoutes(routes, shown)}</ScreenBoundary>
      </HandleContext.Provider>
    </PendingContext.Provider>
  )
}

/** Fetches the chunks of the routes matching `location` and starts their API reads; resolves with the chunks. */
function startScreen(routes: RouteObject[], location: Location, queryClient: QueryClient): Promise<unknown> {
  void prefetchRoutes(routes, location.pathname, queryClient, lojaDoCookie())
  return loadRoutes(routes, location.pathname)
}

const handlesOf = (routes: RouteObject[], pathname: string) =>
  (matchRoutes(routes, { pathname } as Location) ?? []).map(({ route, params }) => ({
    handle: route.handle as Loadable | undefined,
    params,
  }))

/** Fetches the chunks of the routes matching a path: the server renders with them, the browser hydrates with them. */
export function loadRoutes(routes: RouteObject[], pathname: string): Promise<unknown> {
  return Promise.all(handlesOf(routes, pathname).map(({ handle }) => handle?.load?.()))
}

/** The modules of the routes matching a path that `loadRoutes` has fetched. */
export function loadedModules(routes: RouteObject[], pathname: string): unknown[] {
  return handlesOf(routes, pathname).flatMap(({ handle }) => handle?.loaded?.() ?? [])
}

/**
 * Starts the API reads of the routes matching a path, as their `handle.prefetch` declares them: the browser as a
 * screen opens, the server before it renders one (the reads it then puts in the page).
 */
export function prefetchRoutes(
  routes: RouteObject[],
  pathname: string,
  queryClient: QueryClient,
  loja: LojaEscolhida,
): Promise<unknown> {
  return Promise.all(
    handlesOf(routes, pathname).map(({ handle, params }) => handle?.prefetch?.(queryClient, params, loja)),
  )
}

/**
 * A screen that throws while rendering shows the error screen, until the next navigation (`resetKey`); with `quiet`,
 * a part not worth an error screen (the computer's footer whose chunk did not come) shows nothing instead.
 */
export class ScreenBoundary extends Component<
  { resetKey: string; quiet?: boolean; children: ReactNode },
  { failedAt: string | null }
> {
  override state = { failedAt: null as string | null }
  static getDerivedStateFromError() {
    return { failedAt: '' }
  }
  override componentDidCatch() {
    this.setState({ failedAt: this.props.resetKey })
  }
  override render() {
    const { failedAt } = this.state
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey))
      return this.props.quiet ? null : <RouteError />
    return this.props.children
  }
}

/** Where each history entry was scrolled to when the person left it (saved by AppRoutes, by entry key). */
const scrollPositions = new Map<string, number>()

/**
 * Back and forward return to where the page was; a new page starts at the top, or at its `#anchor`. A modal opened
 * over a page (its state names a background) leaves the page's scroll alone.
 */
export function useScrollRestoration() {
  const location = useLocation()
  useLayoutEffect(() => {
    // This app restores scroll itself; the browser's own restoring would fight it on back and forward.
    window.history.scrollRestoration = 'manual'
  }, [])
  const { key, hash, state } = location
  // By the entry's key, not the location object: the routes hand out a new object on every render, and a render
  // while the next screen loads must not scroll the page.
  useLayoutEffect(() => {
    const saved = scrollPositions.get(key)
    const overPage = Boolean((state as { background?: unknown } | null)?.background)
    if (saved !== undefined) window.scrollTo(0, saved)
    else if (hash) anchorOf(hash)?.scrollIntoView()
    else if (!overPage) window.scrollTo(0, 0)
  }, [key, hash, state])
}

function anchorOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)))
  } catch {
    // A malformed escape in a typed address (`#%`): no anchor.
    return null
  }
}
