import { z } from 'zod'
import type { Pausa } from '../../../shared/cozinha.ts'
import { TIME_ZONE } from '../../../shared/format.ts'
import { diaNoFuso, proximaMeiaNoiteNoFuso } from '../../../shared/fusos.ts'

/**
 * When a store takes orders (STORE-API.md): per weekday, Monday first, a list of [opens, closes] in the store's local
 * time ("HH:mm"; "24:00" closes at midnight): Lisbon's, or the Azores' for a store there (shared/regioes.ts
 * `fusoDaLoja`, decision 0036). A period that closes before it opens runs past midnight. Every function of a store's
 * time takes its zone (`fuso`), Lisbon's when not given.
 */
const Hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/)
export const HorarioSchema = z.array(z.array(z.tuple([Hora, Hora])).max(6)).length(7)
export type Horario = z.infer<typeof HorarioSchema>

/** Open every day from `abre` to `fecha`. */
export const todosOsDias = (abre: string, fecha: string): Horario => Array.from({ length: 7 }, () => [[abre, fecha]])

/** One formatter per zone, made on first use. */
function porFuso(options: Intl.DateTimeFormatOptions, locale = 'en-GB') {
  const feitos = new Map<string, Intl.DateTimeFormat>()
  return (fuso: string) => {
    let f = feitos.get(fuso)
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: fuso })
      feitos.set(fuso, f)
    }
    return f
  }
}

const semanaHora = porFuso({ weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The weekday (0 = Monday) and the minute of the day at `instant` in `fuso` (summer time included). */
function localTime(instant: Date, fuso: string): { day: number; minute: number } {
  const parts = Object.fromEntries(
    semanaHora(fuso)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  )
  return { day: WEEKDAYS.indexOf(parts.weekday ?? ''), minute: Number(parts.hour) * 60 + Number(parts.minute) }
}

/** Whether a store with `horario` takes orders at `instant`; never when it has none. */
export function estaAberta(horario: Horario | null, instant: Date, fuso: string = TIME_ZONE): boolean {
  if (!horario) return false
  const { day, minute } = localTime(instant, fuso)
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

// The pause's rules are shared with the back-office's list of stores (shared/cozinha.ts).
export { emPausa, type Pausa, pausaEfetiva } from '../../../shared/cozinha.ts'

const diaMes = porFuso({ day: '2-digit', month: '2-digit' }, 'pt-PT')
const horaMinuto = porFuso({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'pt-PT')

/** What a customer is told of a paused store: until when, in the store's time (the day too when it is not today's). */
export function avisoPausa(pausa: Pausa, instant: Date, fuso: string = TIME_ZONE): string {
  const base = 'Esta loja não está a aceitar encomendas de momento.'
  if (pausa.ate === null) return base
  const ate = new Date(pausa.ate)
  const hora = horaMinuto(fuso).format(ate)
  const dia = diaMes(fuso).format(ate)
  return diaMes(fuso).format(instant) === dia
    ? `${base} Volta a aceitar às ${hora}.`
    : `${base} Volta a aceitar a ${dia} às ${hora}.`
}

/** A store's closure beyond its weekly hours (features/restaurantes `Encerramento`): inclusive dates, the store's. */
export interface Fecho {
  de: string
  ate: string
  motivo: string | null
}

/** The closure that holds on `dia` (the store's date, YYYY-MM-DD), if any: no orders the whole day. */
export const fechoEm = (fechos: Fecho[], dia: string): Fecho | undefined =>
  fechos.find((f) => f.de <= dia && dia <= f.ate)

/** What a customer is told of a store closed today: until when (the last day closed) and why, if said. */
export function avisoFecho(fecho: Fecho, dia: string): string {
  const motivo = fecho.motivo ? ` (${fecho.motivo})` : ''
  if (fecho.ate === dia) return `Esta loja está encerrada hoje${motivo}. Não aceita encomendas.`
  return `Esta loja está encerrada até ${fecho.ate.slice(8, 10)}/${fecho.ate.slice(5, 7)}${motivo}. Não aceita encomendas.`
}

/** The store's date at `instant` (`YYYY-MM-DD` in its zone): its 'today' for sold-out products and closures. */
export const diaDaLoja = (instant: Date, fuso: string = TIME_ZONE): string => diaNoFuso(instant, fuso)

/**
 * The next midnight in `fuso` after `instant` (summer time included): when a store's sold-out products of today are
 * back.
 */
export const proximaMeiaNoite = (instant: Date, fuso: string = TIME_ZONE): Date => proximaMeiaNoiteNoFuso(instant, fuso)
