import { describe, expect, it } from 'vitest'
import { csv, diaDaHora, diasEntre, inicioDoDia } from './relatorios.ts'

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
