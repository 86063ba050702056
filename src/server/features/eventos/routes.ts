import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dadosDoEvento, type EventoCliente } from '../../../shared/eventos.ts'
import {
  canais,
  type EventBus,
  type Evento,
  NOTIFICACOES_ALTERADAS,
  RELER,
  SESSOES_TERMINADAS,
  UTILIZADOR_ALTERADO,
} from '../../platform/eventos.ts'
import { openSse } from '../../platform/sse.ts'
import { createStreamSlots } from '../../platform/stream-slots.ts'
import type { ContaService } from '../conta/service.ts'

/**
 * Open event streams one customer may hold in one process, all their sessions together: a phone, a tablet and a few
 * tabs. Past it (a script holding connections open), 429 with Retry-After.
 */
export const EVENTOS_POR_CLIENTE = 10

export interface EventosRoutesOptions {
  conta: Pick<ContaService, 'requireUser' | 'sessaoAtiva'>
  bus: EventBus
  /** Aborted when the server closes: open event streams end. */
  closing: AbortSignal
}

/**
 * `GET /api/eventos`: the signed-in session's one event stream (Server-Sent Events), whatever changes while the app is
 * open: `encomenda` (an order's state), `utilizador` (the customer's record: a purchase at the till, their data),
 * `notificacoes` (one arrived, or was read elsewhere), `sessao-terminada` (this session was ended elsewhere: the app
 * signs out), `reler` (events may have been missed), and `ping` every 25 s (nothing changed; the stream is alive).
 * Events carry ids and states only. EventSource sends no headers, so the API version comes as `?v=` (the customer
 * surface accepts it for this route).
 *
 * Each event goes under its id in the event log (docs/decisions/0056), and a new stream's first `ping` and every
 * heartbeat carry where the stream stands (the newest id this process delivered), so a stream always knows a place the
 * log holds. One that comes back saying where it was (`Last-Event-ID`, which the
 * browser sends when it reconnects by itself, or `?desde=`, which the app sends when it opens a new one) is sent the
 * events of the customer's channels written since, in order, before any new one; `reler` only when the log no longer
 * reaches back that far (or holds too many to replay).
 */
export const eventosRoutes: FastifyPluginAsyncZod<EventosRoutesOptions> = async (app, { conta, bus, closing }) => {
  const abertos = createStreamSlots(EVENTOS_POR_CLIENTE)
  app.get('/api/eventos', { config: { privada: true } }, async (request, reply) => {
    const sessao = request.sessao
    const user = await conta.requireUser(sessao, { allowTemporario: true })
    // A slot of the customer's, given back when the stream closes, however it closes.
    const devolver = abertos.take(user.id)
    /** The newest log id this stream was sent; with the bus's, what its heartbeats say. */
    let posicao = 0
    // Heard while the missed events are read: held, and sent after them.
    let retidos: Array<[Evento, string | undefined]> | null = []
    // The heartbeat as an event the app sees: a stream silent for longer than a couple of them is dead, and reopened.
    // Each says where the stream stands (all its channels' events up to the newest this process delivered, once the
    // replay is done), so that a quiet stream's place stays in the log however long it is open.
    const stream = openSse(request, reply, closing, {
      pingEvent: true,
      pingId: () => {
        const entregue = retidos === null ? Number(bus.registo?.entregue() ?? 0) : 0
        const id = Math.max(posicao, entregue)
        return id > 0 ? String(id) : undefined
      },
    })
    void stream.closed.then(devolver)
    const enviar = (evento: EventoCliente, id?: string) => {
      if (id !== undefined) posicao = Math.max(posicao, Number(id))
      stream.send(evento.nome, dadosDoEvento(evento), id)
    }
    const tratar = (evento: Evento, id?: string) => {
      // The order service publishes numbers (the bus types its fields loosely).
      if (evento.tipo === 'encomenda')
        enviar({ nome: 'encomenda', orderId: evento.orderId as number, status: evento.status as number }, id)
      else if (evento.tipo === UTILIZADOR_ALTERADO.tipo) enviar({ nome: 'utilizador' }, id)
      else if (evento.tipo === NOTIFICACOES_ALTERADAS.tipo) enviar({ nome: 'notificacoes' }, id)
      else if (evento.tipo === SESSOES_TERMINADAS.tipo && evento.exceto !== sessao.id) verificarSessao()
      // Events may have been missed (the bus lost PostgreSQL for a while): the app reads what it shows again, and
      // this session, which may have been ended meanwhile, is checked.
      else if (evento.tipo === RELER.tipo) {
        enviar({ nome: 'reler' })
        verificarSessao()
      }
    }
    /** Some of the customer's sessions ended (all but the one that goes on, or all): this one? */
    const verificarSessao = () =>
      void conta.sessaoAtiva(sessao).then(
        (ativa) => {
          if (ativa) return
          enviar({ nome: 'sessao-terminada' })
          stream.end()
        },
        (err: unknown) => request.log.error({ err }, 'session check failed'),
      )
    const meus = [canais.utilizador(user.id), canais.todos]
    /** What the replay sent: the same event heard live (its NOTIFY arriving after the replay read it) is not sent again. */
    const enviados = new Set<string>()
    const parar = meus.map((canal) =>
      bus.subscribe(canal, (evento, id) => {
        if (retidos) retidos.push([evento, id])
        else if (id === undefined || !enviados.has(id)) tratar(evento, id)
      }),
    )
    try {
      const desde = ondeEstava(request)
      const registo = bus.registo
      if (!registo) {
        if (desde) enviar({ nome: 'reler' })
      } else if (desde) {
        const perdidos = await registo.depoisDe(meus, desde)
        if (perdidos === null) enviar({ nome: 'reler' }, await registo.posicao())
        // Where it was stays its place, nothing missed or not: its heartbeats never say less.
        else posicao = Number(desde)
        for (const p of perdidos ?? []) {
          enviados.add(p.id)
          tratar(p.evento, p.id)
        }
      } else {
        // A new stream starts from where this process stands: coming back, it says where it was.
        enviar({ nome: 'ping' }, await registo.posicao())
      }
    } catch (err) {
      // The log could not be read: what may have been missed is read again instead.
      request.log.error({ err }, 'event log read failed')
      enviar({ nome: 'reler' })
    }
    for (const [evento, id] of retidos) if (id === undefined || !enviados.has(id)) tratar(evento, id)
    retidos = null
    await stream.closed
    for (const p of parar) p()
  })
}

/**
 * Where a reconnecting stream was: the browser's own `Last-Event-ID` first (it reconnected by itself, and knows best),
 * else the `?desde=` of a stream the app opened anew; undefined for a first stream.
 */
function ondeEstava(request: FastifyRequest): string | undefined {
  const cabecalho = request.headers['last-event-id']
  if (typeof cabecalho === 'string' && cabecalho !== '') return cabecalho
  const desde = (request.query as { desde?: unknown } | undefined)?.desde
  return typeof desde === 'string' && desde !== '' ? desde : undefined
}
