import type { MetodoPagamento } from '../../../shared/metodos-pagamento.ts'

interface Carteiras {
  ApplePaySession?: { canMakePayments?: () => boolean }
  PaymentRequest?: unknown
}

/** Whether this browser can pay with Apple Pay (Safari on an Apple device with a card in the wallet). */
function temApplePay(w: Carteiras): boolean {
  try {
    return typeof w.ApplePaySession?.canMakePayments === 'function' && w.ApplePaySession.canMakePayments() === true
  } catch {
    return false
  }
}

/**
 * Of the methods a store accepts, those this device can use: Apple Pay only where Apple Pay is (the provider's page
 * shows it there alone), Google Pay only in a browser with the Payment Request API that is not Apple's.
 */
export function metodosDoDispositivo(metodos: readonly MetodoPagamento[], w: Carteiras = window): MetodoPagamento[] {
  const apple = temApplePay(w)
  const google = typeof w.PaymentRequest === 'function' && w.ApplePaySession === undefined
  return metodos.filter((m) => (m === 'applepay' ? apple : m === 'googlepay' ? google : true))
}
