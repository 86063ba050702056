import { enumerar } from '../../../shared/enumerar.ts'
import type { PromocaoAplicada } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { LojaNome } from '../../../shared/restaurantes.ts'
import { escapeHtml } from '../../platform/html.ts'
import type { Movimento } from './repository.ts'

const premios = (n: number) => `${n} ${n === 1 ? 'prémio' : 'prémios'}`
/** A purchase's reward named with none counted is the birthday's (decision 0053). */
const usouAniversario = (m: Movimento) => m.premio_nome !== null && m.itens_redimidos === 0
const lista = (partes: string[]) => partes.filter(Boolean).join(' e ')

/** 'Promoção Dobro de pontos: mais 20 pontos.' (with the credit too when a promotion raised it). */
export function frasePromocoes(promocoes: readonly PromocaoAplicada[]): string {
  if (promocoes.length === 0) return ''
  const pontos = promocoes.reduce((s, p) => s + p.pontos, 0)
  const credito = promocoes.reduce((s, p) => s + p.credito, 0)
  const mais = [
    pontos > 0 ? `${pontos} ${pontos === 1 ? 'ponto' : 'pontos'}` : '',
    credito > 0 ? `${formatMoney(credito)} de saldo` : '',
  ].filter(Boolean)
  const nomes = enumerar(promocoes.map((p) => escapeHtml(p.nome)))
  return `${promocoes.length === 1 ? 'Promoção' : 'Promoções'} ${nomes}: mais ${enumerar(mais)}.`
}

/**
 * What a till purchase tells the customer (in the app, and by push where they allowed it): every spend of balance or
 * rewards, so that a spend they did not make cannot go unnoticed; otherwise the credit it earned. Nothing for a
 * purchase that neither spent nor earned.
 */
export function avisoDaCompra(
  m: Movimento,
  total: number,
  loja: LojaNome | undefined,
  promocoes: readonly PromocaoAplicada[] = [],
): { titulo: string; texto: string; ligacao: string } | null {
  const onde = loja ? ` em ${escapeHtml(loja.nome)}` : ''
  const na = loja?.restaurante ?? 'loja'
  const promocao = promocoes.length > 0 ? ` ${frasePromocoes(promocoes)}` : ''
  const ganhou = `${m.saldo_adicionado > 0 ? ` Ganhou ${formatMoney(m.saldo_adicionado)} de saldo.` : ''}${promocao}`
  const aniversario = usouAniversario(m)
  if (m.saldo_removido > 0 || m.itens_redimidos > 0 || aniversario) {
    const usou = [
      m.saldo_removido > 0 ? `${formatMoney(m.saldo_removido)} de saldo` : '',
      m.itens_redimidos > 0 ? `${premios(m.itens_redimidos)}${m.premio_nome ? ` (${m.premio_nome})` : ''}` : '',
      aniversario ? `o prémio de aniversário (${m.premio_nome})` : '',
    ]
      .filter(Boolean)
      .join(' e ')
    return {
      titulo: `Usou ${usou} na ${na}`,
      texto: `<p>Na sua compra de ${formatMoney(total)}${onde}.${ganhou} Se não foi o próprio, contacte-nos: pode ser uso indevido da sua conta.</p>`,
      ligacao: '/fidelizacao/transacoes',
    }
  }
  if (m.saldo_adicionado > 0) {
    return {
      titulo: `Ganhou ${formatMoney(m.saldo_adicionado)} de saldo na ${na}`,
      texto: `<p>Na sua compra de ${formatMoney(total)}${onde}.${promocao} Use o saldo na próxima compra, na loja ou numa encomenda.</p>`,
      ligacao: '/fidelizacao/transacoes',
    }
  }
  if (promocoes.length > 0) {
    return {
      titulo: `Ganhou ${m.pontos_ganhos} ${m.pontos_ganhos === 1 ? 'ponto' : 'pontos'} na ${na}`,
      texto: `<p>Na sua compra de ${formatMoney(total)}${onde}.${promocao}</p>`,
      ligacao: '/fidelizacao/transacoes',
    }
  }
  return null
}

/**
 * What a till refund tells the customer, as a purchase does: the credit and points that purchase had earned, taken
 * back, and the balance (and rewards) it had used, given back (`aniversario`: the birthday reward, by a refund that
 * completes the purchase's); nothing when the refund moved none of them.
 */
export function avisoDaDevolucao(
  m: Movimento,
  original: Movimento,
  loja: LojaNome | undefined,
  aniversario = false,
): { titulo: string; texto: string; ligacao: string } | null {
  const onde = loja ? ` em ${escapeHtml(loja.nome)}` : ''
  const na = loja?.restaurante ?? 'loja'
  // On a refund the taken-back amounts are written negative (ledger.ts).
  const retirado = lista([
    m.saldo_removido > 0 ? `${formatMoney(m.saldo_removido)} de saldo` : '',
    m.pontos_ganhos < 0 ? `${-m.pontos_ganhos} ${m.pontos_ganhos === -1 ? 'ponto' : 'pontos'}` : '',
  ])
  const devolvido = lista([
    m.saldo_adicionado > 0 ? `${formatMoney(m.saldo_adicionado)} de saldo` : '',
    m.itens_redimidos < 0 ? premios(-m.itens_redimidos) : '',
    aniversario ? 'o prémio de aniversário' : '',
  ])
  const revertidos = -m.itens_adicionados
  if (!retirado && !devolvido && revertidos <= 0) return null
  const frases = [
    m.valor_devolvido > 0
      ? `Devolução de ${formatMoney(m.valor_devolvido)} da sua compra de ${formatMoney(original.subtotal)}${onde}.`
      : `Devolução da sua compra de ${formatMoney(original.subtotal)}${onde}, paga com ${original.itens_redimidos > 0 || usouAniversario(original) ? 'prémio' : 'saldo'}.`,
    retirado ? `Retirámos ${retirado} que essa compra lhe tinha dado.` : '',
    devolvido ? `Devolvemos-lhe ${devolvido} que tinha usado nela.` : '',
    revertidos > 0
      ? `${revertidos === 1 ? 'Um prémio ganho' : `${revertidos} prémios ganhos`} com essa compra ${revertidos === 1 ? 'voltou' : 'voltaram'} a pontos.`
      : '',
  ]
  return {
    titulo:
      m.valor_devolvido > 0
        ? `Devolução de ${formatMoney(m.valor_devolvido)} na ${na}`
        : `Devolução de uma compra na ${na}`,
    texto: `<p>${frases.filter(Boolean).join(' ')}</p>`,
    ligacao: '/fidelizacao/transacoes',
  }
}
