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
