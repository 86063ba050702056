/**
 * Amounts typed at the till: euros with a comma (`12,50`; a dot is read the same, spaces and `€` are ignored), to
 * integer cents, the only money the API knows. No floating point: the text is split at the decimal mark.
 */

/** The largest bill the till takes (999 999,99 €): anything above is a typing slip. */
export const MAX_CENTS = 99_999_999

export type EurosParse = { ok: true; cents: number } | { ok: false; reason: 'vazio' | 'invalido' | 'grande' }

export function parseEuros(text: string): EurosParse {
  const clean = text.replace(/[\s\u00a0€]/g, '')
  if (clean === '') return { ok: false, reason: 'vazio' }
  const match = /^(\d+)(?:[.,](\d{0,2}))?$/.exec(clean) ?? /^()[.,](\d{1,2})$/.exec(clean)
  if (!match) return { ok: false, reason: 'invalido' }
  const euros = match[1] === '' ? 0 : Number(match[1])
  const cents = euros * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return { ok: false, reason: 'grande' }
  return { ok: true, cents }
}

export { centsToInput } from '../../../shared/euros.ts'

/** The pt-PT message of a field that did not parse. */
export function eurosError(result: EurosParse): string | undefined {
  if (result.ok) return undefined
  if (result.reason === 'vazio') return 'Campo de preenchimento obrigatório'
  if (result.reason === 'grande') return 'Valor demasiado alto.'
  return 'Valor inválido: escreva euros e cêntimos, por exemplo 12,50.'
}
