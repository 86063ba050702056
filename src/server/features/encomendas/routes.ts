import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type PrivateData, ValueCallSchema } from '../../../shared/conta.ts'
import {
  CalculaEncomendaSchema,
  CalculoSchema,
  FinalizaEncomendaSchema,
  FinalizaRespostaSchema,
} from '../../../shared/encomenda.ts'
import { EncomendaClienteSchema, HistoricoEncomendasSchema, ParaRepetirSchema } from '../../../shared/pedido.ts'
import { IdTextoSchema, idParams, semCaracteresProibidos, texto } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { SandboxProvider } from '../../platform/pagamentos-sandbox.ts'
import type { ReadCache } from '../../platform/read-cache.ts'
import type { Sessao } from '../../platform/sessions.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import type { ContaService } from '../conta/service.ts'
import type { CatalogoService } from './catalogo.ts'
import { catalogoRoutes } from './catalogo-routes.ts'
import { sandboxRoutes } from './sandbox-routes.ts'
import type { EncomendasService } from './service.ts'

/** A POS's largest menus (a thousand products, each with its extras and options) fit well within this. */
const EMENTA_BODY_LIMIT = 5 * 1024 * 1024

export interface EncomendasRoutesOptions {
  /** The catalogue: the stores that take orders, their menus, the price of a cart. */
  catalogo: CatalogoService
  encomendas: EncomendasService
  cache: ReadCache
  conta: Pick<ContaService, 'requireUser' | 'exigirTermosAceites'>
  /** The session's private data, which the account, loyalty and ordering answer together (features/dados-privados). */
  privateData: (sessao: Sessao) => Promise<PrivateData>
  /** The sandbox's phone (`/api/dev/pagamentos`), outside production when the sandbox is the provider. */
  sandbox: SandboxProvider | null
}

const EncomendaIdParams = idParams('id')

/** Ordering's calls for the app: the stores that take orders, a store's catalogue, the price of a cart. */
export const encomendasRoutes: FastifyPluginAsyncZod<EncomendasRoutesOptions> = async (
  app,
  { catalogo, encomendas, cache, conta, privateData: privateDataDe, sandbox },
) => {
  // The catalogue's public reads: its own file.
  await app.register(catalogoRoutes, { catalogo, cache })

  // Ordering is for signed-in customers (spec §6). Prices come from the menu, never from the app.
  app.post(
    '/api/calcula-encomenda',
    { schema: { body: CalculaEncomendaSchema, response: dataResponse(CalculoSchema) } },
    async (request) => {
      await conta.requireUser(request.sessao)
      const privateData = await privateDataDe(request.sessao)
      const { body } = request
      const cliente = privateData.user.data
      const { transaction, lines, embalagens, vendedor, minutos, metodosPagamento } = await catalogo.calcular(
        {
          idLoja: body.id_loja,
          cart: body.cart,
          usarPremio: body.usar_premio === 1,
          tipo: body.id_tipo_entrega,
          recipienteProprio: body.recipiente_proprio === 1,
          dataNascimento: cliente?.dataNascimento ?? null,
        },
        cliente?.saldo ?? 0,
      )
      const loyaltyData = { transaction, lines, embalagens }
      const levantamento = await encomendas.levantamento(body.id_loja, minutos)
      const orderData = { orderCode: null, status: null }
      const pagamento = { metodos: encomendas.metodosAceites(metodosPagamento) }
      return { data: { loyaltyData, orderData, vendedor, levantamento, pagamento, privateData } }
    },
  )

  // Spec §7 api-finaliza-encomenda. The app sends one Idempotency-Key per checkout attempt: a retry after a lost
  // answer gets the same order, never a second one.
  app.post(
    '/api/finaliza-encomenda',
    { schema: { body: FinalizaEncomendaSchema, response: dataResponse(FinalizaRespostaSchema, 201) } },
    async (request, reply) => {
      const user = await conta.requireUser(request.sessao)
      // A relevant new version of the terms or the privacy policy is accepted before ordering (docs/decisions/0033).
      await conta.exigirTermosAceites(user)
      const chave = idempotencyKeyOf(request)
      const orderData = await encomendas.finalizar(user.id, chave, request.body, {
        dataNascimento: user.data_nascimento,
      })
      return reply.status(201).send({ data: { orderData, privateData: await privateDataDe(request.sessao) } })
    },
  )

  // 'As minhas encomendas': a page of the customer's orders, newest first; `antes` asks for the page after.
  app.get(
    '/api/encomendas',
    {
      config: { privada: true },
      schema: {
        querystring: z.strictObject({ antes: IdTextoSchema.optional() }),
        response: dataResponse(HistoricoEncomendasSchema),
      },
    },
    async (request) => {
      const user = await conta.requireUser(request.sessao)
      return { data: await encomendas.historico(user.id, request.query.antes) }
    },
  )

  // 'Repetir': a past order's lines by their codes and names, for the app to find in the store's current menu.
  app.get(
    '/api/encomendas/:id/repetir',
    {
      config: { privada: true },
      schema: { params: EncomendaIdParams, response: dataResponse(ParaRepetirSchema) },
    },
    async (request) => {
      const user = await conta.requireUser(request.sessao)
      return { data: await encomendas.paraRepetir(user.id, request.params.id) }
    },
  )

  // A table's QR code: the store and table it opens, while the store takes orders (mesas.ts). Public: a customer
  // scans before signing in; the code's signature, not the session, says it is genuine.
  app.get(
    '/api/mesas/:codigo',
    {
      schema: {
        params: z.strictObject({ codigo: texto(40) }),
        response: dataResponse(z.object({ id_loja: z.number().int(), loja: z.string(), mesa: z.number().int() })),
      },
    },
    async (request, reply) => {
      const data = await encomendas.mesas.abrir(request.params.codigo)
      // Whether the store takes orders now changes with the clock: nothing keeps the answer.
      reply.header('cache-control', 'no-cache')
      return { data }
    },
  )

  app.get(
    '/api/encomendas/:id',
    {
      config: { privada: true },
      schema: { params: EncomendaIdParams, response: dataResponse(EncomendaClienteSchema) },
    },
    async (request) => {
      const user = await conta.requireUser(request.sessao)
      return { data: await encomendas.doCliente(user.id, request.params.id) }
    },
  )

  // The customer stops waiting for a payment (another method, another cart): the order is given up unpaid.
  app.post(
    '/api/encomendas/:id/desistir',
    {
      config: { privada: true },
      schema: {
        params: EncomendaIdParams,
        body: ValueCallSchema,
        response: dataResponse(EncomendaClienteSchema),
      },
    },
    async (request) => {
      const user = await conta.requireUser(request.sessao)
      return { data: await encomendas.desistir(user.id, request.params.id) }
    },
  )

  // The provider's callback (outside the customer surface: see pagamentoCallbackRoutes).

  if (sandbox) await app.register(sandboxRoutes(sandbox, encomendas))
}

/**
 * The payment provider's callback, `GET /api/pagamentos/{provider}/callback?…`: outside the customer surface (the
 * provider sends no API version and has no session). Its answer says nothing a forger could learn from.
 */
export function pagamentoCallbackRoutes(pedidos: EncomendasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/pagamentos/:provider/callback',
      {
        schema: {
          params: z.object({ provider: texto(40) }),
          querystring: z.record(
            z.string().refine(...semCaracteresProibidos()),
            z.string().refine(...semCaracteresProibidos()),
          ),
        },
      },
      async (request, reply) => {
        const resultado = await pedidos.receberCallback(request.params.provider, request.query)
        if (resultado === 'recusado')
          return reply.status(403).send({ error: { title: 'Recusado', message: 'Recusado' } })
        // A payment we could not confirm now: the provider may send it again.
        if (resultado === 'indisponivel')
          return reply.status(503).send({ error: { title: 'Indisponível', message: 'Tente mais tarde' } })
        return { data: { recebido: true } }
      },
    )
  }
}

/** The Store API's menu import (STORE-API.md "Orders from the app" `PUT /ementa`), for the key's own store. */
export function lojaEmentaRoutes(catalogo: CatalogoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/ementa',
      {
        // A whole menu: hundreds of products with their extras and options, well past the default body limit.
        bodyLimit: EMENTA_BODY_LIMIT,
        // The snapshot is validated by the service, whole, so that a refusal names its first bad field by its path.
        schema: {
          body: z.unknown(),
          response: dataResponse(
            z.object({
              hash: z.string(),
              last_update: z.string(),
              alterada: z.boolean(),
              produtos: z.number().int(),
            }),
          ),
        },
      },
      async (request) => ({ data: await catalogo.importarEmenta(request.chaveLoja.idLoja, request.body) }),
    )
  }
}
