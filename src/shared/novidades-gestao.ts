import { z } from 'zod'
import { imagemUrl } from './admin-imagens.ts'
import { INT_MAX, MULTILINHA, mensagens, obrigatorio, opcional } from './validacao.ts'

/**
 * The back-office's news items ('Novidades'): what the form sends and what the staff's list shows, with
 * their pt-PT messages. The form (web) and the routes (server) use the same schemas.
 */

export const novidadesMensagens = {
  tag: 'Use apenas letras minúsculas sem acentos, algarismos e hífenes (ex.: nova-loja)',
  tagExistente: 'Já existe uma novidade com este identificador',
  naoExiste: 'Esta novidade não existe.',
} as const

export const NOVIDADE_TEXTO_MAX = 20_000

export const NovidadeInputSchema = z.strictObject({
  title: obrigatorio(200),
  /** The heading of the item's own page; empty: the title. */
  title_detail: opcional(300),
  subtitle: opcional(300),
  /** HTML of the small subset the app allows (platform/html.ts); the server keeps only that subset. */
  text: obrigatorio(NOVIDADE_TEXTO_MAX, MULTILINHA),
  destaque: z.boolean({ error: mensagens.valorInvalido }).default(false),
  tag: obrigatorio(120).pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, novidadesMensagens.tag)),
  /** Order in the customer's list: lower first. */
  posicao: z
    .number({ error: mensagens.numerico })
    .int(mensagens.valorInvalido)
    .min(0, mensagens.naoNegativo)
    .max(INT_MAX)
    .default(0),
  /** The uploaded image (POST /admin/api/imagens) shown in the list and on the item's page; null: none. */
  imagem: imagemUrl,
})
export type NovidadeInput = z.input<typeof NovidadeInputSchema>
export type NovidadeDados = z.output<typeof NovidadeInputSchema>

/** A news item as the staff see it: published or not. */
export const NovidadeStaffSchema = z.object({
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  /** The heading of its page (the title unless the staff gave another). */
  title_detail: z.string(),
  subtitle: z.string().nullable(),
  text: z.string(),
  destaque: z.boolean(),
  posicao: z.number(),
  publicada: z.boolean(),
  publicado_em: z.string(),
  despublicado_em: z.string().nullable(),
  /** The image of its page (or of the list, when it has only that one). */
  imagem: z.string().nullable(),
})
export type NovidadeStaff = z.infer<typeof NovidadeStaffSchema>
