import { z } from 'zod'
import { depoisDoTexto, mensagens, obrigatorio } from './validacao.ts'

/**
 * The loyalty rules an admin changes in the back-office's 'Definições'. They apply from the next purchase
 * on; each movement keeps the rules it was made with, so a change never rewrites an earlier one.
 */

export const REGRAS_LIMITES = {
  creditoPercent: { min: 0, max: 100 },
  pontosPorEuro: { min: 0, max: 1000 },
  patamar: { min: 1, max: 1_000_000 },
  validadeMeses: { min: 0, max: 60 },
} as const

export const definicoesMensagens = {
  credito: 'Indique uma percentagem entre 0 e 100, com até duas casas decimais.',
  pontos: 'Indique um número inteiro de pontos entre 0 e 1000.',
  patamar: 'Indique um número inteiro de pontos entre 1 e 1 000 000.',
  validade: 'Indique um número inteiro de meses entre 0 (nunca expiram) e 60.',
} as const

const numero = (mensagem: string) => z.number({ error: mensagem }).refine(Number.isFinite, mensagem)

export const RegrasFidelizacaoSchema = z
  .object({
    credito_percent: numero(definicoesMensagens.credito)
      .min(REGRAS_LIMITES.creditoPercent.min, definicoesMensagens.credito)
      .max(REGRAS_LIMITES.creditoPercent.max, definicoesMensagens.credito)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, definicoesMensagens.credito),
    pontos_por_euro: numero(definicoesMensagens.pontos)
      .int(definicoesMensagens.pontos)
      .min(REGRAS_LIMITES.pontosPorEuro.min, definicoesMensagens.pontos)
      .max(REGRAS_LIMITES.pontosPorEuro.max, definicoesMensagens.pontos),
    patamar: numero(definicoesMensagens.patamar)
      .int(definicoesMensagens.patamar)
      .min(REGRAS_LIMITES.patamar.min, definicoesMensagens.patamar)
      .max(REGRAS_LIMITES.patamar.max, definicoesMensagens.patamar),
    /**
     * Credit and points expire this many months after the month they were earned (decision 0058); 0: never. Unsaid,
     * it stays as it is.
     */
    validade_meses: numero(definicoesMensagens.validade)
      .int(definicoesMensagens.validade)
      .min(REGRAS_LIMITES.validadeMeses.min, definicoesMensagens.validade)
      .max(REGRAS_LIMITES.validadeMeses.max, definicoesMensagens.validade)
      .optional(),
  })
  .strict()
export type RegrasFidelizacaoDados = z.infer<typeof RegrasFidelizacaoSchema>

/** What 'Definições' shows: the rules in force, the environment's (the defaults), and when an admin last changed them. */
export interface DefinicoesFidelizacao {
  atuais: RegrasFidelizacaoDados
  predefinidas: RegrasFidelizacaoDados
  alterado_em: string | null
}

/**
 * What a consumer is told about disputes and accessibility (shared/informacao-consumidor.ts), as 'Definições' edits it:
 * the consumer-arbitration entity named in the legal information (Lei 144/2015, art. 18.º: its name and website) and
 * whether the group has adhered to it (only then the legal information says so), and the address the accessibility
 * statement gives for feedback (DL 82/2022).
 */
export const informacaoConsumidorMensagens = {
  sitio: 'Indique o endereço do sítio da entidade, começado por https:// (ex.: https://www.cniacc.pt).',
} as const

/**
 * The website a customer is sent to, in its normal form (`URL.href`), or null when it is not one to send them to:
 * https only, a host name with a dot, and nothing that shows one host and opens another — no user or password before
 * an `@` (`https://www.cniacc.pt@evil.example/` opens evil.example) and no backslash (a browser reads it as a slash).
 */
export function sitioSeguro(texto: string): string | null {
  if (!/^https:\/\//i.test(texto) || texto.includes('\\') || /\s/.test(texto)) return null
  let url: URL
  try {
    url = new URL(texto)
  } catch {
    return null
  }
  const anfitriaoComPonto = /^[^.]+(\.[^.]+)+$/.test(url.hostname)
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || !anfitriaoComPonto) return null
  return url.href
}

export const InformacaoConsumidorEdicaoSchema = z.strictObject({
  ral_nome: obrigatorio(200),
  ral_sitio: obrigatorio(300)
    .refine((v) => sitioSeguro(v) !== null, { error: informacaoConsumidorMensagens.sitio, ...depoisDoTexto })
    .transform((v) => sitioSeguro(v) ?? v),
  ral_aderiu: z.boolean({ error: mensagens.valorInvalido }),
  email_acessibilidade: obrigatorio(254).email({ error: mensagens.email, ...depoisDoTexto }),
})
export type InformacaoConsumidorEdicao = z.input<typeof InformacaoConsumidorEdicaoSchema>
export type InformacaoConsumidorEdicaoDados = z.output<typeof InformacaoConsumidorEdicaoSchema>

/** What 'Definições' shows of it: the values in force, the defaults, and when an admin last changed them. */
export interface DefinicoesInformacaoConsumidor {
  atuais: InformacaoConsumidorEdicaoDados
  predefinidas: InformacaoConsumidorEdicaoDados
  alterado_em: string | null
}
