import { describe, expect, it } from 'vitest'
import { diaNoFuso, horaDoDiaNoFuso, inicioDoDiaNoFuso, proximaHoraNoFuso, proximaMeiaNoiteNoFuso } from './fusos.ts'
import { fusoDaLoja } from './regioes.ts'

const ACORES = 'Atlantic/Azores'
const LISBOA = 'Europe/Lisbon'

describe('a store’s days in its zone (decision 0036)', () => {
  it('names the zone of each region: the Azores their own, Madeira and the mainland Lisbon’s, an unknown the mainland’s', () => {
    expect([fusoDaLoja('acores'), fusoDaLoja('madeira'), fusoDaLoja('continente'), fusoDaLoja('xx')]).toEqual([
      ACORES,
      LISBOA,
      LISBOA,
      LISBOA,
    ])
  })

  it('begins each day at its first instant there, on both days the clocks change in 2026', () => {
    const inicio = (dia: string, fuso: string) => inicioDoDiaNoFuso(dia, fuso).toISOString()
    // Winter and summer.
    expect(inicio('2026-01-15', ACORES)).toBe('2026-01-15T01:00:00.000Z')
    expect(inicio('2026-07-01', ACORES)).toBe('2026-07-01T00:00:00.000Z')
    // 29 March: the Azores jump from 23:59:59 of the 28th to 01:00 of the 29th at 01:00 UTC; Lisbon's day begins at UTC midnight.
    expect(inicio('2026-03-29', ACORES)).toBe('2026-03-29T01:00:00.000Z')
    expect(inicio('2026-03-29', LISBOA)).toBe('2026-03-29T00:00:00.000Z')
    expect(inicio('2026-03-30', ACORES)).toBe('2026-03-30T00:00:00.000Z')
    // 25 October: both begin in summer time; the next day in winter time.
    expect(inicio('2026-10-25', ACORES)).toBe('2026-10-25T00:00:00.000Z')
    expect(inicio('2026-10-25', LISBOA)).toBe('2026-10-24T23:00:00.000Z')
    expect(inicio('2026-10-26', ACORES)).toBe('2026-10-26T01:00:00.000Z')
    expect(inicio('2026-10-26', LISBOA)).toBe('2026-10-26T00:00:00.000Z')
  })

  it('says the date and the next midnight there', () => {
    expect(diaNoFuso('2026-10-24T23:30:00.000Z', LISBOA)).toBe('2026-10-25')
    expect(diaNoFuso('2026-10-24T23:30:00.000Z', ACORES)).toBe('2026-10-24')
    expect(proximaMeiaNoiteNoFuso(new Date('2026-03-28T23:30:00.000Z'), ACORES).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    )
    expect(proximaMeiaNoiteNoFuso(new Date('2026-10-25T12:00:00.000Z'), ACORES).toISOString()).toBe(
      '2026-10-26T01:00:00.000Z',
    )
    expect(proximaMeiaNoiteNoFuso(new Date('2026-10-25T12:00:00.000Z'), LISBOA).toISOString()).toBe(
      '2026-10-26T00:00:00.000Z',
    )
  })
})

describe('the next given hour on a store clock', () => {
  it('is 05:00 there, today when it is still to come, tomorrow once past, in Lisbon and in the Azores', () => {
    expect(proximaHoraNoFuso(new Date('2026-11-23T12:00:00Z'), 5, 'Europe/Lisbon').toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    )
    expect(proximaHoraNoFuso(new Date('2026-11-24T00:30:00Z'), 5, 'Europe/Lisbon').toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    )
    expect(proximaHoraNoFuso(new Date('2026-11-23T12:00:00Z'), 5, 'Atlantic/Azores').toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    )
  })

  it('on the nights the clocks change: 05:00 is an hour nearer in spring and an hour further in autumn', () => {
    // 29 March 2026: Lisbon goes from 01:00 to 02:00 (UTC+1), so 05:00 there is 04:00 UTC.
    expect(horaDoDiaNoFuso('2026-03-29', 5, 'Europe/Lisbon').toISOString()).toBe('2026-03-29T04:00:00.000Z')
    // 25 October 2026: back from 02:00 to 01:00 (UTC+0), so 05:00 there is 05:00 UTC.
    expect(horaDoDiaNoFuso('2026-10-25', 5, 'Europe/Lisbon').toISOString()).toBe('2026-10-25T05:00:00.000Z')
    // The Azores: UTC+0 in summer, UTC-1 in winter.
    expect(horaDoDiaNoFuso('2026-03-29', 5, 'Atlantic/Azores').toISOString()).toBe('2026-03-29T05:00:00.000Z')
    expect(horaDoDiaNoFuso('2026-10-25', 5, 'Atlantic/Azores').toISOString()).toBe('2026-10-25T06:00:00.000Z')
    // An hour the clocks skip is the next one there is: Lisbon has no 01:00 on 29 March.
    expect(horaDoDiaNoFuso('2026-03-29', 1, 'Europe/Lisbon').toISOString()).toBe('2026-03-29T01:00:00.000Z')
  })
})
