import { z } from 'zod'

/**
 * When a store takes orders (STORE-API.md): per weekday, Monday first, a list of [opens, closes] in Lisbon
 * time ("HH:mm"; "24:00" closes at midnight). A period that closes before it opens runs past midnight.
 */
const Hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/)
export const HorarioSchema = z.array(z.array(z.tuple([Hora, Hora])).max(6)).length(7)
export type Horario = z.infer<typeof HorarioSchema>

/** Open every day from `abre` to `fecha`. */
export const todosOsDias = (abre: string, fecha: string): Horario => Array.from({ length: 7 }, () => [[abre, fecha]])

const LISBOA = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Lisbon',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The weekday (0 = Monday) and the minute of the day at `instant` in Lisbon (summer time included). */
function lisbonTime(instant: Date): { day: number; minute: number } {
  const parts = Object.fromEntries(LISBOA.formatToParts(instant).map((p) => [p.type, p.value]))
  return { day: WEEKDAYS.indexOf(parts.weekday ?? ''), minute: Number(parts.hour) * 60 + Number(parts.minute) }
}

/** Whether a store with `horario` takes orders at `instant`; never when it has none. */
export function estaAberta(horario: Horario | null, instant: Date): boolean {
  if (!horario) return false
  const { day, minute } = lisbonTime(instant)
  const yesterday = (day + 6) % 7
  const today = (horario[day] ?? []).some(([abre, fecha]) => {
    const [from, to] = [minutes(abre), minutes(fecha)]
    return from <= to ? minute >= from && minute < to : minute >= from
  })
  // A period of yesterday's that runs past midnight.
  const overnight = (horario[yesterday] ?? []).some(
    ([abre, fecha]) => minutes(fecha) < minutes(abre) && minute < minutes(fecha),
  )
  return today || overnight
}

/** The stored JSON, or null when absent or unreadable (a store whose hours cannot be read takes no orders). */
export function parseHorario(text: string | null): Horario | null {
  if (!text) return null
  try {
    const parsed = HorarioSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
