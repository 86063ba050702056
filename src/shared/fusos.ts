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

const momentos = new Map<string, Intl.DateTimeFormat>()
const DIA_ISO: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

/** The day, ISO weekday (1 Monday … 7 Sunday) and `HH:MM` at `instant` in `fuso`: when a promotion's window is read. */
export function momentoNoFuso(instant: string | number | Date, fuso: string) {
  let formato = momentos.get(fuso)
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-GB', {
      timeZone: fuso,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    momentos.set(fuso, formato)
  }
  const parts = Object.fromEntries(formato.formatToParts(new Date(instant)).map((p) => [p.type, p.value]))
  return {
    dia: diaNoFuso(instant, fuso),
    diaSemana: DIA_ISO[parts.weekday ?? ''] ?? 1,
    hora: `${parts.hour}:${parts.minute}`,
  }
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

/** The instant the day `dia` (`YYYY-MM-DD`) ends in `fuso`: the start of the next one there. */
export function fimDoDiaNoFuso(dia: string, fuso: string): Date {
  const amanha = new Date(Date.parse(`${dia}T00:00:00.000Z`) + 24 * HORA)
  return inicioDoDiaNoFuso(amanha.toISOString().slice(0, 10), fuso)
}

/** The next midnight in `fuso` after `instant` (the start of its next day there): when a day's sold-out marks end. */
export const proximaMeiaNoiteNoFuso = (instant: Date, fuso: string): Date =>
  fimDoDiaNoFuso(diaNoFuso(instant, fuso), fuso)

const horas = new Map<string, Intl.DateTimeFormat>()

/** The hour of the day (0–23) at `instant` in `fuso`. */
function horaNoFuso(instant: Date, fuso: string): number {
  let formato = horas.get(fuso)
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-GB', { timeZone: fuso, hour: '2-digit', hourCycle: 'h23' })
    horas.set(fuso, formato)
  }
  return Number(formato.format(instant))
}

/**
 * The instant it is `hora` o'clock (0–23) on `dia` in `fuso`, on the nights the clocks change too (the zones of the
 * stores are whole hours from UTC, so the hour is a UTC hour from the day's start); an hour the clocks skip is the
 * next one there is.
 */
export function horaDoDiaNoFuso(dia: string, hora: number, fuso: string): Date {
  const inicio = inicioDoDiaNoFuso(dia, fuso).getTime()
  for (let k = 0; k < 26; k++) {
    const candidato = new Date(inicio + k * HORA)
    if (diaNoFuso(candidato, fuso) !== dia) break
    if (horaNoFuso(candidato, fuso) >= hora) return candidato
  }
  return new Date(inicio + hora * HORA)
}

/**
 * The next `hora` o'clock in `fuso` after `instant`: a store's working day that runs past midnight ends there (a busy
 * kitchen set at 23:30 stays busy through the night's rush, and one set at lunch ends before the next day's).
 */
export function proximaHoraNoFuso(instant: Date, hora: number, fuso: string): Date {
  const hoje = horaDoDiaNoFuso(diaNoFuso(instant, fuso), hora, fuso)
  if (hoje.getTime() > instant.getTime()) return hoje
  const amanha = new Date(Date.parse(`${diaNoFuso(instant, fuso)}T00:00:00.000Z`) + 24 * HORA)
  return horaDoDiaNoFuso(amanha.toISOString().slice(0, 10), hora, fuso)
}
