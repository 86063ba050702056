import { describe, expect, it } from 'vitest'
import { estaAberta, type Horario, parseHorario, todosOsDias } from './horario.ts'

describe('estaAberta', () => {
  const diario = todosOsDias('10:00', '21:30')

  it('follows Lisbon time, winter and summer', () => {
    // Winter: Lisbon is UTC. 2026-11-23 is a Monday.
    expect(estaAberta(diario, new Date('2026-11-23T09:59:00Z'))).toBe(false)
    expect(estaAberta(diario, new Date('2026-11-23T10:00:00Z'))).toBe(true)
    expect(estaAberta(diario, new Date('2026-11-23T21:29:00Z'))).toBe(true)
    expect(estaAberta(diario, new Date('2026-11-23T21:30:00Z'))).toBe(false)
    // Summer: UTC+1, so 09:30 UTC is 10:30 in Lisbon and 20:45 UTC is 21:45.
    expect(estaAberta(diario, new Date('2026-07-01T09:30:00Z'))).toBe(true)
    expect(estaAberta(diario, new Date('2026-07-01T20:45:00Z'))).toBe(false)
  })

  it('reads each weekday, Monday first, and periods past midnight', () => {
    const fimDeSemana: Horario = [[], [], [], [], [['18:00', '02:00']], [['12:00', '15:00']], []]
    expect(estaAberta(fimDeSemana, new Date('2026-11-27T19:00:00Z'))).toBe(true) // Friday 19:00
    expect(estaAberta(fimDeSemana, new Date('2026-11-28T01:30:00Z'))).toBe(true) // Saturday 01:30, Friday's night
    expect(estaAberta(fimDeSemana, new Date('2026-11-28T02:00:00Z'))).toBe(false)
    expect(estaAberta(fimDeSemana, new Date('2026-11-28T13:00:00Z'))).toBe(true) // Saturday lunch
    expect(estaAberta(fimDeSemana, new Date('2026-11-23T19:00:00Z'))).toBe(false) // Monday
  })

  it('is always open around the clock, and never without hours', () => {
    const sempre = todosOsDias('00:00', '24:00')
    for (const iso of ['2026-11-23T00:00:00Z', '2026-11-23T23:59:00Z', '2026-03-29T01:30:00Z']) {
      expect(estaAberta(sempre, new Date(iso))).toBe(true)
    }
    expect(estaAberta(null, new Date('2026-11-23T12:00:00Z'))).toBe(false)
  })

  it('takes unreadable hours as none', () => {
    expect(parseHorario('not json')).toBeNull()
    const horaErrada = todosOsDias('10:00', '21:30')
    horaErrada[3] = [['10:00', '25:00']]
    expect(parseHorario(JSON.stringify(horaErrada))).toBeNull()
    expect(parseHorario(JSON.stringify(todosOsDias('10:00', '21:30')))).toEqual(todosOsDias('10:00', '21:30'))
  })
})
