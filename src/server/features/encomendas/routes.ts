import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CodigoSmsSchema, HashResponseSchema, type PrivateData, ValueCallSchema } from '../../../shared/conta.ts'
import {
  ConvidadoSchema,
  ConvidadoTelemovelSchema,
  EstadoConvidadoSchema,
  SeguirConvidadoSchema,
} from '../../../shared/convidado.ts'
import { convidadoTextos } from '../../../shared/convidado-textos.ts'
import {
  CalculaEncomendaSchema,
  CalculoSchema,
  FinalizaEncomendaSchema,
  FinalizaRespostaSchema,
} from '../../../shared/encomenda.ts'
import { EncomendaClienteSchema, HistoricoEncomendasSchema, ParaRepetirSchema } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { HashParamsSchema, IdTextoSchema, idParams, semCaracteresProibidos, texto } from '../../../shared/validacao.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { escapeAttribute, escapeHtml } from '../../platform/html.ts'
import { dataResponse } from '../../platform/http.ts'
import type { SandboxProvider } from '../../platform/pagamentos-sandbox.ts'
import type { ReadCache } from '../../platform/read-cache.ts'
import type { Sessao, Sessions } from '../../platform/sessions.ts'
import { idempotencyKeyOf } from '../../platform/store-surface.ts'
import type { ContaService } from '../conta/service.ts'
import type { CatalogoService } from './catalogo.ts'
import { catalogoRoutes } from './catalogo-routes.ts'
import { encomendasMensagens } from './contexto.ts'
import { convidadosMensagens, SEGUIR_PATH } from './convidados.ts'
import type { Dono } from './encomendas-repository.ts'
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
  /** A guest's token on the device (decision 0050). */
  sessions: Pick<Sessions, 'convidadoDe' | 'guardarConvidado' | 'markOnboardingSeen'>
}

/**
 * What the link in a guest's SMS shows: a browser opened it, so a page (one that goes on to the order's screen; one
 * that says the link no longer opens anything).
 */
const paginaDoLink = (texto: string, destino?: string) =>
  `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${destino ? `<meta http-equiv="refresh" content="0;url=${escapeAttribute(destino)}">` : ''}<title>Balcão</title></head><body><main><h1>Pedido</h1><p>${escapeHtml(texto)}</p><p><a href="${escapeAttribute(destino ?? '/')}">${destino ? 'Abrir o pedido' : 'Abrir a app'}</a></p></main></body></html>`

const HashParams = HashParamsSchema

const EncomendaIdParams = idParams('id')

/** Ordering's calls for the app: the stores that take orders, a store's catalogue, the price of a cart. */
export const encomendasRoutes: FastifyPluginAsyncZod<EncomendasRoutesOptions> = async (
  app,
  { catalogo, encomendas, cache, conta, privateData: privateDataDe, sandbox, sessions },
) => {
  // The catalogue's public reads: its own file.
  await app.register(catalogoRoutes, { catalogo, cache })
  const { convidados } = encomendas

  /**
   * Whose orders this device may read: the signed-in customer's, the guest's whose token it holds, or both (a guest
   * who then signed in). Neither: 401, as before guests.
   */
  async function donosDe(request: FastifyRequest): Promise<Dono[]> {
    const convidado = await convidados.doToken(sessions.convidadoDe(request))
    const doConvidado: Dono[] = convidado ? [{ convidadoId: convidado.id }] : []
    if (request.sessao.utilizadorId === null && convidado) return doConvidado
    try {
      const user = await conta.requireUser(request.sessao)
      return [{ utilizadorId: user.id }, ...doConvidado]
    } catch (error) {
      if (convidado) return doConvidado
      throw error
    }
  }

  // Guest checkout (decision 0050): the phone confirmed by an SMS code, under a sign-up's limits.
  app.post(
    '/api/convidado',
    { schema: { body: ConvidadoTelemovelSchema, response: dataResponse(HashResponseSchema) } },
    async (request) => ({ data: { hash: await convidados.pedirCodigo(request.body, request.ip) } }),
  )

  app.post(
    '/api/convidado/:hash',
    { schema: { params: HashParams, body: CodigoSmsSchema, response: dataResponse(ConvidadoSchema) } },
    async (request, reply) => {
      const { token, convidado } = await convidados.confirmar(request.params.hash, request.body.codigo, request.ip)
      sessions.guardarConvidado(reply, token)
      return { data: convidado }
    },
  )

  // What the checkout knows of this device's guest (none: null).
  app.get(
    '/api/convidado',
    { config: { privada: true }, schema: { response: dataResponse(EstadoConvidadoSchema) } },
    async (request) => ({ data: await convidados.estado(sessions.convidadoDe(request)) }),
  )

  // The link in a guest's SMS, opened on any device: its token kept there, and the order opened. Whoever opens it
  // ordered on this app already: the device counts the onboarding as seen rather than stopping them before the order.
  app.get(
    `${SEGUIR_PATH}/:token`,
    {
      config: { navegacao: true, privada: true },
      schema: { params: SeguirConvidadoSchema, querystring: z.object({ v: texto(10).optional() }) },
    },
    async (request, reply) => {
      const { token } = request.params
      const { convidado } = await convidados.estado(token)
      // A page either way (a browser opened it): one that says so when the link opens nothing, and keeps nothing.
      if (!convidado || convidado.encomenda === null) {
        return reply.type('text/html; charset=utf-8').send(paginaDoLink(convidadoTextos.ligacaoInvalida))
      }
      sessions.guardarConvidado(reply, token)
      await sessions.markOnboardingSeen(request, reply)
      const destino = `${paths.finalizarPasso2}?encomenda=${convidado.encomenda}`
      return reply.type('text/html; charset=utf-8').send(paginaDoLink('A abrir o pedido…', destino))
    },
  )

  // 'Guardar os pontos desta compra': the guest's paid order written to the account made after it with the same phone.
  app.post(
    '/api/encomendas/:id/guardar-pontos',
    { schema: { params: EncomendaIdParams, body: ValueCallSchema, response: dataResponse(FinalizaRespostaSchema) } },
    async (request) => {
      const user = await conta.requireUser(request.sessao)
      // Only a complete account earns: credited before, the order's purchase would earn nothing, for good.
      if (user.registo_completo_em === null) throw new HttpError(403, convidadosMensagens.contaIncompleta)
      const convidado = await convidados.doToken(sessions.convidadoDe(request))
      if (!convidado) throw notFound(encomendasMensagens.naoEncontrada)
      await convidados.guardarPontos(convidado, request.params.id, {
        utilizadorId: user.id,
        telemovelE164: user.telemovel_e164,
        criadoEm: user.criado_em,
      })
      return {
        data: {
          orderData: await encomendas.doCliente([{ utilizadorId: user.id }], request.params.id),
          privateData: await privateDataDe(request.sessao),
        },
      }
    },
  )

  // Ordering is for signed-in customers (spec §6). Prices come from the menu, never from the app.
  app.post(
    '/api/calcula-encomenda',
    { schema: { body: CalculaEncomendaSchema, response: dataResponse(CalculoSchema) } },
    async (request) => {
      // A visitor prices a cart too (a guest's checkout): with no balance.
      if (request.sessao.utilizadorId !== null) await conta.requireUser(request.sessao)
      const privateData = await privateDataDe(request.sessao)
      const { body } = request
      const cliente = privateData.user.data
      const calculado = await catalogo.calcular(
        {
          idLoja: body.id_loja,
          cart: body.cart,
          usarPremio: body.usar_premio === 1,
          tipo: body.id_tipo_entrega,
          recipienteProprio: body.recipiente_proprio === 1,
          dataNascimento: cliente?.dataNascimento ?? null,
          // A reward to use: only one the customer holds, as the back-office defines it (decision 0051).
          premio: cliente && cliente.itens > 0 ? cliente.premio : null,
          resgatarPremio: body.resgatar_premio === 1,
          aniversario: cliente?.aniversario ?? null,
          usarAniversario: body.usar_premio_aniversario === 1,
        },
        cliente?.saldo ?? 0,
      )
      const { transaction, lines, embalagens, vendedor, minutos, metodosPagamento, premio, aniversario } = calculado
      const loyaltyData = { transaction, lines, embalagens }
      const levantamento = await encomendas.levantamento(body.id_loja, minutos)
      const orderData = { orderCode: null, status: null }
      const pagamento = { metodos: encomendas.metodosAceites(metodosPagamento) }
      return { data: { loyaltyData, orderData, vendedor, levantamento, pagamento, premio, aniversario, privateData } }
    },
  )

  // Spec §7 api-finaliza-encomenda. The app sends one Idempotency-Key per checkout attempt: a retry after a lost
  // answer gets the same order, never a second one.
  app.post(
    '/api/finaliza-encomenda',
    { schema: { body: FinalizaEncomendaSchema, response: dataResponse(FinalizaRespostaSchema, 201) } },
    async (request, reply) => {
      const chave = idempotencyKeyOf(request)
      const token = sessions.convidadoDe(request)
      if (request.sessao.utilizadorId === null && token !== undefined) {
        // A guest's checkout: the phone confirmed for this order, no balance, the link by SMS once it is written.
        const convidado = await convidados.doToken(token)
        if (!convidado) throw new HttpError(403, convidadosMensagens.confirmacaoExpirada, 'Confirmação expirada')
        const loja = encomendas.nomeDaLoja
        // The order's phone is the one the code confirmed (MB WAY's too), whatever the form sent.
        const body = { ...request.body, telemovel: convidado.telemovel, pais: convidado.pais }
        const orderData = await encomendas.finalizar({ convidadoId: convidado.id }, chave, body, {
          dataNascimento: null,
          convidado: {
            usar: (trx) => convidados.usarNaEncomenda(trx, convidado),
            aoCriar: async (p) => convidados.enviarLigacao(convidado, token, p, await loja(p.id_loja)),
          },
        })
        return reply.status(201).send({ data: { orderData, privateData: await privateDataDe(request.sessao) } })
      }
      const user = await conta.requireUser(request.sessao)
      // A relevant new version of the terms or the privacy policy is accepted before ordering (docs/decisions/0033).
      await conta.exigirTermosAceites(user)
      const orderData = await encomendas.finalizar({ utilizadorId: user.id }, chave, request.body, {
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
    async (request) => ({ data: await encomendas.doCliente(await donosDe(request), request.params.id) }),
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
    async (request) => ({ data: await encomendas.desistir(await donosDe(request), request.params.id) }),
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
