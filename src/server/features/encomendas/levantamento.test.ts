import { describe, expect, it } from 'vitest'
import { levantamentoTextos } from '../../../shared/levantamento.ts'
import type { Horario } from './horario.ts'
import { type Agenda, exigirProntaAntesDoFecho, fechoAntesDe, horariosLivres } from './levantamento.ts'

const LISBOA = 'Europe/Lisbon'
const ALMOCO_E_JANTAR: Horario = Array.from({ length: 7 }, () => [
  ['12:00', '15:00'],
  ['19:00', '23:00'],
])
const SEMPRE: Horario = Array.from({ length: 7 }, () => [['00:00', '24:00']])

const agenda = (agora: string, minutos: number, horario: Horario = ALMOCO_E_JANTAR, fuso = LISBOA): Agenda => ({
  horario,
  fuso,
  agora: new Date(agora),
  minutos,
})
const horas = (a: Agenda, capacidade = 10, ocupadas = new Map<string, number>()) =>
  horariosLivres(a, capacidade, ocupadas).map((h) => h.hora)

/** The pick-up slots of today (decision 0044): the store's hours, the order's minutes, capacity, the clocks' changes. */
describe('pick-up slots', () => {
  it("offers today's quarter-hours at least the order's minutes away, open at pick-up and when preparation starts", () => {
    // 14:10 in Lisbon in November (UTC+0), 20 minutes to prepare.
    const a = agenda('2026-11-23T14:10:00.000Z', 20)
    const lista = horas(a)
    // 14:30 is the first quarter 20 minutes away; 15:00 is closing, ready in time; 15:15 is past it; 19:00 and 19:15
    // would be prepared while closed.
    expect(lista.slice(0, 4)).toEqual(['14:30', '14:45', '15:00', '19:30'])
    // Never past closing: the last slot is closing time, as 'as soon as possible' may be ready at it.
    expect(lista.at(-1)).toBe('23:00')
    expect(lista).toHaveLength(3 + 15)
    // Each slot's instant is UTC and on a quarter.
    expect(horariosLivres(a, 10, new Map())[0]).toEqual({ em: '2026-11-23T14:30:00.000Z', hora: '14:30' })
  })

  it('leaves out a slot that is full, and only that one', () => {
    const a = agenda('2026-11-23T14:10:00.000Z', 20)
    const ocupadas = new Map([
      ['2026-11-23T14:30:00.000Z', 3],
      ['2026-11-23T14:45:00.000Z', 2],
    ])
    expect(horas(a, 3, ocupadas).slice(0, 2)).toEqual(['14:45', '15:00'])
    expect(horas(a, 2, ocupadas).slice(0, 1)).toEqual(['15:00'])
  })

  it("never offers tomorrow: a store open all night stops at the day's last quarter", () => {
    expect(horas(agenda('2026-11-23T23:20:00.000Z', 15, SEMPRE))).toEqual(['23:45'])
    expect(horas(agenda('2026-11-23T23:40:00.000Z', 15, SEMPRE))).toEqual([])
  })

  it('on the night the clocks go back, offers the repeated hour twice and names the second as winter time', () => {
    // 25 October 2026: at 02:00 summer time (01:00 UTC) Lisbon goes back to 01:00.
    const a = agenda('2026-10-25T00:00:00.000Z', 15, SEMPRE)
    const lista = horariosLivres(a, 10, new Map())
    expect(lista.slice(0, 7)).toEqual([
      { em: '2026-10-25T00:15:00.000Z', hora: '01:15' },
      { em: '2026-10-25T00:30:00.000Z', hora: '01:30' },
      { em: '2026-10-25T00:45:00.000Z', hora: '01:45' },
      { em: '2026-10-25T01:00:00.000Z', hora: '01:00' },
      { em: '2026-10-25T01:15:00.000Z', hora: '01:15 (hora de inverno)' },
      { em: '2026-10-25T01:30:00.000Z', hora: '01:30 (hora de inverno)' },
      { em: '2026-10-25T01:45:00.000Z', hora: '01:45 (hora de inverno)' },
    ])
    // The day has 25 hours: every quarter from 01:15 to 23:45, one hour of them twice.
    expect(lista).toHaveLength(4 * 23 - 1 + 4)
  })

  it('on the night the clocks go forward, skips the hour that does not exist', () => {
    // 29 March 2026: at 01:00 (01:00 UTC) Lisbon goes forward to 02:00.
    const lista = horas(agenda('2026-03-29T00:30:00.000Z', 15, SEMPRE))
    expect(lista.slice(0, 3)).toEqual(['00:45', '02:00', '02:15'])
    expect(lista.some((h) => h.startsWith('01:'))).toBe(false)
  })

  it("keeps a store in the Azores on its own clock (an hour behind Lisbon's)", () => {
    const acores = 'Atlantic/Azores'
    // 11:00 in the Azores; the store opens at 12:00 there (13:00 UTC).
    const a = agenda('2026-11-23T12:00:00.000Z', 15, ALMOCO_E_JANTAR, acores)
    expect(horariosLivres(a, 10, new Map())[0]).toEqual({ em: '2026-11-23T13:15:00.000Z', hora: '12:15' })
  })

  it('refuses an order that cannot be ready before closing, naming the closing time; ready at closing is in time', () => {
    expect(() => exigirProntaAntesDoFecho(agenda('2026-11-23T14:50:00.000Z', 15))).toThrow(
      levantamentoTextos.depoisDoFecho('15:00'),
    )
    expect(() => exigirProntaAntesDoFecho(agenda('2026-11-23T14:45:00.000Z', 15))).not.toThrow()
    // Closing at an odd minute is found to the minute.
    const cedo: Horario = Array.from({ length: 7 }, () => [['08:00', '14:52']])
    expect(() => exigirProntaAntesDoFecho(agenda('2026-11-23T14:40:00.000Z', 15, cedo))).toThrow(
      levantamentoTextos.depoisDoFecho('14:52'),
    )
    // Open past midnight, the order is in time.
    const noite: Horario = Array.from({ length: 7 }, () => [['20:00', '02:00']])
    expect(() => exigirProntaAntesDoFecho(agenda('2026-11-23T23:55:00.000Z', 30, noite))).not.toThrow()
    expect(fechoAntesDe(agenda('2026-11-23T23:55:00.000Z', 0, noite), new Date('2026-11-24T03:00:00.000Z'))).toEqual(
      new Date('2026-11-24T02:00:00.000Z'),
    )
  })
})
