import { z } from 'zod'
import { imagemUrl } from './admin-imagens.ts'
import { centimosDe, EUROS_PATTERN } from './euros.ts'
import { formatMoney } from './format.ts'
import type { TipoPremio } from './premios-textos.ts'
import { obrigatorio, opcional } from './validacao.ts'

/**
 * What a reward ('prémio') is (decision 0051): a product given (a coffee, a pastel de nata) or an amount off the bill,
 * with its name and picture, as the back-office defines it. The rewards a customer holds are counted (`itens`); each
 * is the programme's reward when it is used.
 */

export const PREMIO_NOME_MAX = 60
/** The most a `valor` reward may take off (100,00 €): a typo of a few zeros is refused. */
export const PREMIO_VALOR_MAX = 10_000

export const premiosMensagens = {
  valor: `Indique um valor em euros entre 0,01 € e ${formatMoney(PREMIO_VALOR_MAX)}, por exemplo 2,50.`,
} as const

export const TIPOS_PREMIO = ['produto', 'valor'] as const satisfies readonly TipoPremio[]
export type { TipoPremio }

/** A reward as the till and the Store API name it: `valor` in cents (0 for a product). */
export const PremioResumoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.enum(TIPOS_PREMIO),
  valor: z.number().int(),
})
export type PremioResumo = z.infer<typeof PremioResumoSchema>

/** The programme's reward as the app shows it: with its picture, and the product's POS code when it is one. */
export const PremioSchema = PremioResumoSchema.extend({
  cod_produto: z.string().nullable(),
  imagem: z.string().nullable(),
})
export type Premio = z.infer<typeof PremioSchema>

/** `/admin/api/definicoes/premio`: what a reward is from now on; `valor` in cents, only for an amount off. */
export const PremioCampos = {
  nome: obrigatorio(PREMIO_NOME_MAX),
  tipo: z.enum(TIPOS_PREMIO),
  valor: z.number({ error: premiosMensagens.valor }).int(premiosMensagens.valor).min(0).max(PREMIO_VALOR_MAX),
  cod_produto: opcional(40),
  imagem: imagemUrl,
}
/** An amount-off reward takes something off. */
export const valorPositivo: [(p: { tipo: TipoPremio; valor: number }) => boolean, { error: string; path: string[] }] = [
  (p) => p.tipo !== 'valor' || p.valor > 0,
  { error: premiosMensagens.valor, path: ['valor'] },
]
export const PremioEdicaoSchema = z.strictObject(PremioCampos).refine(...valorPositivo)
export type PremioEdicao = z.input<typeof PremioEdicaoSchema>
export type PremioDados = z.output<typeof PremioEdicaoSchema>

/** The back-office's form: the amount typed in euros (`2,50`), sent as `valor` in cents. */
export const PremioFormCampos = {
  nome: obrigatorio(PREMIO_NOME_MAX),
  tipo: z.enum(TIPOS_PREMIO),
  euros: z.string().trim(),
  cod_produto: z.string().trim().max(40),
  imagem: z.string().nullable(),
}
/** The amount typed is one, in range. */
export const eurosValidos: [(p: { tipo: TipoPremio; euros: string }) => boolean, { error: string; path: string[] }] = [
  (p) =>
    p.tipo !== 'valor' ||
    (EUROS_PATTERN.test(p.euros) && centimosDe(p.euros) > 0 && centimosDe(p.euros) <= PREMIO_VALOR_MAX),
  { error: premiosMensagens.valor, path: ['euros'] },
]
export const PremioFormSchema = z.object(PremioFormCampos).refine(...eurosValidos)
export type PremioForm = z.input<typeof PremioFormSchema>

/** What 'Definições' shows of the reward: the one in force (null until one is defined) and when it was set. */
export interface DefinicaoPremio {
  atual: Premio | null
  definido_em: string | null
}
