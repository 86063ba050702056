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
 * Whether the customer may buy alcohol on `hoje` (the store's date, `YYYY-MM-DD`: an Azores store's own): `sem-data` when the account has no
 * birth date (asked for before such a product is sold, never assumed), else `maior` when born on or before the same
 * day 18 years earlier, `menor` otherwise. Dates compare as text. Born on 29 February, 18 on 1 March of a common year
 * (Código Civil, art. 279(c): a term whose day the month lacks ends on the month's last day, 28 February, at midnight).
 */
export function maioridade(dataNascimento: string | null | undefined, hoje: string): 'maior' | 'menor' | 'sem-data' {
  if (!dataNascimento || !/^\d{4}-\d{2}-\d{2}$/.test(dataNascimento)) return 'sem-data'
  return dataNascimento <= `${Number(hoje.slice(0, 4)) - IDADE_ALCOOL}${hoje.slice(4)}` ? 'maior' : 'menor'
}
