import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EventoCliente } from '../../shared/eventos.ts'
import {
  atrasoReligar,
  EVENTOS_URL,
  OCULTA_MAX_MS,
  type SeguidorEventos,
  SILENCIO_MAX_MS,
  seguirEventos,
  sessaoRenovada,
} from './eventos.ts'
import { PRIVATE_DATA_KEY } from './private-data.ts'

describe('atrasoReligar', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 100].map((n) => atrasoReligar(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ])
  })

  it('spreads each wait over its upper half', () => {
    expect(atrasoReligar(0, 0)).toBe(500)
    expect(atrasoReligar(3, 0.5)).toBe(6000)
    expect(atrasoReligar(20, 0)).toBe(15000)
    expect(atrasoReligar(20, 0.999)).toBeLessThanOrEqual(30000)
  })

  it('treats nonsense as the first attempt', () => {
    expect(atrasoReligar(-3)).toBe(1000)
    expect(atrasoReligar(Number.NaN)).toBe(1000)
    expect(atrasoReligar(2, 7)).toBe(4000)
  })
})

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static abertas: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.abertas.push(this)
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  abrir() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  /** `lastEventId`: the id the stream last carried, as the browser gives it with each event (none before the first). */
  emitir(data: string, tipo = 'encomenda', lastEventId = '') {
    this.dispatchEvent(new MessageEvent(tipo, { data, lastEventId }))
  }
  /** The server answered an error: the browser gives up. */
  falhar() {
    this.readyState = FakeEventSource.CLOSED
    this.dispatchEvent(new Event('error'))
  }
}

describe('seguirEventos', () => {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  const window = new EventTarget()
  let queryClient: QueryClient
  let invalidadas: unknown[][]
  let ouvidos: EventoCliente[]
  let seguidor: SeguidorEventos

  beforeEach(() => {
    vi.useFakeTimers()
    FakeEventSource.abertas = []
    vi.stubGlobal('EventSource', FakeEventSource)
    vi.stubGlobal('document', document)
    vi.stubGlobal('window', window)
    queryClient = new QueryClient()
    invalidadas = []
    ouvidos = []
    seguidor = { aoEvento: (evento) => ouvidos.push(evento) }
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidadas.push([...(filters?.queryKey ?? [])])
    })
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const abertas = () => FakeEventSource.abertas.filter((f) => f.readyState !== FakeEventSource.CLOSED)

  it('opens one stream for all followers and closes it after the last', () => {
    const parar1 = seguirEventos(queryClient, seguidor)
    const parar2 = seguirEventos(queryClient, seguidor)
    expect(FakeEventSource.abertas).toHaveLength(1)
    expect(FakeEventSource.abertas[0]?.url).toBe(EVENTOS_URL)
    parar1()
    parar1()
    expect(abertas()).toHaveLength(1)
    parar2()
    expect(abertas()).toHaveLength(0)
  })

  it('hands the follower each event, parsed, and drops what is not one', () => {
    const parar = seguirEventos(queryClient, seguidor)
    const fonte = FakeEventSource.abertas[0] as FakeEventSource
    fonte.abrir()
    fonte.emitir('{"orderId":12,"status":1}')
    fonte.emitir('{"orderId":"12","status":1}')
    fonte.emitir('{}', 'utilizador')
    fonte.emitir('{}', 'notificacoes')
    fonte.emitir('{}', 'reler')
    fonte.emitir('{}', 'desconhecido')
    expect(ouvidos).toEqual([
      { nome: 'encomenda', orderId: 12, status: 1 },
      { nome: 'utilizador' },
      { nome: 'notificacoes' },
      { nome: 'reler' },
    ])
    expect(invalidadas).toEqual([])
    parar()
  })

  it('signs out when the server says this session was ended elsewhere, and does not reopen the stream', () => {
    let terminou = 0
    const parar = seguirEventos(queryClient, { ...seguidor, sessaoTerminada: () => terminou++ })
    const fonte = FakeEventSource.abertas[0] as FakeEventSource
    fonte.abrir()
    fonte.emitir('{}', 'sessao-terminada')
    expect(terminou).toBe(1)
    expect(ouvidos).toEqual([])
    expect(abertas()).toHaveLength(0)
    vi.advanceTimersByTime(60_000)
    expect(FakeEventSource.abertas).toHaveLength(1)
    parar()
  })

  it('reopens with backoff after the browser gave up, and reads again what it may have missed', () => {
    const parar = seguirEventos(queryClient, seguidor)
    const primeira = FakeEventSource.abertas[0] as FakeEventSource
    primeira.abrir()
    primeira.falhar()
    expect(abertas()).toHaveLength(0)
    vi.advanceTimersByTime(1000)
    expect(abertas()).toHaveLength(1)
    // The second failure in a row waits longer (2 s, spread over 1–2 s).
    ;(FakeEventSource.abertas[1] as FakeEventSource).falhar()
    vi.advanceTimersByTime(999)
    expect(abertas()).toHaveLength(0)
    vi.advanceTimersByTime(1001)
    expect(abertas()).toHaveLength(1)
    ;(FakeEventSource.abertas[2] as FakeEventSource).abrir()
    // The first failure read the private data (a session ended meanwhile shows there); the reopening, everything.
    expect(invalidadas).toEqual([[...PRIVATE_DATA_KEY]])
    expect(ouvidos).toEqual([{ nome: 'reler' }])
    parar()
    vi.advanceTimersByTime(60_000)
    expect(abertas()).toHaveLength(0)
  })

  it('a stream that carried ids reopens saying where it was, and leaves what was missed to the server', () => {
    const parar = seguirEventos(queryClient, seguidor)
    const primeira = FakeEventSource.abertas[0] as FakeEventSource
    primeira.abrir()
    // The server's first ping carries the newest id; later events their own, and pings repeat the last one.
    primeira.emitir('{}', 'ping', '41')
    primeira.emitir('{}', 'utilizador', '57')
    primeira.emitir('{}', 'ping', '57')
    primeira.falhar()
    vi.advanceTimersByTime(1000)
    const segunda = FakeEventSource.abertas[1] as FakeEventSource
    expect(segunda.url).toBe(`${EVENTOS_URL}&desde=57`)
    segunda.abrir()
    // No `reler` of its own: the server replays what was missed (or says `reler`).
    expect(ouvidos).toEqual([{ nome: 'ping' }, { nome: 'utilizador' }, { nome: 'ping' }])
    parar()
    // A new follower (another customer signed in on this device) starts afresh.
    seguirEventos(queryClient, seguidor)()
    expect(FakeEventSource.abertas[2]?.url).toBe(EVENTOS_URL)
  })

  it('reopens at once when the page is visible again or back online', () => {
    const parar = seguirEventos(queryClient, seguidor)
    ;(FakeEventSource.abertas[0] as FakeEventSource).falhar()
    document.visibilityState = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(abertas()).toHaveLength(0)
    document.visibilityState = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(abertas()).toHaveLength(1)
    // Already open: nothing more.
    window.dispatchEvent(new Event('online'))
    expect(FakeEventSource.abertas).toHaveLength(2)
    ;(FakeEventSource.abertas[1] as FakeEventSource).falhar()
    window.dispatchEvent(new Event('online'))
    expect(abertas()).toHaveLength(1)
    // The pending backoff does not open a second one.
    vi.advanceTimersByTime(60_000)
    expect(abertas()).toHaveLength(1)
    parar()
  })

  it('a stream silent for 2.5 heartbeats is dead whatever it says: closed and opened again; pings keep it', () => {
    const parar = seguirEventos(queryClient, seguidor)
    const primeira = FakeEventSource.abertas[0] as FakeEventSource
    primeira.abrir()
    // The server's ping every 25 s: alive.
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(25_000)
      primeira.emitir('{}', 'ping')
    }
    expect(FakeEventSource.abertas).toHaveLength(1)
    expect(ouvidos.filter((e) => e.nome !== 'ping')).toEqual([])
    ouvidos = []
    // Then nothing (a half-open connection stays OPEN): reopened, and what was missed is read again.
    vi.advanceTimersByTime(SILENCIO_MAX_MS - 1)
    expect(FakeEventSource.abertas).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(primeira.readyState).toBe(FakeEventSource.CLOSED)
    expect(abertas()).toHaveLength(1)
    ;(FakeEventSource.abertas[1] as FakeEventSource).abrir()
    expect(ouvidos).toEqual([{ nome: 'reler' }])
    parar()
    vi.advanceTimersByTime(5 * SILENCIO_MAX_MS)
    expect(FakeEventSource.abertas).toHaveLength(2)
  })

  it('a page back on screen after more than 30 s hidden opens its stream afresh, even one that looks open', () => {
    const parar = seguirEventos(queryClient, seguidor)
    const primeira = FakeEventSource.abertas[0] as FakeEventSource
    primeira.abrir()
    const ocultar = (ms: number) => {
      document.visibilityState = 'hidden'
      document.dispatchEvent(new Event('visibilitychange'))
      vi.advanceTimersByTime(ms)
      document.visibilityState = 'visible'
      document.dispatchEvent(new Event('visibilitychange'))
    }
    // A glance elsewhere: the stream stays.
    ocultar(10_000)
    expect(FakeEventSource.abertas).toHaveLength(1)
    // A phone in a pocket: opened again.
    ocultar(OCULTA_MAX_MS + 1000)
    expect(primeira.readyState).toBe(FakeEventSource.CLOSED)
    expect(abertas()).toHaveLength(1)
    expect(FakeEventSource.abertas).toHaveLength(2)
    parar()
  })

  it('a session renewed on this device (the phone changed) opens the stream again, under the new session', () => {
    const parar = seguirEventos(queryClient, seguidor)
    const primeira = FakeEventSource.abertas[0] as FakeEventSource
    primeira.abrir()
    sessaoRenovada()
    expect(primeira.readyState).toBe(FakeEventSource.CLOSED)
    expect(abertas()).toHaveLength(1)
    expect(FakeEventSource.abertas).toHaveLength(2)
    parar()
    // Nobody follows the stream: nothing to open.
    sessaoRenovada()
    expect(FakeEventSource.abertas).toHaveLength(2)
  })
})
