import { z } from 'zod'
import { eurosValidos, PremioCampos, PremioFormCampos, PremioSchema, valorPositivo } from './premios.ts'

/**
 * The birthday reward (decision 0053): what the back-office sets it to give, for how many days after the birthday it
 * can be used, and whether the programme gives one at all.
 */

/** Days after the birthday the reward can still be used, at most: past two months it is no longer a birthday's. */
export const ANIVERSARIO_VALIDADE_MAX = 60

export const aniversarioMensagens = {
  validade: `Indique um número de dias entre 0 e ${ANIVERSARIO_VALIDADE_MAX}.`,
  outraCompra: 'O prémio de aniversário usa-se numa compra sem outros prémios.',
  semAniversario: 'O cliente não tem prémio de aniversário para usar hoje.',
  /** An order's checkout, when the reward was used or ended meanwhile. */
  semAniversarioEncomenda: 'Já não tem prémio de aniversário para usar.',
  /** An order's checkout, when another order, still waiting for its payment, holds it. */
  aniversarioReservado:
    'O prémio de aniversário está reservado numa encomenda à espera de pagamento. Se esse pagamento não for feito, volta a poder usá-lo.',
  /** An order may take one reward: the points' or the birthday's. */
  outroPremio: 'O prémio de aniversário usa-se numa encomenda sem outros prémios.',
} as const

const validade = z
  .number({ error: aniversarioMensagens.validade })
  .int(aniversarioMensagens.validade)
  .min(0, aniversarioMensagens.validade)
  .max(ANIVERSARIO_VALIDADE_MAX, aniversarioMensagens.validade)

/** `/admin/api/definicoes/premio-aniversario`: the birthday reward from now on (`ativo` false: none given). */
export const PremioAniversarioEdicaoSchema = z
  .strictObject({ ...PremioCampos, ativo: z.boolean(), validade_dias: validade })
  .refine(...valorPositivo)
export type PremioAniversarioEdicao = z.input<typeof PremioAniversarioEdicaoSchema>
export type PremioAniversarioDados = z.output<typeof PremioAniversarioEdicaoSchema>

/** The back-office's form: the amount in euros and the days as typed. */
export const PremioAniversarioFormSchema = z
  .object({
    ...PremioFormCampos,
    ativo: z.boolean(),
    validade_dias: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, aniversarioMensagens.validade)
      .refine((d) => Number(d) <= ANIVERSARIO_VALIDADE_MAX, aniversarioMensagens.validade),
  })
  .refine(...eurosValidos)
export type PremioAniversarioForm = z.input<typeof PremioAniversarioFormSchema>

/** The birthday reward in force, as the back-office reads it. */
export const PremioAniversarioSchema = PremioSchema.extend({ ativo: z.boolean(), validade_dias: z.number().int() })
export type PremioAniversario = z.infer<typeof PremioAniversarioSchema>

export const DefinicaoAniversarioSchema = z.object({
  atual: PremioAniversarioSchema.nullable(),
  definido_em: z.string().nullable(),
})
export type DefinicaoAniversario = z.infer<typeof DefinicaoAniversarioSchema>

/**
 * A customer's birthday reward, unused and usable today (the card, the till's identification, the checkout): the
 * definition it gives (with the product's POS code, which the checkout prices) and its last day (`valido_ate`,
 * `YYYY-MM-DD`, Lisbon).
 */
export const AniversarioClienteSchema = PremioSchema.extend({ valido_ate: z.string() })
export type AniversarioCliente = z.infer<typeof AniversarioClienteSchema>
