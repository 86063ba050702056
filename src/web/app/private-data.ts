import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { PrivateData } from '../../shared/conta.ts'
import { apiPost } from '../lib/api.ts'
import { whenIdle } from '../lib/idle.ts'

/**
 * What the server knows about this device's visitor (spec §3 "Private data"), under one query key. Every call that
 * answers PrivateData (login, confirmations, personal data, logout…) puts its answer here; the guards and the screens
 * read it from here.
 */
export const PRIVATE_DATA_KEY = ['private-data'] as const

/** This device already went through the onboarding: lets the guard decide before the server answers. */
const ONBOARDING_STORAGE_KEY = 'balcao.onboarding'
/** The security key shown after it was generated on this device (the server keeps only its hash). */
export const CHAVE_STORAGE_KEY = 'balcao.chave'

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
    if (seen) s.setItem(ONBOARDING_STORAGE_KEY, '1')
    else s.removeItem(ONBOARDING_STORAGE_KEY)
  })
}

/** The security key kept on this device, if it belongs to this account. */
export function storedChave(utilizadorId: number): string | null {
  try {
    const saved = JSON.parse(storage()?.getItem(CHAVE_STORAGE_KEY) ?? 'null') as { id?: number; chave?: string } | null
    return saved?.id === utilizadorId && typeof saved.chave === 'string' ? saved.chave : null
  } catch {
    return null
  }
}

const chaveListeners = new Set<() => void>()

function chaveChanged(): void {
  for (const listener of chaveListeners) listener()
}

function subscribeChave(listener: () => void): () => void {
  chaveListeners.add(listener)
  // Another tab of this device that generates a key shows it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHAVE_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    chaveListeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/**
 * The key this device holds for the account, kept current: a screen reads it from here rather than copying it into
 * its own state, so that it cannot miss a key stored while it was not mounted.
 */
export function useStoredChave(utilizadorId: number): string | null {
  return useSyncExternalStore(subscribeChave, () => storedChave(utilizadorId))
}

export function storeChave(utilizadorId: number, chave: string): void {
  storage()?.setItem(CHAVE_STORAGE_KEY, JSON.stringify({ id: utilizadorId, chave }))
  chaveChanged()
}

export function forgetChave(): void {
  storage()?.removeItem(CHAVE_STORAGE_KEY)
  chaveChanged()
}

async function fetchPrivateData(): Promise<PrivateData> {
  const data = await apiPost<PrivateData>('/api/refresh-private-data', { value: true })
  rememberOnboarding(data.user.sawOnboarding)
  return data
}

const privateDataQuery = { queryKey: PRIVATE_DATA_KEY, queryFn: fetchPrivateData, staleTime: 5 * 60_000 }

export const usePrivateData = () => useQuery(privateDataQuery)

/** Asks the server at once, as the app starts: the guards wait for this answer on a device's first visit. */
export function prefetchPrivateData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(privateDataQuery)
}

/** What a device knows once its session is over (logged out here, or ended elsewhere). */
export const SEM_SESSAO: PrivateData = {
  user: { loggedIn: false, sawOnboarding: true, data: null },
  transacoes: [],
  ordering: [],
}

/** Puts a fresh PrivateData answer in the cache (and the device's onboarding flag). */
export function setPrivateData(queryClient: QueryClient, data: PrivateData): void {
  rememberOnboarding(data.user.sawOnboarding)
  queryClient.setQueryData(PRIVATE_DATA_KEY, data)
}

export function useSetPrivateData(): (data: PrivateData) => void {
  const queryClient = useQueryClient()
  return useCallback((data: PrivateData) => setPrivateData(queryClient, data), [queryClient])
}
