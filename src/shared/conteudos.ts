import { z } from 'zod'
import type { InformacaoConsumidor } from './informacao-consumidor.ts'

/**
 * Public content as the API serves it (spec §3). The server serialises through these schemas, so a column that is not
 * named here never leaves the database; the web client reads the inferred types.
 */

const imageUrl = z.string()

export const NovidadeResumoSchema = z.object({
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  destaque: z.boolean(),
  image: z.object({ list: imageUrl.nullable() }),
})
export type NovidadeResumo = z.infer<typeof NovidadeResumoSchema>

export const NovidadeSchema = z.object({
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  titleDetail: z.string(),
  subtitle: z.string().nullable(),
  /** Sanitised HTML; line breaks in it are meaningful. */
  text: z.string(),
  destaque: z.boolean(),
  image: z.object({ list: imageUrl.nullable(), detail: imageUrl.nullable() }),
})
export type Novidade = z.infer<typeof NovidadeSchema>

/** What a campaign says of the promotion it announces (decision 0052), in the app's words. */
export const AnuncioPromocaoSchema = z.object({
  nome: z.string(),
  /** 'Pontos a dobrar'. */
  descricao: z.string(),
  /** 'Aos domingos, de 08/11/2026 a 27/12/2026'. */
  quando: z.string(),
  /** 'Em todas as lojas', 'Nas lojas Nata & Grão', 'Na loja Chiado'. */
  onde: z.string(),
})
export type AnuncioPromocao = z.infer<typeof AnuncioPromocaoSchema>

/** Campaigns carry the same fields as news items, and the promotion one announces (null: none, or it has ended). */
export const CampanhaResumoSchema = NovidadeResumoSchema
export type CampanhaResumo = NovidadeResumo
export const CampanhaSchema = NovidadeSchema.extend({ promocao: AnuncioPromocaoSchema.nullable() })
export type Campanha = z.infer<typeof CampanhaSchema>

export const PerguntaSchema = z.object({
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  titleDetail: z.string(),
  text: z.string(),
})
export type Pergunta = z.infer<typeof PerguntaSchema>

export const CategoriaFaqSchema = z.object({
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  perguntas: z.array(PerguntaSchema),
})
export type CategoriaFaq = z.infer<typeof CategoriaFaqSchema>

export const InformacaoLegalResumoSchema = z.object({ id: z.number(), tag: z.string(), title: z.string() })
export type InformacaoLegalResumo = z.infer<typeof InformacaoLegalResumoSchema>

export const InformacaoLegalSchema = z.object({
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  titleDetail: z.string(),
  text: z.string(),
})
export type InformacaoLegal = z.infer<typeof InformacaoLegalSchema>

/** `GET /api/informacao-consumidor` (shared/informacao-consumidor.ts): the arbitration entity and the accessibility contact. */
export const InformacaoConsumidorSchema = z.object({
  ral: z.object({
    nome: z.string().meta({ description: 'The consumer-arbitration entity the group names (Lei 144/2015).' }),
    sitio: z.string().meta({ description: "The entity's website (https)." }),
    aderiu: z.boolean().meta({
      description:
        "Whether the group has adhered to it ('A empresa aderiu a'); false: named among the entities a consumer may turn to.",
    }),
  }),
  acessibilidade: z.object({
    email: z.string().meta({ description: 'Where accessibility feedback and requests for another format go.' }),
  }),
}) satisfies z.ZodType<InformacaoConsumidor>

export { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from './constants.ts'
