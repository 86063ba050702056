import { describe, expect, it } from 'vitest'
import { AjusteFormSchema, AjusteSchema, centimosDe, mascararTelemovel } from './admin-pessoas.ts'

describe('people in the back-office: what staff see and type', () => {
  it('masks a phone but its first national digit and its last two', () => {
    expect(mascararTelemovel('351', '912345612')).toBe('+351 9•• ••• •12')
    expect(mascararTelemovel('34', '612 34 56 78')).toBe('+34 6•• ••• •78')
    expect(mascararTelemovel('351', '')).toBe('—')
    for (const n of ['912345612', '612345678'])
      expect(mascararTelemovel('351', n).slice(5)).not.toMatch(/\d{2}.*\d.*\d/)
  })

  it('reads euros as typed into cents, with their sign', () => {
    expect(centimosDe('2,50')).toBe(250)
    expect(centimosDe('-2,5')).toBe(-250)
    expect(centimosDe('10')).toBe(1000)
    expect(centimosDe('0.07')).toBe(7)
    expect(centimosDe('')).toBe(0)
  })

  it('asks for a reason and a value that is not 0, in pt-PT', () => {
    const semNada = AjusteFormSchema.safeParse({ euros: '', pontos: '', motivo: '' })
    expect(semNada.success).toBe(false)
    expect(semNada.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Campo de preenchimento obrigatório',
        'Indique um valor de saldo ou de pontos diferente de 0',
      ]),
    )
    expect(AjusteFormSchema.safeParse({ euros: '2,505', pontos: '', motivo: 'x' }).success).toBe(false)
    expect(AjusteFormSchema.safeParse({ euros: '', pontos: '-5', motivo: 'Correção' }).success).toBe(true)
    const chave = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff'
    expect(AjusteSchema.safeParse({ saldo: 250, pontos: 0, motivo: 'Oferta', chave }).success).toBe(true)
    expect(AjusteSchema.safeParse({ saldo: 2.5, pontos: 0, motivo: 'Oferta', chave }).success).toBe(false)
    expect(AjusteSchema.safeParse({ saldo: 250, pontos: 0, motivo: 'Oferta', chave: 'curta' }).success).toBe(false)
  })
})
