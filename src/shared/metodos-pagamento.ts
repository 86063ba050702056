/** The ways a customer pays for an order: the checkout offers those the store accepts and the device can use. */
export const METODOS_PAGAMENTO = ['mbway', 'multibanco', 'cartao', 'applepay', 'googlepay'] as const
export type MetodoPagamento = (typeof METODOS_PAGAMENTO)[number]

/** Methods paid on a page of the provider's: the customer is sent there and comes back to the app. */
export const METODOS_COM_PAGINA: readonly MetodoPagamento[] = ['cartao', 'applepay', 'googlepay']

/** Each method's name as the customer reads it. */
export const NOME_METODO: Record<MetodoPagamento, string> = {
  mbway: 'MB WAY',
  multibanco: 'Multibanco',
  cartao: 'Cartão',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
}

/** Each method's name inside a sentence ('Pago com cartão', 'devolvido por MB WAY'). */
export const METODO_NA_FRASE: Record<MetodoPagamento, string> = {
  mbway: 'MB WAY',
  multibanco: 'Multibanco',
  cartao: 'cartão',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
}

/** A store's methods as stored (comma-separated): the known ones, in the usual order; none readable, MB WAY. */
export function lerMetodos(guardado: string): MetodoPagamento[] {
  const lidos = new Set(guardado.split(',').map((m) => m.trim()))
  const metodos = METODOS_PAGAMENTO.filter((m) => lidos.has(m))
  return metodos.length > 0 ? metodos : ['mbway']
}
