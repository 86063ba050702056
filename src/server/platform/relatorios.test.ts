import { describe, expect, it } from 'vitest'
import { RELATORIO_MAX_DIAS } from '../../shared/admin-relatorios.ts'
import { csv, diaDaHora, diaSeguinte, diasEntre, inicioDoDia } from './relatorios.ts'

describe('report periods in Lisbon days', () => {
  it('starts a day at its Lisbon midnight, in winter and in summer time', () => {
    expect(inicioDoDia('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z')
    expect(inicioDoDia('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z')
    // The days the clocks change: the day begins before the change.
    expect(inicioDoDia('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z')
    expect(inicioDoDia('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z')
  })

  it('folds UTC hours into Lisbon days and lists every day of a period', () => {
    expect(diaDaHora('2026-06-30T23')).toBe('2026-07-01')
    expect(diaDaHora('2026-12-31T23')).toBe('2026-12-31')
    expect(diasEntre('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
  })
})

describe('CSV', () => {
  it('separates with semicolons, quotes what needs it, writes decimals with a comma, and defuses formulas', () => {
    const out = csv(
      ['Loja', 'Vendas'],
      [
        ['Café "Central"; Porto', 12.5],
        ['=HYPERLINK("x")', null],
        ['-1', 3],
      ],
    )
    expect(out.startsWith('\ufeff')).toBe(true)
    expect(out.slice(1).split('\r\n')).toEqual([
      'Loja;Vendas',
      '"Café ""Central""; Porto";12,5',
      `"'=HYPERLINK(""x"")";`,
      "'-1;3",
      '',
    ])
  })
})

describe('the day loops end by construction', () => {
  it('refuses a day past the calendar rather than loop on it', () => {
    expect(diaSeguinte('2100-12-31')).toBe('2101-01-01')
    expect(diaSeguinte('2024-02-28')).toBe('2024-02-29')
    // Past year 9999 `toISOString` writes `+010000-01-01`, which sorts before any day: a text comparison never ends.
    expect(() => diaSeguinte('9999-12-31')).toThrow(RangeError)
    expect(() => diaSeguinte('não é um dia')).toThrow(RangeError)
  })

  it('turns at most the longest period, and says so when asked for more', () => {
    expect(diasEntre('2026-01-01', '2026-12-31')).toHaveLength(365)
    expect(diasEntre('2024-01-01', '2024-12-31')).toHaveLength(RELATORIO_MAX_DIAS)
    expect(() => diasEntre('2024-01-01', '2025-01-01')).toThrow(RangeError)
    expect(() => diasEntre('9999-12-30', '9999-12-31')).toThrow(RangeError)
    expect(() => diasEntre('2000-01-01', '2100-12-31', 10)).toThrow(/mais de 10 dias/)
    expect(diasEntre('2026-03-02', '2026-03-01')).toEqual([])
  })
})
