import { describe, expect, it } from 'vitest'
import {
  AlterarPasswordSchema,
  AlterarTelemovelSchema,
  dadosPessoaisSchema,
  ResetSchema,
  SignupSchema,
} from './conta.ts'
import { ageOn, isValidIsoDate, isValidNif } from './validacao.ts'

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('account form rules', () => {
  it('refuses a value that is not an object at all without reading its fields (no exception)', () => {
    const schemas = [
      SignupSchema,
      ResetSchema,
      AlterarPasswordSchema,
      AlterarTelemovelSchema,
      dadosPessoaisSchema({ idadeMinima: 16, comPassword: true, comAceitacao: true, hoje: '2026-11-22' }),
    ]
    for (const schema of schemas) {
      for (const value of [null, undefined, [], 'x', 42, true]) {
        const result = schema.safeParse(value)
        expect(result.success).toBe(false)
      }
    }
  })

  it('shows an invalid mobile number at once, even while the terms box is unticked', () => {
    expect(messages(SignupSchema.safeParse({ telemovel: '213000000', pais: '351', termos: false }))).toEqual({
      telemovel: 'Telemóvel inválido',
      termos: 'Campo de preenchimento obrigatório',
    })
  })

  it('compares both numbers and both countries on phone change', () => {
    const base = { telemovel: '912345678', pais: '351', confirmacaoTelemovel: '912345678' }
    expect(messages(AlterarTelemovelSchema.safeParse({ ...base, confirmacaoPais: '34' }))).toEqual({
      confirmacaoTelemovel: 'O valor deve ser igual ao do campo Telemóvel',
    })
    expect(AlterarTelemovelSchema.safeParse({ ...base, confirmacaoPais: '351' }).success).toBe(true)
  })

  it('asks for the password in the personal data form only for temporary accounts', () => {
    const dados = { nome: 'Ana', email: 'ana@exemplo.pt', dataNascimento: '1990-01-01' }
    const hoje = '2026-11-22'
    const rules = { idadeMinima: 16, comAceitacao: false, hoje }
    expect(dadosPessoaisSchema({ ...rules, comPassword: false }).safeParse(dados).success).toBe(true)
    expect(messages(dadosPessoaisSchema({ ...rules, comPassword: true }).safeParse(dados))).toEqual({
      password: 'Campo de preenchimento obrigatório',
      confirmacaoPassword: 'Campo de preenchimento obrigatório',
    })
  })

  it('asks for the active acceptance of terms and privacy only on the first completion', () => {
    const dados = { nome: 'Ana', email: 'ana@exemplo.pt', dataNascimento: '1990-01-01' }
    const primeira = dadosPessoaisSchema({
      idadeMinima: 16,
      comPassword: false,
      comAceitacao: true,
      hoje: '2026-11-22',
    })
    expect(messages(primeira.safeParse(dados))).toEqual({ aceitacao: 'Campo de preenchimento obrigatório' })
    expect(messages(primeira.safeParse({ ...dados, aceitacao: false }))).toEqual({
      aceitacao: 'Campo de preenchimento obrigatório',
    })
    expect(primeira.safeParse({ ...dados, aceitacao: true }).success).toBe(true)
  })
})

describe('validation helpers', () => {
  it('checks Portuguese NIF check digits', () => {
    expect(isValidNif('123456789')).toBe(true)
    expect(isValidNif('123456780')).toBe(false)
    expect(isValidNif('12345678')).toBe(false)
  })

  it('accepts only real calendar dates', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true)
    expect(isValidIsoDate('2026-02-29')).toBe(false)
    expect(isValidIsoDate('29/02/2024')).toBe(false)
  })

  it('counts whole years, the birthday included', () => {
    expect(ageOn('2010-11-22', '2026-11-22')).toBe(16)
    expect(ageOn('2010-11-23', '2026-11-22')).toBe(15)
  })
})

describe('messages nobody wrote', () => {
  it('are pt-PT, never zod defaults', async () => {
    const { z } = await import('zod')
    const schema = z.object({ n: z.number(), s: z.string().min(3).max(5), e: z.enum(['a', 'b']) }).strict()
    const result = schema.safeParse({ s: 'x', e: 'c', extra: 1 })
    expect(messages(result)).toEqual({
      n: 'Campo de preenchimento obrigatório',
      s: 'Tamanho mínimo: 3 caracteres',
      e: 'Valor inválido',
      '': 'Campo não permitido: extra',
    })
    expect(messages(z.object({ n: z.number() }).safeParse({ n: 'x' }))).toEqual({ n: 'Valor inválido' })
  })
})
