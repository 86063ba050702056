import { describe, expect, it } from 'vitest'
import { formatMoney } from './format.ts'
import { descricaoEfeito, descricaoJanela, type PromocaoTexto } from './promocoes-textos.ts'

const base: PromocaoTexto = {
  efeito: 'multiplicar_pontos',
  multiplicador: 2,
  pontos: 0,
  cod_produto: null,
  gasto_minimo: 0,
  credito_percent: 0,
  inicio: '2026-11-08',
  fim: '2026-12-27',
  dias_semana: [7],
  hora_inicio: null,
  hora_fim: null,
}

describe('what a promotion says, in pt-PT', () => {
  it('says when: the weekdays with their articles, the hours, the dates; one day by its date', () => {
    expect(descricaoJanela(base)).toBe('Aos domingos, de 08/11/2026 a 27/12/2026')
    expect(descricaoJanela({ ...base, dias_semana: [1, 3, 7] })).toBe(
      'Às segundas, quartas e aos domingos, de 08/11/2026 a 27/12/2026',
    )
    expect(descricaoJanela({ ...base, dias_semana: [1, 2, 3, 4, 5] })).toBe(
      'De segunda a sexta, de 08/11/2026 a 27/12/2026',
    )
    expect(descricaoJanela({ ...base, dias_semana: [6, 7] })).toBe('Aos fins de semana, de 08/11/2026 a 27/12/2026')
    expect(
      descricaoJanela({ ...base, dias_semana: [1, 2, 3, 4, 5, 6, 7], hora_inicio: '12:00', hora_fim: '15:00' }),
    ).toBe('Todos os dias, das 12:00 às 15:00, de 08/11/2026 a 27/12/2026')
    expect(descricaoJanela({ ...base, fim: '2026-11-08', hora_inicio: '12:00', hora_fim: '24:00' })).toBe(
      'No dia 08/11/2026, das 12:00 às 24:00',
    )
  })

  it('says what it gives, naming no POS code to the customer', () => {
    expect(descricaoEfeito(base)).toBe('Pontos a dobrar')
    expect(descricaoEfeito({ ...base, multiplicador: 3 })).toBe('Pontos a triplicar')
    expect(descricaoEfeito({ ...base, multiplicador: 5 })).toBe('Pontos × 5')
    const bica = { ...base, efeito: 'pontos_produto' as const, pontos: 1, cod_produto: '1001' }
    expect(descricaoEfeito(bica)).toBe('1 ponto extra por cada produto 1001')
    expect(descricaoEfeito({ ...bica, produto: null })).toBe('1 ponto extra por cada unidade do produto em promoção')
    expect(descricaoEfeito({ ...base, efeito: 'pontos_gasto_minimo', pontos: 50, gasto_minimo: 2000 })).toBe(
      `50 pontos extra em compras a partir de ${formatMoney(2000)}`,
    )
    expect(descricaoEfeito({ ...base, efeito: 'credito_percent', credito_percent: 7.5 })).toBe(
      '7,5 % do valor pago em saldo',
    )
  })
})
