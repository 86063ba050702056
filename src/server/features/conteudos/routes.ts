import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CampanhaResumoSchema,
  CampanhaSchema,
  CategoriaFaqSchema,
  InformacaoConsumidorSchema,
  InformacaoLegalResumoSchema,
  InformacaoLegalSchema,
  NovidadeResumoSchema,
  NovidadeSchema,
} from '../../../shared/conteudos.ts'
import { replyFromCache } from '../../platform/cached-reply.ts'
import { dataResponse, tagParams } from '../../platform/http.ts'
import type { ReadCache } from '../../platform/read-cache.ts'
import type { ComFim, ConteudosService } from './service.ts'

/** What a writer of content passes to `ReadCache.invalidate` after its commit: the whole feature, or one kind. */
export const CONTEUDOS_CACHE_TAGS = {
  all: 'conteudos',
  novidades: 'novidades',
  campanhas: 'campanhas',
  perguntasFrequentes: 'perguntas-frequentes',
  informacaoLegal: 'informacao-legal',
  informacaoConsumidor: 'informacao-consumidor',
} as const

type Kind = Exclude<keyof typeof CONTEUDOS_CACHE_TAGS, 'all'>

/** The earliest end among campaigns, when any has one. */
function primeiroFim(campanhas: readonly ComFim[]): Date | null {
  const fins = campanhas.flatMap((c) => (c.terminaEm ? [Date.parse(c.terminaEm)] : []))
  return fins.length > 0 ? new Date(Math.min(...fins)) : null
}

export const conteudosRoutes: FastifyPluginAsyncZod<{ service: ConteudosService; cache: ReadCache }> = async (
  app,
  { service, cache },
) => {
  // Answered from the read cache, which keeps their compressed forms too (platform/cached-reply.ts).
  const cached = { compress: false } as const
  const fromCache = <T>(
    reply: FastifyReply,
    kind: Kind,
    key: string,
    load: () => Promise<T>,
    until?: (data: T) => Date | null,
  ) =>
    replyFromCache(
      reply,
      cache,
      {
        key,
        tags: [CONTEUDOS_CACHE_TAGS.all, CONTEUDOS_CACHE_TAGS[kind]],
        ...(until ? { until: ({ data }: { data: T }) => until(data) } : {}),
      },
      async () => ({ data: await load() }),
    )

  app.get(
    '/api/novidades',
    { ...cached, schema: { response: dataResponse(z.array(NovidadeResumoSchema)) } },
    (_request, reply) => fromCache(reply, 'novidades', 'novidades', service.listNovidades),
  )

  app.get(
    '/api/novidades/:novidade',
    { ...cached, schema: { params: tagParams('novidade'), response: dataResponse(NovidadeSchema) } },
    ({ params }, reply) =>
      fromCache(reply, 'novidades', `novidade/${params.novidade}`, () => service.getNovidade(params.novidade)),
  )

  app.get(
    '/api/campanhas',
    { ...cached, schema: { response: dataResponse(z.array(CampanhaResumoSchema)) } },
    // Kept no later than the first end among them: no writer says when a campaign ends.
    (_request, reply) => fromCache(reply, 'campanhas', 'campanhas', service.listCampanhas, primeiroFim),
  )

  app.get(
    '/api/campanhas/:campanha',
    { ...cached, schema: { params: tagParams('campanha'), response: dataResponse(CampanhaSchema) } },
    ({ params }, reply) =>
      fromCache(
        reply,
        'campanhas',
        `campanha/${params.campanha}`,
        () => service.getCampanha(params.campanha),
        (campanha) => primeiroFim([campanha]),
      ),
  )

  app.get(
    '/api/perguntas-frequentes',
    { ...cached, schema: { response: dataResponse(z.array(CategoriaFaqSchema)) } },
    (_request, reply) => fromCache(reply, 'perguntasFrequentes', 'perguntas-frequentes', service.listCategoriasFaq),
  )

  app.get(
    '/api/perguntas-frequentes/:categoria',
    { ...cached, schema: { params: tagParams('categoria'), response: dataResponse(CategoriaFaqSchema) } },
    ({ params }, reply) =>
      fromCache(reply, 'perguntasFrequentes', `perguntas-frequentes/${params.categoria}`, () =>
        service.getCategoriaFaq(params.categoria),
      ),
  )

  app.get(
    '/api/informacao-legal',
    { ...cached, schema: { response: dataResponse(z.array(InformacaoLegalResumoSchema)) } },
    (_request, reply) => fromCache(reply, 'informacaoLegal', 'informacao-legal', service.listInformacaoLegal),
  )

  app.get(
    '/api/informacao-legal/:conteudo',
    { ...cached, schema: { params: tagParams('conteudo'), response: dataResponse(InformacaoLegalSchema) } },
    ({ params }, reply) =>
      fromCache(reply, 'informacaoLegal', `informacao-legal/${params.conteudo}`, () =>
        service.getInformacaoLegal(params.conteudo),
      ),
  )

  app.get(
    '/api/informacao-consumidor',
    { ...cached, schema: { response: dataResponse(InformacaoConsumidorSchema) } },
    (_request, reply) =>
      fromCache(reply, 'informacaoConsumidor', 'informacao-consumidor', service.informacaoConsumidor.publica),
  )
}
