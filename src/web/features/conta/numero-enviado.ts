// Apart from the hook that reads it: the forms that send a code are at the edge of their first-load budget.

export interface NumeroEnviado {
  telemovel: string
  pais: string
}

/**
 * Navigation options for the SMS-code screen that say which number the code went to. In the history state, which a
 * reload keeps: a phone number goes neither into the URL nor into the device's storage (docs/decisions/0003).
 */
export const comNumeroEnviado = ({ telemovel, pais }: NumeroEnviado) => ({
  state: { enviadoPara: { telemovel, pais } },
})
