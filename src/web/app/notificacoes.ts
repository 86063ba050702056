import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { Notificacao } from '../../shared/notificacoes.ts'
import { apiGet, apiPost } from '../lib/api.ts'
import { usePageLoaded } from '../lib/idle.ts'
import { usePrivateData } from './private-data.ts'

/**
 * The customer's notifications (spec §2/§4), read by the header (its unread count, on every screen) and by
 * /notificacoes. Signed in, the server knows what was read; a guest's device keeps it (the newest id it saw).
 */
export const NOTIFICACOES_KEY = ['notificacoes'] as const

const GUEST_STORAGE_KEY = 'balcao_notificacoes_lidas'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

const guestLidasAte = () => Number(storage()?.getItem(GUEST_STORAGE_KEY) ?? 0) || 0

/** A guest's list read against what this device saw; a customer's as the server says. */
export function comLeitura(lista: Notificacao[], guest: boolean, lidasAte = guestLidasAte()): Notificacao[] {
  return guest ? lista.map((n) => ({ ...n, read: n.id <= lidasAte })) : lista
}

export const naoLidas = (lista: readonly Notificacao[] | undefined) => lista?.filter((n) => !n.read).length ?? 0

/**
 * `quandoCarregada`: read only once the page has loaded (the header's count, which the first screen does not need);
 * the notifications screen reads at once, its list being the screen.
 */
export function useNotificacoes({ quandoCarregada = false } = {}) {
  const pageLoaded = usePageLoaded()
  const privateData = usePrivateData().data
  const guest = privateData?.user.loggedIn !== true
  // Keyed by whoever is signed in: another customer on the same device never sees (or marks) the last one's.
  const quem = guest ? 'guest' : (privateData?.user.data?.id ?? 'cliente')
  return useQuery({
    queryKey: [...NOTIFICACOES_KEY, quem],
    queryFn: async ({ signal }) => comLeitura(await apiGet<Notificacao[]>('/api/notificacoes', signal), guest),
    // Live over the event stream when signed in; a guest's list changes rarely: read again now and then.
    staleTime: guest ? 5 * 60_000 : 60_000,
    enabled: privateData !== undefined && (pageLoaded || !quandoCarregada),
  })
}

/**
 * Everything the screen showed is read (spec §4: leaving the screen): on the server (signed in) or on this device
 * (guest); the lists already in memory say so at once, so the header's count clears without waiting.
 */
export async function marcarLidas(queryClient: QueryClient, ate: number, guest: boolean): Promise<void> {
  for (const [key, lista] of queryClient.getQueriesData<Notificacao[]>({ queryKey: NOTIFICACOES_KEY })) {
    if (lista)
      queryClient.setQueryData(
        key,
        lista.map((n) => (n.id <= ate ? { ...n, read: true } : n)),
      )
  }
  if (guest) {
    if (ate > guestLidasAte()) storage()?.setItem(GUEST_STORAGE_KEY, String(ate))
    return
  }
  // Sent as the page may be going away (closed, another address typed): the request must outlive it.
  await apiPost('/api/notificacoes/lidas', { ate }, { keepalive: true })
}

/**
 * The notifications screen's reading (spec §4: unread becomes read when the screen is left), however it is left: for
 * another screen of the app (`sair`, on unmount), or with the page hidden or unloaded — the tab or the installed app
 * closed, the browser's back to another site, another address typed, the phone turned to another app — which no
 * unmount ever reports. Sent once for what was unread: a page hidden and then unloaded sends one request; a
 * notification that arrives afterwards and is shown, one more when the screen is next left.
 */
export function leituraAoSair(queryClient: QueryClient) {
  let ate = 0
  let porLer = false
  let guest = true
  const marcar = () => {
    if (!porLer || ate === 0) return
    porLer = false
    // A failure only leaves them unread until the next visit: nothing to tell.
    void marcarLidas(queryClient, ate, guest).catch(() => {})
  }
  const aoOcultar = () => {
    if (document.visibilityState === 'hidden') marcar()
  }
  document.addEventListener('visibilitychange', aoOcultar)
  window.addEventListener('pagehide', marcar)
  return {
    /** The list as the screen shows it now. */
    mostrou(lista: readonly Notificacao[], comoGuest: boolean) {
      ate = lista.reduce((max, n) => Math.max(max, n.id), ate)
      porLer ||= lista.some((n) => !n.read)
      guest = comoGuest
    },
    /** The screen is left for another of the app's. */
    sair() {
      document.removeEventListener('visibilitychange', aoOcultar)
      window.removeEventListener('pagehide', marcar)
      marcar()
    },
  }
}
