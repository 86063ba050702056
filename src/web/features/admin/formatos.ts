import { formatDateTime, formatMoney } from '../../../shared/format.ts'

/** An instant as the back-office shows it: `DD/MM/YYYY HH:mm`, Lisbon time. */
export const dataHora = (iso: string) => formatDateTime(iso)

/** Cents with their sign: `+2,50 €`, `-1,00 €`. */
export const dinheiroComSinal = (cents: number) => `${cents > 0 ? '+' : ''}${formatMoney(cents)}`

/** Points with their sign: `+10`, `-5`. */
export const numeroComSinal = (n: number) => `${n > 0 ? '+' : ''}${n}`

/** An average of 1–5 as pt-PT writes it (`4,5`), or '—' without ratings. */
export const media = (n: number | null) => (n === null ? '—' : n.toFixed(1).replace('.', ','))
