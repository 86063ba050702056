import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CampanhaResumoSchema,
  CampanhaSchema,
  CategoriaFaqSchema,
  InformacaoLegalResumoSchema,
  InformacaoLegalSchema,
  NovidadeResumoSchema,
  NovidadeSchema,
} from '../../../shared/conteudos.ts'
import { dataResponse, tagParams } from '../../platform/http.ts'
import type { ConteudosService } from './service.ts'

export const conteudosRoutes: FastifyPluginAsyncZod<{ service: ConteudosService }> = async (app, { service }) => {
  app.get('/api/novidades', { schema: { response: dataResponse(z.array(NovidadeResumoSchema)) } }, async () => ({
    data: await service.listNovidades(),
  }))

  app.get(
    '/api/novidades/:novidade',
    { schema: { params: tagParams('novidade'), response: dataResponse(NovidadeSchema) } },
    async (request) => ({ data: await service.getNovidade(request.params.novidade) }),
  )

  app.get('/api/campanhas', { schema: { response: dataResponse(z.array(CampanhaResumoSchema)) } }, async () => ({
    data: await service.listCampanhas(),
  }))

  app.get(
    '/api/campanhas/:campanha',
    { schema: { params: tagParams('campanha'), response: dataResponse(CampanhaSchema) } },
    async (request) => ({ data: await service.getCampanha(request.params.campanha) }),
  )

  app.get(
    '/api/perguntas-frequentes',
    { schema: { response: dataResponse(z.array(CategoriaFaqSchema)) } },
    async () => ({ data: await service.listCategoriasFaq() }),
  )

  app.get(
    '/api/perguntas-frequentes/:categoria',
    { schema: { params: tagParams('categoria'), response: dataResponse(CategoriaFaqSchema) } },
    async (request) => ({ data: await service.getCategoriaFaq(request.params.categoria) }),
  )

  app.get(
    '/api/informacao-legal',
    { schema: { response: dataResponse(z.array(InformacaoLegalResumoSchema)) } },
    async () => ({ data: await service.listInformacaoLegal() }),
  )

  app.get(
    '/api/informacao-legal/:conteudo',
    { schema: { params: tagParams('conteudo'), response: dataResponse(InformacaoLegalSchema) } },
    async (request) => ({ data: await service.getInformacaoLegal(request.params.conteudo) }),
  )
}
