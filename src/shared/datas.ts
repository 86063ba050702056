import { z } from 'zod'
import { isValidIsoDate, mensagens } from './validacao.ts'

/**
 * The dates the back-office takes (reports, closures, pauses, campaigns' ends, opinions' filters): real calendar days
 * within one range that no business date of the group leaves, so that no date can drive day arithmetic past what
 * `Date` writes as `YYYY-MM-DD` (a report for 9999-12-31 once looped until the server ran out of memory).
 * docs/decisions/0030-limits-and-redaction.md.
 */

/** The first and the last day the back-office accepts (inclusive). */
export const DIA_MIN = '2000-01-01'
export const DIA_MAX = '2100-12-31'

export const datasMensagens = {
  foraDoIntervalo: 'Indique uma data entre 01/01/2000 e 31/12/2100.',
} as const

/** A `YYYY-MM-DD` that is a real calendar day (not 2026-02-30) within DIA_MIN…DIA_MAX. */
export const diaNoIntervalo = (v: string) => isValidIsoDate(v) && v >= DIA_MIN && v <= DIA_MAX

/** An ISO instant whose UTC day is within DIA_MIN…DIA_MAX (its form is checked by the schema that reads it). */
export function instanteNoIntervalo(iso: string): boolean {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return false
  const dia = new Date(t).toISOString().slice(0, 10)
  return dia >= DIA_MIN && dia <= DIA_MAX
}

/**
 * A day field: `YYYY-MM-DD`, a real day, in range; each failure said once (the range only for a well-formed day).
 * `vazio`: the message for an empty value (default: the invalid date's).
 */
export const diaSchema = (vazio: string = mensagens.data) =>
  z
    .string({ error: vazio })
    .min(1, vazio)
    .regex(/^\d{4}-\d{2}-\d{2}$/, mensagens.data)
    .refine(isValidIsoDate, mensagens.data)
    .refine((v) => !isValidIsoDate(v) || diaNoIntervalo(v), datasMensagens.foraDoIntervalo)

/** An ISO instant with its offset (`2026-12-24T18:00:00.000Z`), a real one, within the range. */
export const instanteSchema = (erro: string = mensagens.data) =>
  z.iso.datetime({ offset: true, error: erro }).refine(instanteNoIntervalo, datasMensagens.foraDoIntervalo)
