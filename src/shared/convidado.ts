import { z } from 'zod'
import { DEFAULT_PAIS } from './constants.ts'
import { mobileCheck, PaisSchema, TelemovelSchema, TOKEN_URL } from './validacao.ts'

/**
 * Guest checkout (docs/decisions/0050): a visitor orders without an account, their phone confirmed by an SMS code for
 * that one order.
 */

/** `POST /api/convidado`: the phone to confirm (an SMS code goes to it, under a sign-up's limits). */
export const ConvidadoTelemovelSchema = z
  .object({ telemovel: TelemovelSchema, pais: PaisSchema.default(DEFAULT_PAIS) })
  .refine(...mobileCheck())
export type ConvidadoTelemovelInput = z.input<typeof ConvidadoTelemovelSchema>

/** This device's guest: the phone confirmed, and the order it was used for (null: none yet). */
export const ConvidadoSchema = z.object({
  telemovel: z.string(),
  pais: z.string(),
  encomenda: z.number().int().nullable(),
})
export type Convidado = z.infer<typeof ConvidadoSchema>

export const EstadoConvidadoSchema = z.object({ convidado: ConvidadoSchema.nullable() })
export type EstadoConvidado = z.infer<typeof EstadoConvidadoSchema>

/** `GET /api/convidado/seguir/{token}`: the token of an SMS's link, kept on the device that opens it. */
export const SeguirConvidadoSchema = z.object({
  token: z.string().regex(TOKEN_URL, 'Ligação inválida'),
})
