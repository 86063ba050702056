/**
 * Dates and days in a given time zone: a store's (shared/regioes.ts `fusoDaLoja`: Lisbon's, or the Azores' an hour
 * behind) for its hours, closures, sold-out days and reports (decision 0036). Formatters are made on first use, one
 * per zone, as format.ts does for Lisbon's: a formatter with a zone loads its rules, which no first screen should wait for.
 */

const dias = new Map<string, Intl.DateTimeFormat>()

/** The date at `instant` in `fuso`, `YYYY-MM-DD`: a store's day (sold out for today, closed on a holiday). */
export function diaNoFuso(instant: string | number | Date, fuso: string): string {
  let formato = dias.get(fuso)
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-GB', { timeZone: fuso, year: 'numeric', month: '2-digit', day: '2-digit' })
    dias.set(fuso, formato)
  }
  const parts = Object.fromEntries(formato.formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

const HORA = 3_600_000

/**
 * The instant the day `dia` (`YYYY-MM-DD`) begins in `fuso`: its first whole UTC hour that is already that date there.
 * The zones of the stores are whole hours from UTC and change their clocks on the hour (Lisbon and the Azores both at
 * 01:00 UTC), so a day begins on a UTC hour, though not always at local midnight: on 29 March 2026 the Azores go from
 * 23:59:59 of the 28th to 01:00 of the 29th, which begins at 01:00 UTC.
 */
export function inicioDoDiaNoFuso(dia: string, fuso: string): Date {
  const meiaNoiteUtc = Date.parse(`${dia}T00:00:00.000Z`)
  // From 14 hours before UTC midnight (the furthest east a zone is) to 14 after (the furthest west).
  for (let h = -14; h <= 14; h++) {
    const candidato = new Date(meiaNoiteUtc + h * HORA)
    if (diaNoFuso(candidato, fuso) === dia) return candidato
  }
  return new Date(meiaNoiteUtc)
}

/** The next midnight in `fuso` after `instant` (the start of its next day there): when a day's sold-out marks end. */
export function proximaMeiaNoiteNoFuso(instant: Date, fuso: string): Date {
  const amanha = new Date(Date.parse(`${diaNoFuso(instant, fuso)}T00:00:00.000Z`) + 24 * HORA)
  return inicioDoDiaNoFuso(amanha.toISOString().slice(0, 10), fuso)
}
