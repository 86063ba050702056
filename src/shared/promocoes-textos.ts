import { enumerar } from './enumerar.ts'
import { formatDia, formatMoney } from './format.ts'

/**
 * What a promotion does and when, in the words the back-office and the app show (zod-free: the app's campaign screen
 * reads it without the schemas).
 */

export type EfeitoPromocao = 'multiplicar_pontos' | 'pontos_produto' | 'pontos_gasto_minimo' | 'credito_percent'
export type AmbitoPromocao = 'todas' | 'restaurante' | 'loja'

export const EFEITO_NOME: Record<EfeitoPromocao, string> = {
  multiplicar_pontos: 'Pontos a multiplicar',
  pontos_produto: 'Pontos extra num produto',
  pontos_gasto_minimo: 'Pontos extra a partir de um valor',
  credito_percent: 'Mais saldo por compra',
}

/** ISO weekdays, `1` Monday … `7` Sunday. */
export const DIAS_SEMANA = ['segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo'] as const
const DIAS_PLURAL = ['segundas', 'terças', 'quartas', 'quintas', 'sextas', 'sábados', 'domingos'] as const

const ponto = (n: number) => `${n} ${n === 1 ? 'ponto' : 'pontos'}`

export interface PromocaoTexto {
  efeito: EfeitoPromocao
  multiplicador: number
  pontos: number
  cod_produto: string | null
  /**
   * How the product is named: unsaid, by its POS code (the back-office); null, not at all (the customer, who is not
   * shown codes).
   */
  produto?: string | null | undefined
  gasto_minimo: number
  credito_percent: number
  inicio: string
  fim: string
  dias_semana: number[]
  hora_inicio: string | null
  hora_fim: string | null
}

/** 'Pontos a dobrar', '50 pontos extra por cada Bica', '5 pontos extra em compras a partir de 20,00 €', '10 % de saldo'. */
export function descricaoEfeito(p: PromocaoTexto): string {
  switch (p.efeito) {
    case 'multiplicar_pontos':
      return p.multiplicador === 2
        ? 'Pontos a dobrar'
        : p.multiplicador === 3
          ? 'Pontos a triplicar'
          : `Pontos × ${p.multiplicador}`
    case 'pontos_produto':
      return `${ponto(p.pontos)} extra por cada ${p.produto === undefined ? `produto ${p.cod_produto ?? ''}`.trim() : (p.produto ?? 'unidade do produto em promoção')}`
    case 'pontos_gasto_minimo':
      return `${ponto(p.pontos)} extra em compras a partir de ${formatMoney(p.gasto_minimo)}`
    case 'credito_percent':
      return `${String(p.credito_percent).replace('.', ',')} % do valor pago em saldo`
  }
}

/**
 * 'Aos domingos, das 12:00 às 15:00, de 08/11/2026 a 27/12/2026'; every day: 'Todos os dias, …'; one day: 'No dia
 * 22/11/2026, das 12:00 às 15:00' (its weekday is the date's). Each weekday takes its article where it changes: 'Às
 * segundas, quartas e aos domingos'.
 */
export function descricaoJanela(p: PromocaoTexto): string {
  const horas = p.hora_inicio && p.hora_fim ? `, das ${p.hora_inicio} às ${p.hora_fim}` : ''
  if (p.inicio === p.fim) return `No dia ${formatDia(p.inicio)}${horas}`
  const dias = [...new Set(p.dias_semana)].sort()
  const artigo = (d: number) => (d >= 6 ? 'aos' : 'às')
  const quando =
    dias.length === 7
      ? 'Todos os dias'
      : dias.join('') === '12345'
        ? 'De segunda a sexta'
        : dias.join('') === '67'
          ? 'Aos fins de semana'
          : enumerar(
              dias.map((d, i) => {
                const nome = DIAS_PLURAL[d - 1] ?? ''
                const prev = dias[i - 1]
                return prev !== undefined && artigo(prev) === artigo(d) ? nome : `${artigo(d)} ${nome}`
              }),
            ).replace(/^./, (c) => c.toUpperCase())
  return `${quando}${horas}, de ${formatDia(p.inicio)} a ${formatDia(p.fim)}`
}
