import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { API_VERSION } from '../../shared/api.ts'
import { paths } from '../../shared/routes.ts'
import { NOTIFICACOES_KEY } from './notificacoes.ts'
import { PRIVATE_DATA_KEY, SEM_SESSAO, setPrivateData, usePrivateData } from './private-data.ts'
import { sincronizarPush } from './push.ts'

/** The first wait before reopening a stream the browser gave up on, and the longest. */
export const RELIGAR_MIN_MS = 1_000
export const RELIGAR_MAX_MS = 30_000
/**
 * The server sends a `ping` every 25 s (platform/sse.ts): a stream that has said nothing for 2.5 times that is dead,
 * whatever its readyState says (a phone's connection dropped half-open stays OPEN), and is opened again.
 */
export const SILENCIO_MAX_MS = 62_500
/** A page hidden longer than this (a phone in a pocket) opens its stream again when it is back on screen. */
export const OCULTA_MAX_MS = 30_000

/**
 * How long to wait before the `tentativa`-th reopening (0, 1, 2…): 1 s, 2 s, 4 s… capped at 30 s, then spread over its
 * upper half by `acaso` (0 ≤ acaso < 1), so that phones dropped together by a restart do not all come back at once.
 */
export function atrasoReligar(tentativa: number, acaso = 1): number {
  const n = Number.isFinite(tentativa) ? Math.max(0, Math.floor(tentativa)) : 0
  const base = Math.min(RELIGAR_MAX_MS, RELIGAR_MIN_MS * 2 ** Math.min(n, 30))
  const fator = 0.5 + 0.5 * Math.min(1, Math.max(0, acaso))
  return Math.round(base * fator)
}

/** `data: {"orderId":12,"status":1}` of an `encomenda` event; null when it is not one. */
export function lerEventoEncomenda(data: unknown): { orderId: number; status: number } | null {
  if (typeof data !== 'string') return null
  try {
    const v = JSON.parse(data) as { orderId?: unknown; status?: unknown }
    return Number.isInteger(v.orderId) && Number.isInteger(v.status)
      ? { orderId: v.orderId as number, status: v.status as number }
      : null
  } catch {
    return null
  }
}

export const EVENTOS_URL = `/api/eventos?v=${API_VERSION}`

/*
 * One stream per page (`GET /api/eventos`), the session's: opened while a customer is signed in (the Shell follows
 * it), closed when they leave. Its events: `encomenda` (an order's state), `utilizador` (the customer's record changed:
 * a purchase at the till, a refund: balance, points and transactions are read again), `reler` (the server may have
 * missed events) and `ping` (nothing changed, the stream is alive). EventSource reconnects by itself after a dropped
 * connection; when it gives up (the server answered with an error: readyState CLOSED) this reopens it with backoff, and
 * at once when the page becomes visible again or the device comes back online. A stream silent for longer than
 * SILENCIO_MAX_MS, or on a page that was hidden longer than OCULTA_MAX_MS, may be dead without knowing it: it is closed
 * and opened again. Whatever may have been missed while it was closed is read again on reopening.
 */
let fonte: EventSource | null = null
let utilizadores = 0
let tentativa = 0
let religar: ReturnType<typeof setTimeout> | undefined
let cliente: QueryClient | null = null
/** What the app does when the server says this session was ended elsewhere (the hook's: sign out, go home). */
let aoTerminar: (() => void) | null = null
/** The stream was open once: a later `open` is a reconnection, after which the followed orders are read again. */
let jaAbriu = false
/** Closes and reopens a stream that has been silent too long; reset by everything the stream says. */
let vigia: ReturnType<typeof setTimeout> | undefined
/** When the page was hidden (Date.now()), while it is. */
let ocultaDesde: number | null = null

function releitura(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['encomenda'] })
  void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
  void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY })
}

function abrir() {
  clearTimeout(religar)
  religar = undefined
  if (fonte || utilizadores === 0 || !cliente || typeof EventSource === 'undefined') return
  const queryClient = cliente
  const esta = new EventSource(EVENTOS_URL)
  fonte = esta
  /** The stream said something: it is alive. Silent for SILENCIO_MAX_MS from now, it is opened again. */
  const vivo = () => {
    clearTimeout(vigia)
    vigia = setTimeout(() => {
      if (fonte !== esta) return
      fechar()
      abrir()
    }, SILENCIO_MAX_MS)
  }
  vivo()
  const ouvir = (nome: string, acao: (event: Event) => void) =>
    esta.addEventListener(nome, (event) => {
      if (fonte === esta) vivo()
      acao(event)
    })
  ouvir('ping', () => {})
  ouvir('open', () => {
    tentativa = 0
    if (jaAbriu) releitura(queryClient)
    jaAbriu = true
  })
  ouvir('encomenda', (event) => {
    const evento = lerEventoEncomenda((event as MessageEvent).data)
    if (!evento) return
    void queryClient.invalidateQueries({ queryKey: ['encomenda', evento.orderId] })
    void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
    // Ready, or cancelled by the store: a notification came with it.
    if (evento.status === 2 || evento.status === -9) void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY })
  })
  ouvir('sessao-terminada', () => {
    // The server ends the stream after this: it must not be reopened with a session that is over.
    esta.close()
    if (fonte === esta) fechar()
    aoTerminar?.()
  })
  ouvir('utilizador', () => {
    void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
    // A purchase at the till may have brought a notification with it.
    void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY })
  })
  ouvir('notificacoes', () => void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY }))
  // The server's bus may have missed events (it lost PostgreSQL for a while): what is shown is read again.
  ouvir('reler', () => releitura(queryClient))
  esta.addEventListener('error', () => {
    // CONNECTING: the browser is already trying again by itself.
    if (esta.readyState !== EventSource.CLOSED || fonte !== esta) return
    fechar()
    // The first failure reads the private data again: a session ended while the stream was down answers 401 here,
    // and the private data then says so.
    if (tentativa === 0) void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
    religar = setTimeout(abrir, atrasoReligar(tentativa++, Math.random()))
  })
}

function fechar() {
  clearTimeout(religar)
  religar = undefined
  clearTimeout(vigia)
  vigia = undefined
  fonte?.close()
  fonte = null
}

/**
 * Back on screen or online: a stream that is not open is reopened now rather than after its backoff; one that looks
 * open on a page hidden for a while (the phone slept, its connection may be long gone) is opened afresh too.
 */
function acordar() {
  if (document.visibilityState === 'hidden') {
    ocultaDesde ??= Date.now()
    return
  }
  const ocultaHaMuito = ocultaDesde !== null && Date.now() - ocultaDesde > OCULTA_MAX_MS
  ocultaDesde = null
  if (utilizadores === 0) return
  if (fonte && fonte.readyState !== EventSource.CLOSED && !ocultaHaMuito) return
  fechar()
  tentativa = 0
  abrir()
}

/**
 * This device's session was renewed (the phone number changed here: the server ended the old session and gave this
 * device a new one): the open stream still speaks for the old one and is opened again under the new, and the device's
 * push subscription is given to the new session (the server moves it too; this covers a move it missed).
 */
export function sessaoRenovada(): void {
  void sincronizarPush().catch(() => {})
  if (utilizadores === 0) return
  fechar()
  tentativa = 0
  abrir()
}

/**
 * Counts one more follower of the stream (opening it for the first) and returns the function that counts it out
 * (closing it after the last). The React hook below is the way in; exported for the tests.
 */
export function seguirEventos(queryClient: QueryClient, sessaoTerminada?: () => void): () => void {
  cliente = queryClient
  aoTerminar = sessaoTerminada ?? null
  utilizadores++
  if (utilizadores === 1) {
    document.addEventListener('visibilitychange', acordar)
    window.addEventListener('online', acordar)
  }
  abrir()
  let seguido = true
  return () => {
    if (!seguido) return
    seguido = false
    utilizadores--
    if (utilizadores > 0) return
    fechar()
    tentativa = 0
    jaAbriu = false
    ocultaDesde = null
    aoTerminar = null
    document.removeEventListener('visibilitychange', acordar)
    window.removeEventListener('online', acordar)
  }
}

/**
 * Follows the signed-in customer's session live (the Shell calls it once for the whole app): each `encomenda` event
 * refreshes that order's query (`['encomenda', id]`) and the private data (its `ordering`, points and balance); each
 * `utilizador` event the private data; `sessao-terminada` (the password was changed on another device, the phone
 * changed, the account ended) signs this device out and goes home, as logging out does (spec §4).
 */
export function useEventos(): void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const user = usePrivateData().data?.user
  const autenticado = user?.loggedIn === true && user.data != null
  const terminar = useCallback(async () => {
    // Home first: a screen for signed-in customers would otherwise send the guest it sees to the login.
    await navigate(paths.home, { replace: true, flushSync: true })
    setPrivateData(queryClient, SEM_SESSAO)
  }, [navigate, queryClient])
  useEffect(() => {
    if (!autenticado) return
    // The device's push subscription, if it has one, follows the session signed in now.
    void sincronizarPush().catch(() => {})
    return seguirEventos(queryClient, () => void terminar())
  }, [autenticado, queryClient, terminar])
}
