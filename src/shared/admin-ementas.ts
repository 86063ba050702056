import { z } from 'zod'
import { diaSchema } from './datas.ts'
import { EMBALAGENS, type Embalagem } from './embalagens.ts'
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

/** How the back-office names each take-away packaging (shared/embalagens.ts). */
export const NOMES_EMBALAGENS: Record<Embalagem, string> = {
  plastico: 'Plástico',
  aluminio: 'Alumínio',
  multimaterial: 'Multimaterial (com plástico ou alumínio)',
  papel: 'Papel ou cartão',
  nenhuma: 'Sem embalagem',
}

/**
 * The back-office's marks on a product (decision 0037): sold to adults only (alcohol, DL 50/2013), and its take-away
 * packaging (null: not said), which decides the single-use packaging contribution unless the POS sends its own.
 */
export const MarcaProdutoSchema = z.object({
  cod_produto: z.string().min(1, mensagens.obrigatorio).max(100),
  alcoolico: z.boolean({ error: mensagens.valorInvalido }),
  embalagem: z.enum(EMBALAGENS, { error: mensagens.valorInvalido }).nullable(),
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
  /** The POS marks it sold to adults only (`restricted`): the back-office cannot take that off. */
  restrito_pos: boolean
  /** The back-office marks it alcoholic. */
  alcoolico: boolean
  /** The packaging its POS sends (then the back-office's does not count), or null. */
  embalagem_pos: Embalagem | null
  /** The back-office's packaging for it, or null (not said). */
  embalagem: Embalagem | null
  /** What counts: sold to adults only (POS or back-office), and its packaging (POS, else back-office). */
  apenas_maiores: boolean
  embalagem_efetiva: Embalagem | null
}

/** A closure of a store: `de`..`ate` inclusive (YYYY-MM-DD). */
export interface EncerramentoAdmin {
  id: number
  id_loja: number
  de: string
  ate: string
  motivo: string | null
}
