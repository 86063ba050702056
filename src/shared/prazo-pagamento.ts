import { formatDateTime } from './format.ts'

// A module of their own, not format.ts nor metodos-pagamento.ts, which first loads carry: only the payment screen
// and the e-mails use these.

/**
 * The last minute a payment request can be paid in, as the customer reads it: its expiry is the instant it no longer
 * can (midnight → 23:59).
 */
export const pagarAte = (expiraEm: string) => formatDateTime(Date.parse(expiraEm) - 60_000)

/** A Multibanco reference as the ATM asks for it: `123 456 789`. */
export const formatarReferencia = (referencia: string) => referencia.replace(/(\d{3})(?=\d)/g, '$1 ')
