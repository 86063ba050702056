import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { horaNaLoja as horaNoFuso, TIME_ZONE } from '../../../shared/format.ts'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { ApiError } from '../../lib/api.ts'
import { PAINEL_API, painelGet, painelPost } from './api.ts'
import { createAttempts } from './idempotency.ts'
import { painelKeys } from './keys.ts'

/**
 * The orders board's data (STORE-API.md "Orders from the app", on the staff surface): the store's open orders, kept
 * live by their event stream, and the two changes staff make (forward, cancel). The pure rules (how an order joins the
 * board, which ones are new, how long one has waited, how long to wait before reconnecting) are exported for tests.
 */

/**
 * What the board shows: received (-1), in preparation (1) and ready (2), until the customer collects it. Collected (3)
 * and cancelled (-9) leave it.
 */
export const ABERTAS: readonly number[] = [ESTADO.recebido, ESTADO.emPreparacao, ESTADO.pronto]

/** Oldest first, as the server lists them. */
const maisAntiga = (a: EncomendaLoja, b: EncomendaLoja) =>
  a.criada_em < b.criada_em ? -1 : a.criada_em > b.criada_em ? 1 : a.id - b.id

/** One order (from the stream or a change's answer) into the board: added, changed in place, or gone once closed. */
export function juntar(lista: readonly EncomendaLoja[], encomenda: EncomendaLoja): EncomendaLoja[] {
  const resto = lista.filter((o) => o.id !== encomenda.id)
  if (!ABERTAS.includes(encomenda.estado)) return resto
  return [...resto, encomenda].sort(maisAntiga)
}

/**
 * Which orders of the board are new: received ones never seen on it before. The first list the board reads is what was
 * already there (`conhecidas` null): nothing in it is new. Returns the ids now known and the new ones, in board order.
 */
export function detetarNovas(
  conhecidas: ReadonlySet<number> | null,
  lista: readonly EncomendaLoja[],
): { conhecidas: Set<number>; novas: EncomendaLoja[] } {
  const todas = new Set(conhecidas ?? [])
  const novas: EncomendaLoja[] = []
  for (const o of lista) {
    if (todas.has(o.id)) continue
    todas.add(o.id)
    if (conhecidas && o.estado === ESTADO.recebido) novas.push(o)
  }
  return { conhecidas: todas, novas }
}

/** `HH:mm` in the store's time (`fuso`: Lisbon's, or the Azores' for a store there), Lisbon's until it is known. */
export const horaNaLoja = (iso: string, fuso: string = TIME_ZONE): string => horaNoFuso(iso, fuso)

/** Whole minutes since `iso` (0 for a clock a little behind the server's). */
export const minutosDesde = (iso: string, agora: number) => Math.max(0, Math.floor((agora - Date.parse(iso)) / 60_000))

/** How long an order has waited, said briefly: `agora`, `há 7 min`, `há 1 h 05 min`. */
export function esperaTexto(minutos: number): string {
  if (minutos < 1) return 'agora'
  if (minutos < 60) return `há ${minutos} min`
  return `há ${Math.floor(minutos / 60)} h ${String(minutos % 60).padStart(2, '0')} min`
}

/** A wait this long (the customer was told about 15 minutes) is shown as late. */
export const ESPERA_LONGA_MIN = 15

/**
 * The stream's reconnection delays: 1 s, 2 s, 4 s… up to 15 s (a kitchen should not wait long for the board once the
 * server is back), each with up to a fifth more at random so that a store's tablets do not all come back at once.
 */
export const RELIGAR_MAX_MS = 15_000
export function atrasoReligar(tentativa: number, aleatorio: number = Math.random()): number {
  const base = Math.min(RELIGAR_MAX_MS, 1000 * 2 ** Math.max(0, tentativa))
  return Math.round(base * (1 + 0.2 * aleatorio))
}

export type Ligacao = 'a-ligar' | 'ligada' | 'sem-ligacao'

/**
 * One order from the stream into the board's list. A read of the list under way (the first, the one after a
 * reconnection, the periodic one) may have begun before this change and would put the board back as it was when it
 * lands: the list is then read again, after the change, so a paid order never waits for the next periodic read.
 */
export function receberEncomenda(queryClient: QueryClient, encomenda: EncomendaLoja): void {
  const key = painelKeys.encomendas()
  const temLista = queryClient.getQueryData(key) !== undefined
  if (temLista) queryClient.setQueryData<EncomendaLoja[]>(key, (lista = []) => juntar(lista, encomenda))
  if (temLista && queryClient.isFetching({ queryKey: key }) === 0) return
  // A first read would otherwise be joined rather than begun again (TanStack only restarts reads of data it has).
  void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.invalidateQueries({ queryKey: key }))
}

/** The list read again at most this often while the stream is quiet: a dead connection cannot hide an order long. */
const RELER_MS = 60_000

export const encomendasLojaQuery = () =>
  queryOptions({
    queryKey: painelKeys.encomendas(),
    queryFn: ({ signal }) => painelGet<EncomendaLoja[]>(`/encomendas?estado=${ABERTAS.join(',')}`, signal),
    refetchInterval: RELER_MS,
    staleTime: 0,
  })

/**
 * `GET /painel/api/encomendas?estado=-1,1,2`, kept live by `GET /painel/api/encomendas/stream` (each new paid order and
 * each change as it happens). The stream is ours to reconnect: on an error it is closed and opened again after a
 * growing delay (sooner when the tablet comes back online or wakes up), and every time it opens the list is read again,
 * so an order paid, or one that left the board, while it was down is not missed. `onNovas` hears of each order that
 * arrived while the board was open.
 */
export function useEncomendasLoja(onNovas: (novas: EncomendaLoja[]) => void) {
  const queryClient = useQueryClient()
  const [ligacao, setLigacao] = useState<Ligacao>('a-ligar')
  const query = useQuery(encomendasLojaQuery())

  // New orders, whichever way they came in (the stream, a read after a reconnection, the periodic read).
  const conhecidas = useRef<Set<number> | null>(null)
  const avisar = useRef(onNovas)
  useEffect(() => {
    avisar.current = onNovas
  })
  useEffect(() => {
    if (!query.data) return
    const { conhecidas: todas, novas } = detetarNovas(conhecidas.current, query.data)
    conhecidas.current = todas
    if (novas.length > 0) avisar.current(novas)
  }, [query.data])

  useEffect(() => {
    let fonte: EventSource | null = null
    let tentativa = 0
    let espera: ReturnType<typeof setTimeout> | undefined
    let fechado = false
    const reler = () => void queryClient.invalidateQueries({ queryKey: painelKeys.encomendas() })

    const abrir = () => {
      clearTimeout(espera)
      espera = undefined
      fonte?.close()
      const f = new EventSource(`${PAINEL_API}/encomendas/stream`)
      fonte = f
      f.addEventListener('open', () => {
        tentativa = 0
        setLigacao('ligada')
        reler()
      })
      f.addEventListener('encomenda', (event) => {
        let encomenda: EncomendaLoja
        try {
          encomenda = JSON.parse((event as MessageEvent<string>).data) as EncomendaLoja
        } catch {
          return
        }
        receberEncomenda(queryClient, encomenda)
      })
      f.addEventListener('error', () => {
        if (fechado || fonte !== f) return
        // EventSource would retry by itself after a network error but gives up for good on an HTTP error (a 401 once
        // the store key was revoked, a 502 from a proxy): one rule for both, ours, with a capped backoff.
        f.close()
        fonte = null
        setLigacao('sem-ligacao')
        // The first failure reads the list too: a session that ended answers 401 there, and the page goes to pairing.
        if (tentativa === 0) reler()
        espera = setTimeout(abrir, atrasoReligar(tentativa))
        tentativa += 1
      })
    }

    // Back online, or the tablet woke up: no need to wait for the rest of the delay.
    const jaSe = () => {
      if (fonte === null && !fechado && document.visibilityState === 'visible') abrir()
    }
    window.addEventListener('online', jaSe)
    document.addEventListener('visibilitychange', jaSe)
    abrir()
    return () => {
      fechado = true
      clearTimeout(espera)
      fonte?.close()
      window.removeEventListener('online', jaSe)
      document.removeEventListener('visibilitychange', jaSe)
    }
  }, [queryClient])

  return { query, ligacao }
}

/** A change of the board that got the server's answer: a refusal (409, 404…) means the board was behind. */
const respondida = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500

function useMudancaEncomenda<V>(
  scope: string,
  pedido: (v: V) => { path: string; body: unknown },
): ReturnType<typeof useMutation<EncomendaLoja, unknown, V>> {
  const queryClient = useQueryClient()
  const attempts = useRef(createAttempts(scope)).current
  return useMutation({
    mutationFn: async (v: V) => {
      const p = pedido(v)
      return (await painelPost<{ encomenda: EncomendaLoja }>(p.path, p.body, attempts.keyFor(p))).encomenda
    },
    onSuccess: (encomenda, v) => {
      attempts.settle(pedido(v))
      queryClient.setQueryData<EncomendaLoja[]>(painelKeys.encomendas(), (lista = []) => juntar(lista, encomenda))
    },
    onError: (error, v) => {
      if (!respondida(error)) return
      // The server answered (the order moved on elsewhere, was cancelled…): the same values later are a new attempt,
      // and the board reads what is true now.
      attempts.settle(pedido(v))
      void queryClient.invalidateQueries({ queryKey: painelKeys.encomendas() })
    },
  })
}

/**
 * `POST /painel/api/encomendas/{id}/estado` `{estado}`: one step forward (-1 → 1 → 2 → 3), with an Idempotency-Key per
 * attempt (the same one when a lost answer makes staff tap again).
 */
export const useAvancarEncomenda = () =>
  useMudancaEncomenda('encomendas-estado', ({ id, estado }: { id: number; estado: 1 | 2 | 3 }) => ({
    path: `/encomendas/${id}/estado`,
    body: { estado },
  }))

/** `POST /painel/api/encomendas/{id}/cancelar` `{motivo}`: the store cannot make it; the customer is refunded. */
export const useCancelarEncomenda = () =>
  useMudancaEncomenda('encomendas-cancelar', ({ id, motivo }: { id: number; motivo: string }) => ({
    path: `/encomendas/${id}/cancelar`,
    body: { motivo },
  }))
