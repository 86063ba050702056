import { describe, expect, it } from 'vitest'
import { formatPercent, movimentosDePremios, movimentosDeSaldo, pontosComSinal, pontosLabel } from './formatos.ts'

describe('loyalty display rules (spec §2 "Transactions")', () => {
  it('says ponto for one point and pontos otherwise', () => {
    expect(pontosLabel(1)).toBe('1 ponto')
    expect(pontosLabel(-1)).toBe('1 ponto')
    expect(pontosLabel(0)).toBe('0 pontos')
    expect(pontosLabel(20)).toBe('20 pontos')
    expect(pontosComSinal(1)).toBe('+1 ponto')
    expect(pontosComSinal(-10)).toBe('-10 pontos')
    expect(pontosComSinal(0)).toBe('0 pontos')
  })

  it("writes balance added with '+', removed with '-', absolute, 2 decimals and €", () => {
    expect(movimentosDeSaldo({ saldo_adicionado: 100, saldo_removido: 0 })).toEqual([
      { campo: 'saldo_adicionado', sinal: '+', texto: '+1,00\u00a0€' },
    ])
    expect(movimentosDeSaldo({ saldo_adicionado: 8, saldo_removido: 150 })).toEqual([
      { campo: 'saldo_adicionado', sinal: '+', texto: '+0,08\u00a0€' },
      { campo: 'saldo_removido', sinal: '-', texto: '-1,50\u00a0€' },
    ])
    expect(movimentosDeSaldo({ saldo_adicionado: 0, saldo_removido: 0 })).toEqual([])
  })

  it('writes rewards added and redeemed', () => {
    expect(movimentosDePremios({ itens_adicionados: 1, itens_redimidos: 0 })).toEqual([
      { campo: 'itens_adicionados', sinal: '+', texto: '+1 prémio' },
    ])
    expect(movimentosDePremios({ itens_adicionados: -2, itens_redimidos: 1 })).toEqual([
      { campo: 'itens_adicionados', sinal: '-', texto: '-2 prémios' },
      { campo: 'itens_redimidos', sinal: '-', texto: '-1 prémio' },
    ])
  })

  it('formats percents as pt-PT', () => {
    expect(formatPercent(5)).toBe('5%')
    expect(formatPercent(2.5)).toBe('2,5%')
  })
})
