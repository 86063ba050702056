import { describe, expect, it } from 'vitest'
import { diaEmLisboa } from '../../../shared/format.ts'
import {
  avisoFecho,
  estaAberta,
  fechoEm,
  type Horario,
  parseHorario,
  proximaMeiaNoite,
  todosOsDias,
} from './horario.ts'

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

describe('a store’s day in Lisbon (sold out for today, closures)', () => {
  it('is the date in Lisbon, summer time included', () => {
    expect(diaEmLisboa('2026-11-23T23:59:59Z')).toBe('2026-11-23')
    expect(diaEmLisboa('2026-11-24T00:00:00Z')).toBe('2026-11-24')
    // Summer: Lisbon is UTC+1, so 23:00Z is already the next day there.
    expect(diaEmLisboa('2026-07-01T22:59:59Z')).toBe('2026-07-01')
    expect(diaEmLisboa('2026-07-01T23:00:00Z')).toBe('2026-07-02')
  })

  it('ends at the next midnight in Lisbon, on the days the clocks change too', () => {
    expect(proximaMeiaNoite(new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z')
    expect(proximaMeiaNoite(new Date('2026-07-01T22:30:00Z')).toISOString()).toBe('2026-07-01T23:00:00.000Z')
    expect(proximaMeiaNoite(new Date('2026-07-01T23:00:00Z')).toISOString()).toBe('2026-07-02T23:00:00.000Z')
    // In Lisbon 29 March 2026 lasts 23 hours and 25 October 25 hours.
    expect(proximaMeiaNoite(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-29T23:00:00.000Z')
    expect(proximaMeiaNoite(new Date('2026-10-24T23:30:00Z')).toISOString()).toBe('2026-10-26T00:00:00.000Z')
  })

  it('is closed on each day of a closure, both ends included, and says until when and why', () => {
    const fechos = [{ de: '2026-12-24', ate: '2026-12-26', motivo: 'Natal' }]
    expect(fechoEm(fechos, '2026-12-23')).toBeUndefined()
    expect(fechoEm(fechos, '2026-12-24')).toBe(fechos[0])
    expect(fechoEm(fechos, '2026-12-26')).toBe(fechos[0])
    expect(fechoEm(fechos, '2026-12-27')).toBeUndefined()
    expect(avisoFecho({ de: '2026-12-24', ate: '2026-12-26', motivo: 'Natal' }, '2026-12-24')).toBe(
      'Esta loja está encerrada até 26/12 (Natal). Não aceita encomendas.',
    )
    expect(avisoFecho({ de: '2026-12-31', ate: '2026-12-31', motivo: null }, '2026-12-31')).toBe(
      'Esta loja está encerrada hoje. Não aceita encomendas.',
    )
  })
})
