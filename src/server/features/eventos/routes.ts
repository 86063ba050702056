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
 */
export const eventosRoutes: FastifyPluginAsyncZod<EventosRoutesOptions> = async (app, { conta, bus, closing }) => {
  const abertos = createStreamSlots(EVENTOS_POR_CLIENTE)
  // Event ids: this process's start and a count, unique enough for a browser to say where it was.
  const inicio = Date.now().toString(36)
  app.get('/api/eventos', { config: { privada: true } }, async (request, reply) => {
    const sessao = request.sessao
    const user = await conta.requireUser(sessao, { allowTemporario: true })
    // A slot of the customer's, given back when the stream closes, however it closes.
    const devolver = abertos.take(user.id)
    // The heartbeat as an event the app sees: a stream silent for longer than a couple of them is dead, and reopened.
    const stream = openSse(request, reply, closing, { pingEvent: true })
    void stream.closed.then(devolver)
    let seq = 0
    const enviar = (evento: EventoCliente) => stream.send(evento.nome, dadosDoEvento(evento), `${inicio}-${++seq}`)
    // The browser reconnecting by itself says where it was (Last-Event-ID): events are not kept to be replayed, so it
    // is told to read again what it shows, which is what the events would have told it.
    if (request.headers['last-event-id']) enviar({ nome: 'reler' })
    const ouvinte = (evento: Evento) => {
      // The order service publishes numbers (the bus types its fields loosely).
      if (evento.tipo === 'encomenda')
        enviar({ nome: 'encomenda', orderId: evento.orderId as number, status: evento.status as number })
      else if (evento.tipo === UTILIZADOR_ALTERADO.tipo) enviar({ nome: 'utilizador' })
      else if (evento.tipo === NOTIFICACOES_ALTERADAS.tipo) enviar({ nome: 'notificacoes' })
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
    const parar = [bus.subscribe(canais.utilizador(user.id), ouvinte), bus.subscribe(canais.todos, ouvinte)]
    await stream.closed
    for (const p of parar) p()
  })
}
