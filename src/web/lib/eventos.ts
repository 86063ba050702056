import type { QueryClient } from '@tanstack/react-query'
import { API_VERSION } from '../../shared/api.ts'
import { type EventoCliente, lerEvento, NOMES_EVENTOS } from '../../shared/eventos.ts'
import { PRIVATE_DATA_KEY } from './private-data.ts'
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

export const EVENTOS_URL = `/api/eventos?v=${API_VERSION}`

/** Who follows the stream: what the app does with each of its events, and when this session was ended elsewhere. */
export interface SeguidorEventos {
  /** Each event the stream carries (shared/eventos.ts), and a `reler` of its own after a reopening. */
  aoEvento: (evento: EventoCliente) => void
  /** The server said this session was ended elsewhere; the stream is closed for good. */
  sessaoTerminada?: () => void
}

/*
 * One stream per page (`GET /api/eventos`), the session's: opened while a customer is signed in (the Shell follows
 * it), closed when they leave. Its events (shared/eventos.ts) go to the follower. EventSource reconnects by itself
 * after a dropped connection; when it gives up (the server answered with an error: readyState CLOSED) this reopens it
 * with backoff, and at once when the page becomes visible again or the device comes back online. A stream silent for
 * longer than SILENCIO_MAX_MS, or on a page that was hidden longer than OCULTA_MAX_MS, may be dead without knowing it:
 * it is closed and opened again. Every event comes with an id (the server's event log): reconnecting by itself the
 * browser says the last one it saw (Last-Event-ID), and a stream opened anew says it as `?desde=`, so the server sends
 * what was missed, or `reler` when it can no longer; only a stream that never had an id reads everything again on
 * reopening.
 */
let fonte: EventSource | null = null
let utilizadores = 0
let tentativa = 0
let religar: ReturnType<typeof setTimeout> | undefined
let cliente: QueryClient | null = null
let seguidor: SeguidorEventos | null = null
/** The stream was open once: a later `open` is a reconnection. */
let jaAbriu = false
/** The id of the last event the stream carried ('' before the first): where a reopened stream starts from. */
let ultimoId = ''
/** Closes and reopens a stream that has been silent too long; reset by everything the stream says. */
let vigia: ReturnType<typeof setTimeout> | undefined
/** When the page was hidden (Date.now()), while it is. */
let ocultaDesde: number | null = null

function abrir() {
  clearTimeout(religar)
  religar = undefined
  if (fonte || utilizadores === 0 || !cliente || typeof EventSource === 'undefined') return
  const queryClient = cliente
  const esta = new EventSource(ultimoId ? `${EVENTOS_URL}&desde=${encodeURIComponent(ultimoId)}` : EVENTOS_URL)
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
      if (fonte === esta) {
        vivo()
        const id = (event as MessageEvent).lastEventId
        if (id) ultimoId = id
      }
      acao(event)
    })
  ouvir('open', () => {
    tentativa = 0
    // Reopened without an id to say where it was: whatever happened while it was closed was not told, the same as the
    // server's `reler`. With one, the server sends what was missed itself (or `reler`).
    if (jaAbriu && !ultimoId) seguidor?.aoEvento({ nome: 'reler' })
    jaAbriu = true
  })
  for (const nome of NOMES_EVENTOS) {
    ouvir(nome, (event) => {
      const evento = lerEvento(nome, (event as MessageEvent).data)
      if (!evento) return
      if (evento.nome !== 'sessao-terminada') {
        seguidor?.aoEvento(evento)
        return
      }
      // The server ends the stream after this: it must not be reopened with a session that is over.
      esta.close()
      if (fonte === esta) fechar()
      seguidor?.sessaoTerminada?.()
    })
  }
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
 * (closing it after the last). The app's `useEventos` is the way in.
 */
export function seguirEventos(queryClient: QueryClient, quem: SeguidorEventos): () => void {
  cliente = queryClient
  seguidor = quem
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
    ultimoId = ''
    ocultaDesde = null
    seguidor = null
    document.removeEventListener('visibilitychange', acordar)
    window.removeEventListener('online', acordar)
  }
}
