import { z } from 'zod'
import { O_QUE_MUDOU_MAX, termosMensagens } from './termos.ts'
import { INT_MAX, MULTILINHA, mensagens, obrigatorio, opcional } from './validacao.ts'

/**
 * The back-office's FAQ ('FAQ': categories and their questions) and legal contents ('Conteúdos legais'):
 * what the forms send and what the staff's lists show, with their pt-PT messages. The forms (web) and the routes
 * (server) use the same schemas. Texts are HTML of the small subset the app allows (server platform/html.ts): the
 * server keeps only that subset, and its preview (`/admin/api/pre-visualizar`) shows what it keeps.
 */

export const textosMensagens = {
  tag: 'Use apenas letras minúsculas sem acentos, algarismos e hífenes (ex.: como-aderir)',
  tagExistente: 'Já existe um conteúdo com este identificador',
  tagExistenteCategoria: 'Já existe uma pergunta com este identificador nesta categoria',
  categoriaNaoExiste: 'Esta categoria não existe.',
  perguntaNaoExiste: 'Esta pergunta não existe.',
  legalNaoExiste: 'Este conteúdo não existe.',
  categoriaComPerguntas: 'Esta categoria tem perguntas. Apague-as ou mude-as de categoria primeiro.',
  legalTagFixa: 'O identificador dos Termos e Condições e da Política de Privacidade não pode mudar.',
  legalObrigatorio:
    'Os Termos e Condições e a Política de Privacidade são aceites no registo: podem ser editados, mas não despublicados nem apagados.',
} as const

export const TEXTO_LEGAL_MAX = 100_000
export const TEXTO_PERGUNTA_MAX = 20_000

const tag = obrigatorio(120).pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, textosMensagens.tag))
/** Order in the customer's list: lower first. */
const posicao = z
  .number({ error: mensagens.numerico })
  .int(mensagens.valorInvalido)
  .min(0, mensagens.naoNegativo)
  .max(INT_MAX)
  .default(0)

export const CategoriaFaqInputSchema = z.strictObject({ title: obrigatorio(200), tag, posicao })
export type CategoriaFaqInput = z.input<typeof CategoriaFaqInputSchema>
export type CategoriaFaqDados = z.output<typeof CategoriaFaqInputSchema>

export const PerguntaFaqInputSchema = z.strictObject({
  categoria_id: z.number({ error: mensagens.obrigatorio }).int().positive(mensagens.obrigatorio).max(INT_MAX),
  title: obrigatorio(200),
  /** The heading of the question's own page; empty: the title. */
  title_detail: opcional(300),
  text: obrigatorio(TEXTO_PERGUNTA_MAX, MULTILINHA),
  tag,
  posicao,
})
export type PerguntaFaqInput = z.input<typeof PerguntaFaqInputSchema>
export type PerguntaFaqDados = z.output<typeof PerguntaFaqInputSchema>

export const LegalInputSchema = z
  .strictObject({
    title: obrigatorio(200),
    title_detail: opcional(300),
    text: obrigatorio(TEXTO_LEGAL_MAX, MULTILINHA),
    tag,
    posicao,
    /**
     * Terms and privacy only: this version is a relevant change, which every customer accepts again before going on
     * (docs/decisions/0033); `o_que_mudou` says what changed, in a few sentences, and is then required.
     */
    relevante: z.boolean({ error: mensagens.valorInvalido }).default(false),
    o_que_mudou: opcional(O_QUE_MUDOU_MAX, MULTILINHA),
  })
  .superRefine((d, ctx) => {
    if (d.relevante && !d.o_que_mudou) {
      ctx.addIssue({ code: 'custom', path: ['o_que_mudou'], message: termosMensagens.oQueMudouObrigatorio })
    }
  })
export type LegalInput = z.input<typeof LegalInputSchema>
export type LegalDados = z.output<typeof LegalInputSchema>

/** What the preview sends: the text as typed. */
export const PreVisualizarSchema = z.strictObject({ text: z.string().max(TEXTO_LEGAL_MAX, mensagens.valorInvalido) })

const publicacao = {
  id: z.number(),
  tag: z.string(),
  title: z.string(),
  posicao: z.number(),
  publicada: z.boolean(),
  despublicado_em: z.string().nullable(),
}

export const CategoriaFaqStaffSchema = z.object(publicacao)
export type CategoriaFaqStaff = z.infer<typeof CategoriaFaqStaffSchema>

export const PerguntaFaqStaffSchema = z.object({
  ...publicacao,
  categoria_id: z.number(),
  title_detail: z.string(),
  text: z.string(),
})
export type PerguntaFaqStaff = z.infer<typeof PerguntaFaqStaffSchema>

export const LegalStaffSchema = z.object({
  ...publicacao,
  title_detail: z.string(),
  text: z.string(),
  /** Accepted at sign-up (terms, privacy): editable, never unpublished nor deleted. */
  obrigatorio: z.boolean(),
  /** The last change published as relevant (customers accept it again), or null. */
  alteracao_relevante: z.object({ o_que_mudou: z.string(), em: z.string(), versao: z.string() }).nullable(),
})
export type LegalStaff = z.infer<typeof LegalStaffSchema>
