import { describe, expect, it } from 'vitest'
import { maioridade } from './maioridade.ts'
import { ageOn } from './validacao.ts'

describe('sold to adults only: 18 by the Lisbon date (DL 50/2013)', () => {
  it('is 18 on the birthday, not the day before; no birth date is asked for, never assumed', () => {
    expect(maioridade('2008-11-23', '2026-11-23')).toBe('maior')
    expect(maioridade('2008-11-24', '2026-11-23')).toBe('menor')
    expect(maioridade('1990-05-17', '2026-11-23')).toBe('maior')
    expect(maioridade(null, '2026-11-23')).toBe('sem-data')
    expect(maioridade('', '2026-11-23')).toBe('sem-data')
    expect(maioridade('23/11/2008', '2026-11-23')).toBe('sem-data')
  })

  it('born on 29 February: 18 on 1 March of a common year, on 29 February of a leap one', () => {
    expect(maioridade('2008-02-29', '2026-02-28')).toBe('menor')
    expect(maioridade('2008-02-29', '2026-03-01')).toBe('maior')
    expect(maioridade('2012-02-29', '2032-02-29')).toBe('maior')
    expect(maioridade('2012-02-29', '2030-02-28')).toBe('menor')
  })

  it('agrees with the age the account forms check, day by day across two years', () => {
    const nascimento = '2008-02-29'
    for (let t = Date.parse('2025-12-01'); t < Date.parse('2027-04-01'); t += 86_400_000) {
      const hoje = new Date(t).toISOString().slice(0, 10)
      expect(maioridade(nascimento, hoje), hoje).toBe(ageOn(nascimento, hoje) >= 18 ? 'maior' : 'menor')
      expect(maioridade('2008-11-23', hoje), hoje).toBe(ageOn('2008-11-23', hoje) >= 18 ? 'maior' : 'menor')
    }
  })
})
