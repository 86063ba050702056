import { describe, expect, it } from 'vitest'
import {
  descricaoDe,
  formatPercent,
  fraseExpiracao,
  movimentosDePremios,
  movimentosDeSaldo,
  pontosComSinal,
  pontosLabel,
  tipoDe,
} from './formatos.ts'

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

  it('says what a movement was, and the line under its shop', () => {
    const base = { motivo: null, valor_pago: 1250, saldo_removido: 0, pontos_ganhos: 12 }
    expect(descricaoDe({ ...base, tipo: 'compra' })).toBe('Compra · 12,50\u00a0€')
    expect(descricaoDe({ ...base, tipo: 'devolucao', valor_pago: -500 })).toBe('Devolução · 5,00\u00a0€')
    expect(descricaoDe({ ...base, tipo: 'ajuste', motivo: 'Oferta de boas-vindas' })).toBe('Oferta de boas-vindas')
    expect(descricaoDe({ ...base, tipo: 'ajuste' })).toBe('Ajuste')
    // An expiry (decision 0058): what it took, with no amount paid.
    expect(tipoDe({ tipo: 'expiracao' })).toBe('Expiração')
    const expiracao = { tipo: 'expiracao', motivo: null, valor_pago: 0 } as const
    expect(descricaoDe({ ...expiracao, saldo_removido: 100, pontos_ganhos: -30 })).toBe('Saldo e pontos expirados')
    expect(descricaoDe({ ...expiracao, saldo_removido: 100, pontos_ganhos: 0 })).toBe('Saldo expirado')
    expect(descricaoDe({ ...expiracao, saldo_removido: 0, pontos_ganhos: -1 })).toBe('Pontos expirados')
  })

  it('says what expires next and the last day, only the parts there are (decision 0058)', () => {
    expect(fraseExpiracao({ dia: '2026-12-31', saldo: 100, pontos: 30 })).toBe(
      'Expiram 1,00\u00a0€ de saldo e 30 pontos no fim do dia 31/12/2026.',
    )
    expect(fraseExpiracao({ dia: '2027-01-31', saldo: 250, pontos: 0 })).toBe(
      'Expiram 2,50\u00a0€ de saldo no fim do dia 31/01/2027.',
    )
    expect(fraseExpiracao({ dia: '2027-02-28', saldo: 0, pontos: 12 })).toBe(
      'Expiram 12 pontos no fim do dia 28/02/2027.',
    )
    // One alone is singular.
    expect(fraseExpiracao({ dia: '2027-02-28', saldo: 0, pontos: 1 })).toBe('Expira 1 ponto no fim do dia 28/02/2027.')
    expect(fraseExpiracao({ dia: '2027-02-28', saldo: 100, pontos: 0 })).toBe(
      'Expira 1,00\u00a0€ de saldo no fim do dia 28/02/2027.',
    )
    expect(fraseExpiracao({ dia: '2027-02-28', saldo: 100, pontos: 1 })).toBe(
      'Expiram 1,00\u00a0€ de saldo e 1 ponto no fim do dia 28/02/2027.',
    )
    // Nothing to expire, or a card kept by an older app.
    expect(fraseExpiracao(null)).toBeNull()
    expect(fraseExpiracao(undefined)).toBeNull()
    expect(fraseExpiracao({ dia: '2027-02-28', saldo: 0, pontos: 0 })).toBeNull()
  })
})
