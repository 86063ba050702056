import { z } from 'zod'
import { diaSchema } from './datas.ts'
import { INT_MAX, mensagens } from './validacao.ts'

/**
 * The back-office's menus and closures of a store (decision 0020, "Stores at work"): products sold out for today, and the
 * days a store is closed beyond its weekly hours (holidays, exceptional closures). Days are the store's, in Lisbon.
 */

/** The longest closure at once (a longer stop: pause the store's orders until resumed). */
export const ENCERRAMENTO_MAX_DIAS = 366
export const MOTIVO_MAX = 60

/** A real day within the back-office's range (shared/datas.ts). */
const Dia = diaSchema()

/** A closure: from `de` to `ate` inclusive (`ate` left out or empty: the one day `de`), with an optional label. */
export const EncerramentoSchema = z
  .object({
    de: Dia,
    ate: z.union([Dia, z.literal('')]).optional(),
    motivo: z
      .string()
      .trim()
      .max(MOTIVO_MAX, mensagens.tamanhoMaximo(MOTIVO_MAX))
      .transform((m) => (m === '' ? null : m))
      .nullable()
      .default(null),
  })
  .transform(({ de, ate, motivo }) => ({ de, ate: ate || de, motivo }))
export type NovoEncerramento = z.input<typeof EncerramentoSchema>

/** Which closure of the store to remove. */
export const RemoverEncerramentoSchema = z.object({
  id: z
    .number({ error: mensagens.valorInvalido })
    .int(mensagens.valorInvalido)
    .positive(mensagens.valorInvalido)
    .max(INT_MAX, mensagens.valorInvalido),
})

export const EsgotadoSchema = z.object({
  cod_produto: z.string().min(1, mensagens.obrigatorio).max(100),
  esgotado: z.boolean({ error: mensagens.valorInvalido }),
})

/** A product of a store's menu as the back-office lists it. */
export interface ProdutoAdmin {
  cod_produto: string
  nome: string
  familia: string
  /** Cents, with VAT. */
  preco: number
  /** Sold out for today (the store's date in Lisbon). */
  esgotado: boolean
}

/** A closure of a store: `de`..`ate` inclusive (YYYY-MM-DD). */
export interface EncerramentoAdmin {
  id: number
  id_loja: number
  de: string
  ate: string
  motivo: string | null
}
