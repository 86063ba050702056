/**
 * Products sold to adults only (DL 50/2013, art. 3: no alcoholic drink is sold to anyone under 18): the age rule and its
 * words, shared by the product screen (which disables the add button) and the server (which refuses the cart line).
 * Free of imports, so the product screen's part stays small (docs/decisions/0037-encomendar-dentro-da-lei.md).
 */

/** The age from which alcohol may be sold (DL 50/2013, art. 3(1)). */
export const IDADE_ALCOOL = 18

/** What the product screen shows in place of its add button, and the server names the refused cart line with. */
export const APENAS_MAIORES = 'Produto disponível apenas para maiores de 18 anos'

/**
 * Whole years between a birth date and a day, both `YYYY-MM-DD`. Born on 29 February, a year is complete on 1 March of
 * a common year (Código Civil, art. 279(c): a term with no corresponding day ends on the month's last day).
 */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/**
 * Whether the customer may buy alcohol on `hoje` (the Lisbon date, `YYYY-MM-DD`): `sem-data` when the account has no
 * birth date (asked for before such a product is sold, never assumed), else `maior` or `menor`.
 */
export function maioridade(dataNascimento: string | null | undefined, hoje: string): 'maior' | 'menor' | 'sem-data' {
  if (!dataNascimento || !/^\d{4}-\d{2}-\d{2}$/.test(dataNascimento)) return 'sem-data'
  return ageOn(dataNascimento, hoje) >= IDADE_ALCOOL ? 'maior' : 'menor'
}
