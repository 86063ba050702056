import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import { describe, expect, it } from 'vitest'
import { formatDateTime, formatKm, formatMoney, formatTelemovel, telemovelNaFrase } from './format.ts'

describe('formatMoney', () => {
  it('writes cents as euros with a comma and the euro sign', () => {
    expect(formatMoney(150)).toBe('1,50\u00a0€')
    expect(formatMoney(0)).toBe('0,00\u00a0€')
    expect(formatMoney(5)).toBe('0,05\u00a0€')
    expect(formatMoney(123456)).toBe('1\u00a0234,56\u00a0€')
    expect(formatMoney(-250)).toBe('-2,50\u00a0€')
  })
})

describe('formatDateTime', () => {
  it('shows Lisbon time as DD/MM/YYYY HH:mm, in winter and in summer', () => {
    expect(formatDateTime('2026-11-22T10:05:00.000Z')).toBe('22/11/2026 10:05')
    expect(formatDateTime('2026-07-01T23:30:00.000Z')).toBe('02/07/2026 00:30')
  })

  it('shows a store’s own time when given its zone: the Azores an hour behind, across the change of clocks', () => {
    expect(formatDateTime('2026-10-24T23:30:00.000Z', 'Atlantic/Azores')).toBe('24/10/2026 23:30')
    expect(formatDateTime('2026-10-24T23:30:00.000Z')).toBe('25/10/2026 00:30')
    expect(formatDateTime('2026-03-29T01:30:00.000Z', 'Atlantic/Azores')).toBe('29/03/2026 01:30')
    expect(formatDateTime('2026-03-29T00:30:00.000Z', 'Atlantic/Azores')).toBe('28/03/2026 23:30')
  })
})

describe('formatKm', () => {
  it('keeps one decimal with a comma', () => {
    expect(formatKm(1.26)).toBe('1,3 km')
    expect(formatKm(12)).toBe('12,0 km')
  })
})

describe('formatTelemovel', () => {
  const agrupar = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational()

  it('groups a Portuguese number three by three, without the library', () => {
    expect(formatTelemovel('351', '912345678')).toBe('+351 912 345 678')
    expect(formatTelemovel('351', '912 345 678')).toBe('+351 912 345 678')
    expect(telemovelNaFrase('351', '912345678')).toBe('912 345 678')
  })

  it("groups another country's number by its numbering plan when the library is there", () => {
    expect(formatTelemovel('34', '612345678', agrupar)).toBe('+34 612 34 56 78')
    expect(formatTelemovel('33', '612345678', agrupar)).toBe('+33 6 12 34 56 78')
    expect(formatTelemovel('44', '7700900123', agrupar)).toBe('+44 7700 900123')
    expect(telemovelNaFrase('34', '612345678', agrupar)).toBe('+34 612 34 56 78')
  })

  it('shows the digits unbroken, with the dial code, until then (or when the plan does not know them)', () => {
    expect(formatTelemovel('34', '612345678')).toBe('+34 612345678')
    expect(formatTelemovel('34', '12', agrupar)).toBe('+34 12')
  })
})
