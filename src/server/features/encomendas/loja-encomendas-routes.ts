import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { ENCOMENDAS_LOJA_MAX, EncomendaLojaSchema, EstadoSchema } from '../../../shared/pedido.ts'
import { idParams, MULTILINHA, obrigatorio } from '../../../shared/validacao.ts'
import { canais, type EventBus, RELER } from '../../platform/eventos.ts'
import { dataResponse } from '../../platform/http.ts'
import { replyIdempotent } from '../../platform/idempotency.ts'
import { openSse } from '../../platform/sse.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import { createStreamSlots, type StreamSlots } from '../../platform/stream-slots.ts'
import type { EncomendasService, Resposta } from './service.ts'

const EncomendaIdParams = idParams('id')

/**
 * The states a store may list, as the pattern the OpenAPI document states: the list's form is checked first (its own
 * message), each state after the split (`estado.N`); the document's pattern says both at once, from EstadoSchema.
 */
const ESTADOS_PATTERN = (() => {
  const one = `(?:${EstadoSchema.options.map((o) => String(o.value)).join('|')})`
  return `^${one}(?:,${one})*$`
})()

const EstadosQuery = z.object({
  estado: z
    .string()
    .regex(/^-?\d+(,-?\d+)*$/, 'Lista de estados separados por vírgulas, por exemplo -1,1')
    .transform((v) => v.split(',').map(Number))
    .pipe(z.array(EstadoSchema))
    .optional()
    .meta({
      pattern: ESTADOS_PATTERN,
      description:
        'The states to list, comma-separated (-1,1 when absent). The answer holds the ' +
        `${ENCOMENDAS_LOJA_MAX} most recent orders of these states at most, sorted soonest due first.`,
    }),
})

/** What `GET /encomendas` answers; its limit said in the schema, so the OpenAPI document carries it. */
const EncomendasLojaLista = z
  .array(EncomendaLojaSchema)
  .max(ENCOMENDAS_LOJA_MAX)
  .meta({
    description:
      `The store's paid orders in the states asked: the ${ENCOMENDAS_LOJA_MAX} most recent at most, ` +
      'sorted soonest due first (at levantar_em, or at criada_em when that is null).',
  })

/** A change of the board answers the order as it now is. */
const naQuadro: Resposta = (encomenda) => ({ status: 200, body: { data: { encomenda } } })

/** An open board stream checks this often that its key (and its tablet's session) still hold; and at every event. */
export const VERIFICAR_ACESSO_MS = 30_000

/**
 * Order streams one store key may hold open at once, its paired tablets' boards and the Store API's together: a
 * tablet or three a store, with room for a reconnect that overlaps its old stream. Past it, 429 with Retry-After.
 * Counted per process (platform/stream-slots.ts says why): with N app servers a key may hold N times this.
 */
export const STREAMS_POR_CHAVE = 5

/** The open order streams of every key, shared by the Store API and the tablets' boards (one count per key). */
export type OrderStreamSlots = StreamSlots

export const createOrderStreamSlots = (): OrderStreamSlots => createStreamSlots(STREAMS_POR_CHAVE)

/**
 * The store's orders (STORE-API.md "Orders from the app"): on the Store API by key, and on the staff surface for the
 * paired tablet's board. `ator` says which key acts, and so which store.
 */
export function lojaEncomendasRoutes(
  pedidos: EncomendasService,
  bus: EventBus,
  closing: AbortSignal,
  ator: (request: FastifyRequest) => { chaveId: number; idLoja: number },
  opcoes: {
    verificarAcessoMs?: number
    /** The keys' open streams (createOrderStreamSlots), given to every mount of these routes so they count together. */
    streams?: StreamSlots
  } = {},
): FastifyPluginAsyncZod {
  const verificarAcessoMs = opcoes.verificarAcessoMs ?? VERIFICAR_ACESSO_MS
  const streams = opcoes.streams ?? createOrderStreamSlots()
  return async (app) => {
    app.get(
      '/encomendas',
      { schema: { querystring: EstadosQuery, response: dataResponse(EncomendasLojaLista) } },
      async (request) => {
        const { idLoja } = ator(request)
        // A POS that polls for its orders is the store's board as much as a stream is.
        await pedidos.cozinha.painelVisto(idLoja)
        return {
          data: await pedidos.listarLoja(idLoja, request.query.estado ?? [ESTADO.recebido, ESTADO.emPreparacao]),
        }
      },
    )

    // Every new paid order and every change, as it happens; on connecting, the orders still open, so that a board
    // that reconnects after a drop misses nothing. The key (and the tablet's session) are checked again every
    // VERIFICAR_ACESSO_MS and before each event: revoked, the stream ends (and cannot be opened again).
    app.get('/encomendas/stream', async (request, reply) => {
      const { chaveId, idLoja } = ator(request)
      // On the staff surface, the paired tablet's session; none on the Store API.
      const sessaoPainelId = (request as { painel?: { id: number } | null }).painel?.id ?? null
      // A slot of the key's (429 past STREAMS_POR_CHAVE), given back when the stream closes, however it closes.
      const devolver = streams.take(chaveId)
      let stream: ReturnType<typeof openSse>
      try {
        stream = openSse(request, reply, closing)
      } catch (err) {
        devolver()
        throw err
      }
      void stream.closed.then(devolver)
      const falhou = (err: unknown) => request.log.error({ err }, 'order stream failed')
      /**
       * False, and the stream ended, once the key or the tablet's session no longer holds; while they do, the store's
       * board is there (a store without one for a while pauses its online orders: cozinha.ts).
       */
      const continuar = async () => {
        if (await pedidos.acessoAtivo({ chaveId, sessaoPainelId })) {
          await pedidos.cozinha.painelVisto(idLoja)
          return true
        }
        stream.end()
        return false
      }
      // Open: still to make, or ready and waiting for the customer (the board's third column).
      const enviarAbertas = async () => {
        for (const encomenda of await pedidos.listarLoja(idLoja, [
          ESTADO.recebido,
          ESTADO.emPreparacao,
          ESTADO.pronto,
        ])) {
          stream.send('encomenda', encomenda, String(encomenda.id))
        }
      }
      const enviarUma = async (id: number) => {
        const encomenda = await pedidos.daLoja(idLoja, id)
        if (encomenda) stream.send('encomenda', encomenda, String(encomenda.id))
      }
      // The stream's sends, one after another in the order their events came: each reads the order afresh, and a slow
      // read (or access check) must not let an older state of an order reach the board after a newer one.
      let fila: Promise<void> = Promise.resolve()
      let fechado = false
      void stream.closed.then(() => {
        fechado = true
      })
      const emFila = (passo: () => Promise<void>): Promise<void> => {
        const feito = fila.then(passo)
        fila = feito.catch(() => undefined)
        return feito
      }
      const parar = bus.subscribe(canais.loja(idLoja), (evento) => {
        const id = evento.id
        // Events may have been missed (the bus lost PostgreSQL for a while): the open orders again, as on connecting.
        const enviar =
          evento.tipo === RELER.tipo
            ? enviarAbertas
            : evento.tipo === 'encomenda' && typeof id === 'number'
              ? () => enviarUma(id)
              : undefined
        if (enviar)
          void emFila(async () => {
            if (!fechado && (await continuar())) await enviar()
          }).catch(falhou)
      })
      const verificacao = setInterval(() => void continuar().catch(falhou), verificarAcessoMs)
      verificacao.unref()
      try {
        await pedidos.cozinha.painelVisto(idLoja)
        // First in the queue: an event heard while the open orders are read is sent after them.
        await emFila(enviarAbertas)
        await stream.closed
      } catch (err) {
        // The reply is taken over: nothing else would end the stream or answer the client.
        falhou(err)
        stream.end()
      } finally {
        clearInterval(verificacao)
        parar()
      }
    })

    app.post(
      '/encomendas/:id/estado',
      {
        schema: {
          params: EncomendaIdParams,
          // Any integer: an unknown state is the contract's 409 (the service says which are allowed), not a 400.
          body: z.strictObject({ estado: z.number().int() }),
          response: dataResponse(z.object({ encomenda: EncomendaLojaSchema })),
        },
      },
      async (request, reply) => {
        return replyIdempotent(reply, () =>
          pedidos.avancar(ator(request), idempotencyKeyOf(request), request.params.id, request.body.estado, naQuadro),
        )
      },
    )

    app.post(
      '/encomendas/:id/cancelar',
      {
        schema: {
          params: EncomendaIdParams,
          body: z.strictObject({ motivo: obrigatorio(300, MULTILINHA) }),
          response: dataResponse(z.object({ encomenda: EncomendaLojaSchema })),
        },
      },
      async (request, reply) => {
        return replyIdempotent(reply, () =>
          pedidos.cancelar(ator(request), idempotencyKeyOf(request), request.params.id, request.body.motivo, naQuadro),
        )
      },
    )
  }
}
