import { describe, expect, it } from 'vitest'
import { centsToInput, eurosError, MAX_CENTS, parseEuros } from './money.ts'

describe('amounts typed at the till', () => {
  it('reads euros with a comma (or a dot) as integer cents, without floating point', () => {
    expect(parseEuros('12,50')).toEqual({ ok: true, cents: 1250 })
    expect(parseEuros('12.5')).toEqual({ ok: true, cents: 1250 })
    expect(parseEuros('12')).toEqual({ ok: true, cents: 1200 })
    expect(parseEuros('12,')).toEqual({ ok: true, cents: 1200 })
    expect(parseEuros(',5')).toEqual({ ok: true, cents: 50 })
    expect(parseEuros('0,07')).toEqual({ ok: true, cents: 7 })
    expect(parseEuros(' 1 234,56 € ')).toEqual({ ok: true, cents: 123456 })
    expect(parseEuros('0,29')).toEqual({ ok: true, cents: 29 })
    expect(parseEuros('19,99')).toEqual({ ok: true, cents: 1999 })
  })

  it('refuses what is not an amount, and says so in pt-PT', () => {
    for (const text of ['abc', '1,234', '1.2.3', '-5', '1e3', '12,5x']) {
      const parsed = parseEuros(text)
      expect(parsed, text).toEqual({ ok: false, reason: 'invalido' })
      expect(eurosError(parsed)).toBe('Valor inválido: escreva euros e cêntimos, por exemplo 12,50.')
    }
    expect(eurosError(parseEuros('  '))).toBe('Campo de preenchimento obrigatório')
    expect(parseEuros(centsToInput(MAX_CENTS))).toEqual({ ok: true, cents: MAX_CENTS })
    expect(parseEuros('1000000')).toEqual({ ok: false, reason: 'grande' })
    expect(eurosError(parseEuros('12,50'))).toBeUndefined()
  })

  it('writes cents back as the field shows them, and they read back the same', () => {
    expect(centsToInput(0)).toBe('0,00')
    expect(centsToInput(5)).toBe('0,05')
    expect(centsToInput(150)).toBe('1,50')
    expect(centsToInput(123456)).toBe('1234,56')
    for (const cents of [0, 1, 99, 100, 1999, 123456])
      expect(parseEuros(centsToInput(cents))).toEqual({ ok: true, cents })
  })
})
