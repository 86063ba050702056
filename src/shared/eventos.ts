/**
 * The messages of the customer's event stream (`GET /api/eventos`, Server-Sent Events): the SSE event name and its
 * `data` JSON. The server writes them with `dadosDoEvento`, the app reads them with `lerEvento`, so neither can drift
 * from the other. Events carry ids and states only. Kept free of imports (zod above all): the app's first load
 * carries the stream's client.
 */
export type EventoCliente =
  /** An order's state changed (spec §4): its id and its new `id_estado` (estado-pedido.ts `ESTADO`). */
  | { nome: 'encomenda'; orderId: number; status: number }
  /** The customer's record changed: a purchase at the till, a refund, their data. */
  | { nome: 'utilizador' }
  /** A notification arrived, or was read elsewhere. */
  | { nome: 'notificacoes' }
  /** This session was ended elsewhere; the server closes the stream after it. */
  | { nome: 'sessao-terminada' }
  /** Events may have been missed: what is shown is read again. */
  | { nome: 'reler' }
  /** Nothing changed, the stream is alive (written by platform/sse.ts every 25 s). */
  | { nome: 'ping' }

export type NomeEvento = EventoCliente['nome']

/** Every event name the stream may carry: what a client listens to. */
export const NOMES_EVENTOS: readonly NomeEvento[] = [
  'encomenda',
  'utilizador',
  'notificacoes',
  'sessao-terminada',
  'reler',
  'ping',
]

/** The `data` of an event as the server writes it. */
export function dadosDoEvento(evento: EventoCliente): Record<string, unknown> {
  if (evento.nome === 'encomenda') return { orderId: evento.orderId, status: evento.status }
  return {}
}

/** An event as the stream carried it (its name and its `data` text); null when it is not one this module knows. */
export function lerEvento(nome: string, data: unknown): EventoCliente | null {
  switch (nome) {
    case 'encomenda': {
      if (typeof data !== 'string') return null
      try {
        const v = JSON.parse(data) as { orderId?: unknown; status?: unknown } | null
        return v && Number.isInteger(v.orderId) && Number.isInteger(v.status)
          ? { nome, orderId: v.orderId as number, status: v.status as number }
          : null
      } catch {
        return null
      }
    }
    case 'utilizador':
    case 'notificacoes':
    case 'sessao-terminada':
    case 'reler':
    case 'ping':
      return { nome }
    default:
      return null
  }
}
