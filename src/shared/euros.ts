/** Amounts typed in euros, as the back-office's forms take them (`2,50`), in the integer cents the API speaks. */

/** `-2,50` → -250; empty → 0. */
export function centimosDe(euros: string): number {
  const t = euros.trim()
  if (!t) return 0
  const negativo = t.startsWith('-')
  const [inteiros = '0', decimais = ''] = t.replace('-', '').split(/[.,]/)
  const c = Number(inteiros) * 100 + Number(decimais.padEnd(2, '0'))
  return negativo ? -c : c
}

/** Cents → what the field shows: `12,50` (no thousands separator, no symbol), so it parses back the same. */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`
}

/** A typed amount: up to 6 whole euros' digits and 2 decimals, with a comma or a point, signed or not. */
export const EUROS_PATTERN = /^-?\d{1,6}([.,]\d{1,2})?$/
