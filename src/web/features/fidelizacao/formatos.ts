import { montantesNaFrase, tituloExpirados } from '../../../shared/expiracao-textos.ts'
import type { FidelizacaoDados, Transacao } from '../../../shared/fidelizacao.ts'
import { formatDia, formatMoney, pontosLabel } from '../../../shared/format.ts'

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

const TIPOS: Record<Transacao['tipo'], string> = {
  compra: 'Compra',
  devolucao: 'Devolução',
  ajuste: 'Ajuste',
  expiracao: 'Expiração',
}

/** What the movement was: a purchase, a refund, an adjustment, or credit and points that expired (decision 0058). */
export const tipoDe = (t: Pick<Transacao, 'tipo'>) => TIPOS[t.tipo]

/**
 * The line under a movement's shop: a purchase or refund with its amount ('Compra · 12,50 €'), an adjustment's reason,
 * and what an expiry took ('Saldo e pontos expirados').
 */
export function descricaoDe(
  t: Pick<Transacao, 'tipo' | 'motivo' | 'valor_pago' | 'saldo_removido' | 'pontos_ganhos'>,
): string {
  if (t.tipo === 'ajuste') return t.motivo ?? tipoDe(t)
  if (t.tipo === 'expiracao') return tituloExpirados({ saldo: t.saldo_removido, pontos: -t.pontos_ganhos })
  return `${tipoDe(t)} · ${formatMoney(Math.abs(t.valor_pago))}`
}

/**
 * What the card says will expire next (decision 0058), only the parts there are: 'Expiram 1,00 € de saldo e 30 pontos
 * no fim do dia 31/12/2026.'; null when nothing does. One point alone, or one euro alone, takes the singular.
 */
export function fraseExpiracao(e: FidelizacaoDados['expiracao'] | undefined): string | null {
  if (!e) return null
  if (e.saldo <= 0 && e.pontos <= 0) return null
  const singular = e.saldo > 0 !== e.pontos > 0 && (e.saldo === 100 || (e.saldo === 0 && e.pontos === 1))
  return `${singular ? 'Expira' : 'Expiram'} ${montantesNaFrase(e)} no fim do dia ${formatDia(e.dia)}.`
}

/** A percent as pt-PT writes it: `5%`, `2,5%`. */
export const formatPercent = (n: number) => `${String(n).replace('.', ',')}%`
