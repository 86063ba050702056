import { z } from 'zod'
import { instanteSchema } from './datas.ts'
import { NovidadeInputSchema, NovidadeStaffSchema } from './novidades-gestao.ts'
import { INT_MAX, mensagens } from './validacao.ts'

/**
 * The back-office's campaigns ('Campanhas'): the fields of a news item and when the campaign ends (null:
 * until it is taken down). The form (web) and the routes (server) use the same schemas.
 */

export const campanhasMensagens = {
  tagExistente: 'Já existe uma campanha com este identificador',
  naoExiste: 'Esta campanha não existe.',
  fimNoPassado: 'Escolha uma data de fim futura.',
  promocaoNaoExiste: 'Esta promoção não existe.',
} as const

export const CampanhaInputSchema = NovidadeInputSchema.extend({
  /** An ISO instant (the form sends the local date and time as one); null: no end. */
  termina_em: instanteSchema(mensagens.data).nullable().default(null),
  /** The promotion it announces (decision 0052): the app shows what it gives and when; null: none. */
  promocao_id: z.number().int().positive().max(INT_MAX).nullable().default(null),
})
export type CampanhaInput = z.input<typeof CampanhaInputSchema>
export type CampanhaDados = z.output<typeof CampanhaInputSchema>

/** A campaign as the staff see it: published or not, ended or not. */
export const CampanhaStaffSchema = NovidadeStaffSchema.extend({
  termina_em: z.string().nullable(),
  promocao_id: z.number().int().nullable(),
  /** Its end has come: the customer no longer sees it, published or not. */
  terminada: z.boolean(),
})
export type CampanhaStaff = z.infer<typeof CampanhaStaffSchema>
