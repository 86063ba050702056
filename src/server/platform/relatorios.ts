import { RELATORIO_MAX_DIAS } from '../../shared/admin-relatorios.ts'
import { TIME_ZONE } from '../../shared/format.ts'
import { diaNoFuso, inicioDoDiaNoFuso } from '../../shared/fusos.ts'

/**
 * What the back-office's reports share across features: a period of days (Lisbon's, or those of the stores' zone: an
 * Azores store's days are the Azores', decision 0036) as a window of instants, the UTC hours the features group by
 * folded back into those days, and CSV that a spreadsheet opens as written.
 */

/** A report's window: ISO instants (from inclusive, to exclusive) and the stores it covers. */
export interface JanelaRelatorio {
  desde: string
  ate: string
  idsLoja: number[]
}

/** The instant a day (`YYYY-MM-DD`) begins in `fuso` (Lisbon's unless told): shared/fusos.ts. */
export const inicioDoDia = (dia: string, fuso: string = TIME_ZONE): Date => inicioDoDiaNoFuso(dia, fuso)

const DIA = /^\d{4}-\d{2}-\d{2}$/

/**
 * The day after `dia` (`YYYY-MM-DD`). Past year 9999 `toISOString` writes `+010000-01-01`, which sorts before any
 * day: a loop comparing days as text would never end, so a day that is not one, given or reached, is an error.
 */
export function diaSeguinte(dia: string): string {
  const seguinte = new Date(Date.parse(`${dia}T00:00:00.000Z`) + 86_400_000)
  const texto = Number.isNaN(seguinte.getTime()) ? '' : seguinte.toISOString().slice(0, 10)
  if (!DIA.test(dia) || !DIA.test(texto)) throw new RangeError(`Dia fora do calendário: ${dia}`)
  return texto
}

/**
 * Every day from `de` to `ate` inclusive. The loop ends by construction: at most `maxDias` turns (the longest period
 * a report may ask, which the request's schema already holds it to); a longer period is a caller's error, thrown.
 */
export function diasEntre(de: string, ate: string, maxDias: number = RELATORIO_MAX_DIAS): string[] {
  const dias: string[] = []
  let d = de
  for (let i = 0; i < maxDias && d <= ate; i++, d = diaSeguinte(d)) dias.push(d)
  if (d <= ate) throw new RangeError(`Período de mais de ${maxDias} dias: ${de} a ${ate}`)
  return dias
}

/**
 * The day in `fuso` (Lisbon's unless told) a UTC hour bucket (`YYYY-MM-DDTHH`, as `substr(iso, 1, 13)` gives) belongs
 * to: whole, as the stores' zones are whole hours from UTC.
 */
export const diaDaHora = (hora: string, fuso: string = TIME_ZONE) => diaNoFuso(`${hora}:00:00.000Z`, fuso)

/**
 * One CSV document (RFC 4180, `;`-separated as Portuguese spreadsheets expect, CRLF, with a BOM so Excel reads UTF-8).
 * A text cell that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, tab, CR) is prefixed with `'`.
 */
export function csv(cabecalho: string[], linhas: (string | number | null)[][]): string {
  const celula = (v: string | number | null) => {
    if (v === null) return ''
    if (typeof v === 'number') return String(v).replace('.', ',')
    const seguro = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
    return /[;"\r\n]/.test(seguro) ? `"${seguro.replaceAll('"', '""')}"` : seguro
  }
  return `\ufeff${[cabecalho, ...linhas].map((l) => l.map(celula).join(';')).join('\r\n')}\r\n`
}
