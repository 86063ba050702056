/**
 * The star rating's rule (spec §5 "Opinion"): clicking a star sets the rating to it; clicking the current one lowers
 * it by one, and clicking the first when it is the current one clears it. Ratings are 1…max, or null for none.
 */
export function nextRating(current: number | null, clicked: number): number | null {
  if (clicked !== current) return clicked
  return clicked > 1 ? clicked - 1 : null
}

/** What a rating reads as, for labels and for people: '3 de 5 estrelas', '1 de 5 estrelas'. */
export const starLabel = (n: number, max: number) => `${n} de ${max} ${max === 1 ? 'estrela' : 'estrelas'}`
