import { z } from 'zod'
import { CartaoCarimbosInputSchema, carimbosMensagens, lerCodigos } from '../../../shared/carimbos.ts'

const { nome, codigos, por_oferta } = CartaoCarimbosInputSchema.shape

/**
 * The back-office's stamp card form, checked by the API's own rules and messages (src/shared/carimbos.ts): the codes as
 * typed, one per line, become the list the API takes. A code that breaks a rule is said under the whole text area, not
 * under an item of a list the person never sees. Loaded when the page has painted, as every form's schema is.
 */
export const CartaoCarimbosFormSchema = z.object({
  nome,
  codigos: z.string().transform((texto, ctx) => {
    const lidos = codigos.safeParse(lerCodigos(texto))
    if (lidos.success) return lidos.data
    ctx.issues.push({
      code: 'custom',
      message: lidos.error.issues[0]?.message ?? carimbosMensagens.codigos,
      input: texto,
    })
    return z.NEVER
  }),
  por_oferta,
  ativo: z.boolean(),
})
export type CartaoCarimbosForm = z.input<typeof CartaoCarimbosFormSchema>
