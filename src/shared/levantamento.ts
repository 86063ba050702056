/** Ordering ahead (decision 0044): the pick-up slots a store offers, and the words the customer and the staff read. */

/** A pick-up slot's length: slots start at :00, :15, :30 and :45 on the store's clock. */
export const INTERVALO_MIN = 15

/** Orders a store takes per slot unless the back-office says otherwise; and the most it may say. */
export const CAPACIDADE_INTERVALO_PADRAO = 10
export const CAPACIDADE_INTERVALO_MAX = 200

/** A pick-up slot the checkout offers: its instant (ISO UTC) and its time on the store's clock. */
export interface HorarioLevantamento {
  em: string
  hora: string
}

export const levantamentoTextos = {
  legenda: 'Levantar',
  oMaisCedo: 'O mais cedo possível',
  semHorarios: 'Hoje já não há horas de levantamento livres: só o mais cedo possível.',
  horarioInvalido: 'Esta hora de levantamento já não está disponível. Escolha outra.',
  horarioCheio: 'Esta hora de levantamento ficou completa. Escolha outra.',
  /** An order that cannot be ready before the store stops taking orders. */
  depoisDoFecho: (fecho: string) =>
    `A loja fecha às ${fecho} e esta encomenda já não fica pronta a tempo. Encomende noutra altura.`,
} as const
