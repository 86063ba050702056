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

/**
 * Written when the browser is idle: the first touch of localStorage in a page opens it synchronously, tens of
 * milliseconds on a slow phone, which would otherwise land in the first screen's render.
 */
function rememberOnboarding(seen: boolean): void {
  whenIdle(() => {
    const s = storage()
    if (!s) return
    s.removeItem(LEGACY_CHAVE_STORAGE_KEY)
    if (seen) s.setItem(ONBOARDING_STORAGE_KEY, '1')
    else s.removeItem(ONBOARDING_STORAGE_KEY)
  })
}

async function fetchPrivateData(): Promise<PrivateData> {
  const data = await apiPost<PrivateData>('/api/refresh-private-data', { value: true })
  rememberOnboarding(data.user.sawOnboarding)
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

/** Puts a fresh PrivateData answer in the cache (and the device's onboarding flag). */
export function setPrivateData(queryClient: QueryClient, data: PrivateData): void {
  rememberOnboarding(data.user.sawOnboarding)
  queryClient.setQueryData(PRIVATE_DATA_KEY, data)
}

export function useSetPrivateData(): (data: PrivateData) => void {
  const queryClient = useQueryClient()
  return useCallback((data: PrivateData) => setPrivateData(queryClient, data), [queryClient])
}
