import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { PrivateData } from '../../shared/conta.ts'
import { apiPost } from './api.ts'
import { whenIdle } from './idle.ts'

/**
 * What the server knows about this device's visitor (spec §3 "Private data"), under one query key. Every call that
 * answers PrivateData (login, confirmations, personal data, logout…) puts its answer here; the guards and the screens
 * read it from here.
 */
export const PRIVATE_DATA_KEY = ['private-data'] as const

/** This device already went through the onboarding: lets the guard decide before the server answers. */
const ONBOARDING_STORAGE_KEY = 'balcao.onboarding'
/**
 * Where earlier versions kept the security key on the device; the key now comes with the account data, so what is left
 * there is removed.
 */
const LEGACY_CHAVE_STORAGE_KEY = 'balcao.chave'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function onboardingSeenOnDevice(): boolean {
  return storage()?.getItem(ONBOARDING_STORAGE_KEY) === '1'
}

/** The loyalty card this device keeps for the screens that open without the network (lib/cartao-guardado.tsx). */
export const CARTAO_STORAGE_KEY = 'balcao.cartao'

/** The private data given last: a card whose module was still loading must not be written over a sign-out since. */
let latest: PrivateData | undefined

/**
 * Written when the browser is idle: the first touch of localStorage in a page opens it synchronously, tens of
 * milliseconds on a slow phone, which would otherwise land in the first screen's render. Idle callbacks run in the
 * order they were asked for, so the device ends with what the last private data say: a signed-in customer's card, or
 * none (signed out here or elsewhere, the account erased, another customer).
 */
function rememberOnDevice(data: PrivateData): void {
  // A sign-out in this page removes the card at once, not when idle: the app may be closed the moment after.
  if (latest?.user.loggedIn && !data.user.loggedIn) storage()?.removeItem(CARTAO_STORAGE_KEY)
  latest = data
  const readAt = Date.now()
  whenIdle(() => {
    const s = storage()
    if (!s) return
    s.removeItem(LEGACY_CHAVE_STORAGE_KEY)
    if (data.user.sawOnboarding) s.setItem(ONBOARDING_STORAGE_KEY, '1')
    else s.removeItem(ONBOARDING_STORAGE_KEY)
    if (!data.user.loggedIn) s.removeItem(CARTAO_STORAGE_KEY)
    // Its module out of reach (offline before the worker had it): the card kept is the last one written, this same
    // customer's, since anyone else's private data removed it on the way.
    else void import('./cartao-guardado.tsx').then((c) => latest === data && c.guardarCartao(s, data, readAt), noop)
  })
}

const noop = () => {}

async function fetchPrivateData(): Promise<PrivateData> {
  const data = await apiPost<PrivateData>('/api/refresh-private-data', { value: true })
  rememberOnDevice(data)
  return data
}

export const privateDataQuery = () =>
  queryOptions({ queryKey: PRIVATE_DATA_KEY, queryFn: fetchPrivateData, staleTime: 5 * 60_000 })

export const usePrivateData = () => useQuery(privateDataQuery())

/** Asks the server at once, as the app starts: the guards wait for this answer on a device's first visit. */
export function prefetchPrivateData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(privateDataQuery())
}

/** What a device knows once its session is over (logged out here, or ended elsewhere). */
export const SEM_SESSAO: PrivateData = {
  user: { loggedIn: false, sawOnboarding: true, data: null },
  transacoes: [],
  ordering: [],
}

/**
 * Set while this device ends its own session (its account erased here, features/rgpd): the event stream's
 * `sessao-terminada` is then this device's own doing, and the screen that did it says so and goes home itself.
 */
export const ownSessionEnd = { running: false }

/** Puts a fresh PrivateData answer in the cache (and on the device: the onboarding flag, the loyalty card). */
export function setPrivateData(queryClient: QueryClient, data: PrivateData): void {
  rememberOnDevice(data)
  queryClient.setQueryData(PRIVATE_DATA_KEY, data)
}

export function useSetPrivateData(): (data: PrivateData) => void {
  const queryClient = useQueryClient()
  return useCallback((data: PrivateData) => setPrivateData(queryClient, data), [queryClient])
}
