import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type InformacaoConsumidorEdicaoDados,
  InformacaoConsumidorEdicaoSchema,
  RegrasFidelizacaoSchema,
} from '../../../shared/admin-definicoes.ts'
import { PremioEdicaoSchema, PremioSchema } from '../../../shared/premios.ts'
import { DefinicaoAniversarioSchema, PremioAniversarioEdicaoSchema } from '../../../shared/premios-aniversario.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

const DefinicoesSchema = z.object({
  atuais: RegrasFidelizacaoSchema,
  predefinidas: RegrasFidelizacaoSchema,
  alterado_em: z.string().nullable(),
})

// As stored (the edit schema normalises the website on the way in: a response cannot run that transform back).
const InformacaoConsumidorDadosSchema = z.object({
  ral_nome: z.string(),
  ral_sitio: z.string(),
  ral_aderiu: z.boolean(),
  email_acessibilidade: z.string(),
}) satisfies z.ZodType<InformacaoConsumidorEdicaoDados>

const InformacaoConsumidorDefinicoesSchema = z.object({
  atuais: InformacaoConsumidorDadosSchema,
  predefinidas: InformacaoConsumidorDadosSchema,
  alterado_em: z.string().nullable(),
})

const DefinicaoPremioSchema = z.object({ atual: PremioSchema.nullable(), definido_em: z.string().nullable() })

/** 'Definições': the loyalty rules and the consumer information, admin only. Registered by doors/admin.ts. */
export const definicoesRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { definicoes } = service
  const papeis = ['admin'] as const

  app.get(
    '/definicoes/fidelizacao',
    { config: { papeis }, schema: { response: dataResponse(DefinicoesSchema) } },
    async () => ({ data: await definicoes.ler() }),
  )

  app.post(
    '/definicoes/fidelizacao',
    { config: { papeis }, schema: { body: RegrasFidelizacaoSchema, response: dataResponse(DefinicoesSchema) } },
    async (request) => ({ data: await definicoes.definir(request.staff, request.body, request.ip) }),
  )

  app.get(
    '/definicoes/premio',
    { config: { papeis }, schema: { response: dataResponse(DefinicaoPremioSchema) } },
    async () => ({ data: await definicoes.premio.ler() }),
  )

  app.post(
    '/definicoes/premio',
    { config: { papeis }, schema: { body: PremioEdicaoSchema, response: dataResponse(DefinicaoPremioSchema) } },
    async (request) => ({ data: await definicoes.premio.definir(request.staff, request.body, request.ip) }),
  )

  app.get(
    '/definicoes/premio-aniversario',
    { config: { papeis }, schema: { response: dataResponse(DefinicaoAniversarioSchema) } },
    async () => ({ data: await definicoes.aniversario.ler() }),
  )

  app.post(
    '/definicoes/premio-aniversario',
    {
      config: { papeis },
      schema: { body: PremioAniversarioEdicaoSchema, response: dataResponse(DefinicaoAniversarioSchema) },
    },
    async (request) => ({ data: await definicoes.aniversario.definir(request.staff, request.body, request.ip) }),
  )

  app.get(
    '/definicoes/informacao-consumidor',
    { config: { papeis }, schema: { response: dataResponse(InformacaoConsumidorDefinicoesSchema) } },
    async () => ({ data: await definicoes.consumidor.ler() }),
  )

  app.post(
    '/definicoes/informacao-consumidor',
    {
      config: { papeis },
      schema: { body: InformacaoConsumidorEdicaoSchema, response: dataResponse(InformacaoConsumidorDefinicoesSchema) },
    },
    async (request) => ({ data: await definicoes.consumidor.definir(request.staff, request.body, request.ip) }),
  )
}
