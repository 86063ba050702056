import type { z } from 'zod'
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
