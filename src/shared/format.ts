/** Display formats of the product: money `1,50 €`, dates `DD/MM/YYYY HH:mm` in Europe/Lisbon. */

export const TIME_ZONE = 'Europe/Lisbon'

/**
 * Integer cents → `1,50 €` (always 2 decimals, comma, thousands with a space as pt-PT writes them). The spaces are
 * non-breaking: a line never ends between an amount and its '€', nor inside an amount.
 */
export function formatMoney(cents: number): string {
  const negative = cents < 0
  const abs = Math.abs(Math.round(cents))
  const euros = Math.floor(abs / 100)
  const rest = String(abs % 100).padStart(2, '0')
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')
  return `${negative ? '-' : ''}${grouped},${rest}\u00a0€`
}

/**
 * Made on first use, not when the module loads: a formatter with a time zone loads the zone's rules, tens of
 * milliseconds on a slow phone, which would sit in every screen's first task. One per zone (Lisbon's, the Azores').
 */
const dateTimeParts = new Map<string, Intl.DateTimeFormat>()

/**
 * An instant (ISO string, Date or epoch milliseconds) → `DD/MM/YYYY HH:mm` in Lisbon time, or in `timeZone` (a store's
 * own: an Azores store's order and purchase read in its time, as its board and receipts do).
 */
export function formatDateTime(instant: string | number | Date, timeZone: string = TIME_ZONE): string {
  let formato = dateTimeParts.get(timeZone)
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    dateTimeParts.set(timeZone, formato)
  }
  const parts = Object.fromEntries(formato.formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`
}

/** `HH:mm` of an instant on the store's clock (`fuso`): a pick-up time as the customer and the staff read it. */
export const horaNaLoja = (instante: string | number | Date, fuso: string) => formatDateTime(instante, fuso).slice(11)

/**
 * The pick-up time of an order (its `levantar_em` on its store's clock), or null when it is wanted at once: the
 * 'received' sentence's promise (estado-pedido.ts `estadoTexto`). Here rather than beside the checkout's words, which
 * no first screen loads.
 */
export const prontoAs = (o: { levantar_em: string | null; fuso: string }) =>
  o.levantar_em ? horaNaLoja(o.levantar_em, o.fuso) : null

/** Distance in km with one decimal, pt-PT: `1,3 km`. */
export function formatKm(km: number): string {
  return `${km.toFixed(1).replace('.', ',')} km`
}

/**
 * Points as pt-PT writes them, without sign: `1 ponto`, `20 pontos`, and `0 pontos` (the spec's "plural when above 1"
 * would give "0 ponto", which is not Portuguese: only exactly one is singular).
 */
export const pontosLabel = (n: number) => `${Math.abs(n)} ${Math.abs(n) === 1 ? 'ponto' : 'pontos'}`

/**
 * The line of a take-away order's single-use packaging contribution for one product (shared/embalagens.ts), in the
 * cart, the checkout, the confirmation, the board and the e-mail: here, where every screen already has it.
 */
export const linhaEmbalagem = (produto: string) => `Contribuição embalagem: ${produto}`

/** A number in another country's own grouping (`+34 612 34 56 78`), from libphonenumber-js where it is loaded. */
export type AgruparTelemovel = (e164: string) => string | undefined

/**
 * A phone as people read it: `+351 912 345 678`. A Portuguese number (nine digits) is grouped by its rule, three by
 * three, with no library; another country's by `agrupar` (its numbering plan) when given, else its digits unbroken.
 */
export function formatTelemovel(pais: string, telemovel: string, agrupar?: AgruparTelemovel): string {
  const digits = telemovel.replace(/\D/g, '')
  if (pais === '351' && digits.length === 9) return `+351 ${digits.replace(/^(\d{3})(\d{3})/, '$1 $2 ')}`
  return agrupar?.(`+${pais}${digits}`) ?? `+${pais} ${digits}`
}

/** The same phone inside a sentence: a Portuguese one without its dial code (`912 345 678`), as people say it here. */
export function telemovelNaFrase(pais: string, telemovel: string, agrupar?: AgruparTelemovel): string {
  const formatted = formatTelemovel(pais, telemovel, agrupar)
  return pais === '351' ? formatted.replace(/^\+351 /, '') : formatted
}

let dayParts: Intl.DateTimeFormat | undefined

/** The date at `instant` in Lisbon, `YYYY-MM-DD` (a store's day: sold out for today, closed on a holiday). */
export function diaEmLisboa(instant: string | number | Date): string {
  dayParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** A date `YYYY-MM-DD` → `DD/MM/YYYY`. */
export const formatDia = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`
