import { describe, expect, it } from 'vitest'
import { diaNoFuso, inicioDoDiaNoFuso, proximaMeiaNoiteNoFuso } from './fusos.ts'
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
