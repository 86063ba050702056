import { describe, expect, it } from 'vitest'
import {
  escreverPeriodos,
  HorarioEncomendasSchema,
  LojaEdicaoSchema,
  lerPeriodos,
  restaurantesMensagens,
} from './admin-restaurantes.ts'

describe('a store’s hours of ordering as the form writes them', () => {
  it('reads a day’s periods, an empty day as closed, and refuses what is not HH:MM-HH:MM', () => {
    expect(lerPeriodos('12:00-15:00, 19:00 - 24:00')).toEqual([
      ['12:00', '15:00'],
      ['19:00', '24:00'],
    ])
    expect(lerPeriodos('  ')).toEqual([])
    for (const mau of ['12-15', '12:00', '25:00-26:00', '12:00-15:00,', '12:00-15:00-16:00']) {
      expect(lerPeriodos(mau), mau).toBeNull()
    }
  })

  it('writes them back as it reads them, in the stored JSON format', () => {
    const semana = ['12:00-15:00, 19:00-23:00', '', '00:00-24:00', '', '', '', '']
    const horario = semana.map((d) => lerPeriodos(d) ?? [])
    expect(HorarioEncomendasSchema.safeParse(horario).success).toBe(true)
    expect(horario.map(escreverPeriodos)).toEqual(semana)
    expect(HorarioEncomendasSchema.safeParse(horario.slice(1)).success).toBe(false)
  })

  it('keeps only https links', () => {
    const base = LojaEdicaoSchema.shape.site_link
    expect(base.safeParse('https://exemplo.pt').success).toBe(true)
    for (const mau of ['http://exemplo.pt', 'javascript:alert(1)', 'data:text/html,x']) {
      expect(base.safeParse(mau).success, mau).toBe(false)
    }
    expect(base.parse('')).toBeNull()
  })

  it('keeps only phone numbers whose call cost can be told beside them (DL 59/2021)', () => {
    const phone = LojaEdicaoSchema.shape.phone
    for (const bom of ['+351 213 000 862', '351 213 000 862', '00351 213 000 862', '912 345 678', '800 200 300']) {
      expect(phone.safeParse(bom).success, bom).toBe(true)
    }
    expect(phone.parse('')).toBeNull()
    const erro = (v: string) => phone.safeParse(v).error?.issues.map((i) => i.message)
    expect(erro('707 200 300')).toEqual([restaurantesMensagens.telefoneCusto])
    expect(erro('123456')).toEqual([restaurantesMensagens.telefoneCusto])
    expect(erro('21 abc')).toEqual([restaurantesMensagens.telefone])
  })

  it('refuses another country’s number for a store, and a mistyped + with it, asking for a Portuguese one', () => {
    const phone = LojaEdicaoSchema.shape.phone
    const erro = (v: string) => phone.safeParse(v).error?.issues.map((i) => i.message)
    for (const v of ['+213000862', '+34 915 000 000', '0034 915 000 000']) {
      expect(erro(v), v).toEqual([restaurantesMensagens.telefoneNacional])
    }
  })
})
