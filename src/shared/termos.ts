import { z } from 'zod'
import { mensagens } from './validacao.ts'

/**
 * Terms and privacy accepted again (docs/decisions/0033): when the back-office publishes a new version of the terms or
 * the privacy policy as a relevant change, each signed-in customer with a complete registration is asked to accept it.
 */

/** Which of the texts accepted at sign-up: the consent history's own words. */
export const TIPOS_TEXTO_ACEITE = ['termos', 'privacidade'] as const
export type TipoTextoAceite = (typeof TIPOS_TEXTO_ACEITE)[number]

/** The most "what changed" says: a few sentences in the dialog, never the text itself. */
export const O_QUE_MUDOU_MAX = 600

export const termosMensagens = {
  oQueMudouObrigatorio: 'Diga em poucas palavras o que mudou: é o que os clientes leem antes de aceitar.',
  soTextosAceites: 'Só os Termos e Condições e a Política de Privacidade são aceites pelos clientes.',
  versaoMudou: 'O texto mudou entretanto. Leia a nova versão e aceite-a.',
  registoIncompleto: 'Complete o registo: os termos são aceites com os dados pessoais.',
  /** Names what waits: the terms, the privacy policy, or both (a privacy change alone is not "the terms"). */
  porAceitar: (tipos: readonly TipoTextoAceite[]) =>
    tipos.includes('termos') && tipos.includes('privacidade')
      ? 'Aceite os novos Termos e Condições e a nova Política de Privacidade antes de continuar.'
      : tipos.includes('privacidade')
        ? 'Aceite a nova Política de Privacidade antes de continuar.'
        : 'Aceite os novos Termos e Condições antes de continuar.',
} as const

/** A text the customer must accept again: what changed, its version (accepted as is), and where to read it. */
export const TextoPorAceitarSchema = z.object({
  tipo: z.enum(TIPOS_TEXTO_ACEITE),
  titulo: z.string(),
  /** The version now published (what 'Aceitar' accepts). */
  versao: z.string(),
  o_que_mudou: z.string(),
  /** When the relevant change was published (ISO 8601 UTC). */
  publicado_em: z.string(),
  /** The app's page of the text. */
  ligacao: z.string(),
})
export type TextoPorAceitar = z.infer<typeof TextoPorAceitarSchema>

/** `POST /api/aceita-termos`: the versions the customer read and accepts, one per text (at most one of each). */
export const AceitarTermosSchema = z.object({
  textos: z
    .array(
      z.object({
        tipo: z.enum(TIPOS_TEXTO_ACEITE, { error: mensagens.valorInvalido }),
        versao: z.string().min(1, mensagens.obrigatorio).max(100, mensagens.tamanhoMaximo(100)),
      }),
    )
    .min(1, mensagens.obrigatorio)
    .max(TIPOS_TEXTO_ACEITE.length, mensagens.valorInvalido)
    .refine((l) => new Set(l.map((t) => t.tipo)).size === l.length, mensagens.valorInvalido),
})
export type AceitarTermos = z.infer<typeof AceitarTermosSchema>
