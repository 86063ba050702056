import { describe, expect, it } from 'vitest'
import { indicativoEstrangeiro, NOTAS_CUSTO_CHAMADA, notaCustoChamada, tipoLinha } from './custo-chamada.ts'

describe('the call-cost note beside a phone number (DL 59/2021)', () => {
  it('says fixed network for the geographic numbers (2) and the nomadic ones (30), however written', () => {
    for (const numero of [
      '+351 213 000 862',
      '222000861',
      '00351 218 000 891',
      '+351291123456',
      '289-000-000',
      '300 500 400',
      // The country code without its `+`, as people also write it.
      '351 213 000 862',
      '351213000862',
    ]) {
      expect(tipoLinha(numero), numero).toBe('fixa')
      expect(notaCustoChamada(numero), numero).toBe('Chamada para a rede fixa nacional')
    }
  })

  it('says mobile network for 91, 92, 93 and 96', () => {
    for (const numero of [
      '912 345 678',
      '+351 921 000 000',
      '+351 93 000 0000',
      '(+351) 961 234 567',
      '351 912 345 678',
    ]) {
      expect(tipoLinha(numero), numero).toBe('movel')
      expect(notaCustoChamada(numero), numero).toBe('Chamada para a rede móvel nacional')
    }
  })

  it('says free for 800', () => {
    expect(notaCustoChamada('800 200 300')).toBe('Chamada gratuita')
    expect(notaCustoChamada('+351 800 200 300')).toBe('Chamada gratuita')
  })

  it('has no note for the lines whose price the line sets (707, 708, 76x, 808, 809, 6xx): the back-office refuses them', () => {
    for (const numero of [
      '707 200 300',
      '708 100 200',
      '760 100 200',
      '762 100 200',
      '808 200 300',
      '809 100 100',
      '601 000 000',
    ]) {
      expect(tipoLinha(numero), numero).toBe('tarifa-especial')
      expect(notaCustoChamada(numero), numero).toBeNull()
    }
  })

  it('calls another country’s valid number international, never a mistyped one, and knows nothing of what is not a number', () => {
    expect(tipoLinha('+34 915 000 000')).toBe('internacional')
    expect(notaCustoChamada('+34 915 000 000')).toBe(NOTAS_CUSTO_CHAMADA.internacional)
    for (const numero of [
      // 213 000 862 with a stray `+`: Algeria's code and too short for its plan.
      '+213000862',
      '123456',
      '21300086',
      '2130008620',
      '950 000 000',
      '112',
      '',
      'telefone',
      'ligue 213 000 862',
      '+351 98 000 0000',
    ]) {
      expect(tipoLinha(numero), numero).toBe('desconhecida')
      expect(notaCustoChamada(numero), numero).toBeNull()
    }
  })

  it('tells a number written with another country’s code from a national one', () => {
    for (const numero of ['+213000862', '+34 915 000 000', '0034 915 000 000']) {
      expect(indicativoEstrangeiro(numero), numero).toBe(true)
    }
    for (const numero of ['+351 213 000 862', '00351 213 000 862', '351 213 000 862', '213 000 862']) {
      expect(indicativoEstrangeiro(numero), numero).toBe(false)
    }
  })
})
