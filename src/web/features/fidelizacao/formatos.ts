import type { Transacao } from '../../../shared/fidelizacao.ts'
import { formatMoney, pontosLabel } from '../../../shared/format.ts'

/**
 * How the loyalty screens write what they show (spec §2 "Transactions"): amounts as absolute values with 2 decimals and
 * €, '+' for balance added and '-' for balance removed, 'ponto' for one point and 'pontos' otherwise.
 */

export { pontosLabel } from '../../../shared/format.ts'

/** Points earned with their sign: `+20 pontos`, `-10 pontos` (a refund takes them back), `0 pontos`. */
export const pontosComSinal = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${pontosLabel(n)}`

/** `1 prémio`, `2 prémios`. */
export const premiosLabel = (n: number) => `${Math.abs(n)} ${Math.abs(n) === 1 ? 'prémio' : 'prémios'}`

export interface Movimento {
  /** Which amount of the transaction it is (a React key). */
  campo: 'saldo_adicionado' | 'saldo_removido' | 'itens_adicionados' | 'itens_redimidos'
  sinal: '+' | '-'
  texto: string
}

/** The balance lines of a transaction: what it added ('+') and what it removed ('-'), absolute values. */
export function movimentosDeSaldo(t: Pick<Transacao, 'saldo_adicionado' | 'saldo_removido'>): Movimento[] {
  const linhas: Movimento[] = []
  if (t.saldo_adicionado > 0)
    linhas.push({ campo: 'saldo_adicionado', sinal: '+', texto: `+${formatMoney(t.saldo_adicionado)}` })
  if (t.saldo_removido > 0)
    linhas.push({ campo: 'saldo_removido', sinal: '-', texto: `-${formatMoney(t.saldo_removido)}` })
  return linhas
}

/** The rewards lines of a transaction: added ('+') and redeemed ('-'). */
export function movimentosDePremios(t: Pick<Transacao, 'itens_adicionados' | 'itens_redimidos'>): Movimento[] {
  const linhas: Movimento[] = []
  if (t.itens_adicionados !== 0) {
    const sinal = t.itens_adicionados > 0 ? '+' : '-'
    linhas.push({ campo: 'itens_adicionados', sinal, texto: `${sinal}${premiosLabel(t.itens_adicionados)}` })
  }
  if (t.itens_redimidos !== 0) {
    // Redeemed rewards leave the account; a full refund gives them back (negative redeemed).
    const sinal = t.itens_redimidos > 0 ? '-' : '+'
    linhas.push({ campo: 'itens_redimidos', sinal, texto: `${sinal}${premiosLabel(t.itens_redimidos)}` })
  }
  return linhas
}

/** What the movement was: a purchase or a refund, and the amount of it. */
export const tipoDe = (t: Pick<Transacao, 'tipo'>) =>
  t.tipo === 'devolucao' ? 'Devolução' : t.tipo === 'ajuste' ? 'Ajuste' : 'Compra'

/** A percent as pt-PT writes it: `5%`, `2,5%`. */
export const formatPercent = (n: number) => `${String(n).replace('.', ',')}%`
