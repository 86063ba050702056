import type { z } from 'zod'
import type { UserData } from '../../../shared/conta.ts'
import type { FinalizaEncomendaSchema } from '../../../shared/encomenda.ts'
import type { MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import type { EscolhaPremio } from './premios-checkout.ts'

export type Tipo = 0 | 1

/** The form's fields as typed (the delivery type and the cart live beside it). */
export interface FormIn {
  telemovel: string
  pais: string
  aceitou: boolean
  nome: string
  email: string
  nif: string
}
export type FormOut = Pick<
  z.output<typeof FinalizaEncomendaSchema>,
  'telemovel' | 'pais' | 'aceitou' | 'nome' | 'email' | 'nif'
>

/** The form's fields of the order's schema, loaded with the form (the schema is not in the screen's first chunk). */
export const esquemaDoFormulario = () =>
  import('../../../shared/encomenda.ts').then(
    (m) =>
      m.FinalizaEncomendaSchema.pick({
        telemovel: true,
        pais: true,
        aceitou: true,
        nome: true,
        email: true,
        nif: true,
      }) as unknown as z.ZodType<FormOut, FormIn>,
  )

/** The NIF the form starts with: the one the customer's account says to use on invoices, if any. */
export function nifEscolhido(user: Pick<UserData, 'nif_utilizado' | 'nif1' | 'nif2'>): string {
  if (user.nif_utilizado === 'principal') return user.nif1 ?? ''
  if (user.nif_utilizado === 'secundario') return user.nif2 ?? ''
  return ''
}

/**
 * What was on this screen while the person read a legal text (and comes back from it), for this store and cart only,
 * taken once. In memory: the legal page is a screen of the same app.
 */
export interface Rascunho {
  chave: string
  valores: FormIn
  tipo: Tipo
  usar: 0 | 1
  premio: EscolhaPremio
  recipiente: 0 | 1
  levantar: string | null
  perguntado: boolean
  metodo: MetodoPagamento | null
}
let rascunho: Rascunho | null = null

/** Keeps the screen's state while the person reads a legal text. */
export function guardarRascunho(r: Rascunho): void {
  rascunho = r
}

export function tomarRascunho(chave: string): Rascunho | null {
  const r = rascunho
  rascunho = null
  return r?.chave === chave ? r : null
}
