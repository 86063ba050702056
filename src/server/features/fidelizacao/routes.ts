import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type PrivateData, PrivateDataSchema, ValueCallSchema } from '../../../shared/conta.ts'
import { OpiniaoSchema, SelecaoNifSchema, TransacaoParams, TransacaoSchema } from '../../../shared/fidelizacao.ts'
import { LojaNomeSchema } from '../../../shared/restaurantes.ts'
import { dataResponse } from '../../platform/http.ts'
import type { Sessao } from '../../platform/sessions.ts'
import type { ContaService } from '../conta/service.ts'
import type { FidelizacaoService } from './service.ts'

export interface FidelizacaoRoutesOptions {
  service: FidelizacaoService
  conta: Pick<ContaService, 'requireUser' | 'selectNif'>
  /** The session's private data, which the account, loyalty and ordering answer together (features/dados-privados). */
  privateData: (sessao: Sessao) => Promise<PrivateData>
  /**
   * Outside production: `POST /api/dev/aniversarios` and `POST /api/dev/expiracao`, the birthday and expiry jobs run
   * as at a given instant.
   */
  dev?: boolean
}

/** The customer's side of loyalty (spec §2, §7): NIF choice, opinions, the stores to give one about. */
export const fidelizacaoRoutes: FastifyPluginAsyncZod<FidelizacaoRoutesOptions> = async (
  app,
  { service, conta, privateData, dev = false },
) => {
  const cliente = async (request: FastifyRequest) => {
    const user = await conta.requireUser(request.sessao)
    return { id: user.id, registoCompleto: user.registo_completo_em !== null }
  }

  app.post(
    '/api/grava-selecao-nif',
    { schema: { body: SelecaoNifSchema, response: dataResponse(PrivateDataSchema) } },
    async (request) => {
      await conta.selectNif(request.sessao, request.body.selecao)
      return { data: await privateData(request.sessao) }
    },
  )

  app.get('/api/lojas', { schema: { response: dataResponse(z.array(LojaNomeSchema)) } }, async () => ({
    data: await service.listLojas(),
  }))

  app.post(
    '/opiniao',
    { schema: { body: OpiniaoSchema, response: dataResponse(z.object({ id: z.number() })) } },
    async (request) => ({
      data: await service.opinar(await cliente(request), request.body),
    }),
  )

  app.post(
    '/opiniao/transacao/:id',
    { schema: { params: TransacaoParams, body: OpiniaoSchema, response: dataResponse(z.object({ id: z.number() })) } },
    async (request) => ({ data: await service.opinar(await cliente(request), request.body, request.params.id) }),
  )

  // Reads of the customer's own: sessions are resolved on POST only (public GETs leave nothing), so this is a POST.
  app.post(
    '/api/transacao/:id',
    { schema: { params: TransacaoParams, body: ValueCallSchema, response: dataResponse(TransacaoSchema) } },
    async (request) => ({ data: await service.transacaoDoCliente((await cliente(request)).id, request.params.id) }),
  )

  if (dev) {
    // The birthday job as at `agora` (a test's controlled clock, a demo on a chosen day): how many rewards it gave.
    app.post(
      '/api/dev/aniversarios',
      {
        schema: {
          body: z.object({ agora: z.iso.datetime() }),
          response: dataResponse(z.object({ dados: z.number().int() })),
        },
      },
      async (request) => ({ data: { dados: await service.aniversarios.atribuir(new Date(request.body.agora)) } }),
    )
    // The expiry and its notices as at `agora`: how many customers' credit and points expired, and notices written.
    app.post(
      '/api/dev/expiracao',
      {
        schema: {
          body: z.object({ agora: z.iso.datetime() }),
          response: dataResponse(z.object({ expirados: z.number().int(), avisos: z.number().int() })),
        },
      },
      async (request) => {
        const agora = new Date(request.body.agora)
        const expirados = await service.expiracao.expirar(agora)
        return { data: { expirados, avisos: await service.expiracao.avisar(agora) } }
      },
    )
  }
}
