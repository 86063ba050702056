/**
 * What the promotions in force add to a purchase (decision 0052), pure and in integer cents and points, on top of what
 * the rules give (ledger.ts `compra`):
 *
 * - points ×N: the largest multiplier in force, on the points the rules give (several do not multiply each other);
 * - bonus points on a product: per unit of the product bought, each such promotion adding its own;
 * - bonus points from a minimum spend: once what was paid reaches it, each adding its own;
 * - credit % raised: the largest percent in force above the rules', in place of theirs.
 *
 * Bonus points are not multiplied. A promotion that adds nothing to this purchase is not recorded on it.
 */

import type { ProdutoComprado } from '../../../shared/fidelizacao.ts'
import type { EfeitoPromocao } from '../../../shared/promocoes-textos.ts'

export interface PromocaoEmVigor {
  id: number
  nome: string
  efeito: EfeitoPromocao
  multiplicador: number
  pontos: number
  cod_produto: string | null
  gasto_minimo: number
  /** Percent, up to two decimals (5.5 is 5,5 %). */
  credito_percent: number
}

export interface GanhoPromocao {
  id: number
  nome: string
  pontos: number
  credito: number
}

export interface BaseDosGanhos {
  valorPago: number
  pontosBase: number
  creditoBase: number
  creditoPercent: number
  produtos: readonly ProdutoComprado[]
  /** The credit a payment earns at a percent (ledger.ts `creditoDe`). */
  creditoDe: (pago: number, percent: number) => number
}

/** The largest by `valor`, the oldest promotion on a tie (so the same purchase always names the same one). */
function maior(promocoes: PromocaoEmVigor[], valor: (p: PromocaoEmVigor) => number): PromocaoEmVigor | undefined {
  let melhor: PromocaoEmVigor | undefined
  for (const p of promocoes) {
    if (!melhor || valor(p) > valor(melhor) || (valor(p) === valor(melhor) && p.id < melhor.id)) melhor = p
  }
  return melhor
}

export function ganhosDasPromocoes(
  base: BaseDosGanhos,
  promocoes: readonly PromocaoEmVigor[],
): { pontos: number; credito: number; aplicadas: GanhoPromocao[] } {
  const ganhos = new Map<number, GanhoPromocao>()
  const juntar = (p: PromocaoEmVigor, pontos: number, credito: number) => {
    if (pontos <= 0 && credito <= 0) return
    const g = ganhos.get(p.id) ?? { id: p.id, nome: p.nome, pontos: 0, credito: 0 }
    ganhos.set(p.id, { ...g, pontos: g.pontos + pontos, credito: g.credito + credito })
  }

  const multiplicar = maior(
    promocoes.filter((p) => p.efeito === 'multiplicar_pontos' && p.multiplicador > 1),
    (p) => p.multiplicador,
  )
  if (multiplicar) juntar(multiplicar, base.pontosBase * (multiplicar.multiplicador - 1), 0)

  for (const p of promocoes) {
    if (p.efeito === 'pontos_produto' && p.cod_produto) {
      const unidades = base.produtos
        .filter((l) => l.cod_produto === p.cod_produto)
        .reduce((soma, l) => soma + l.quantidade, 0)
      juntar(p, p.pontos * unidades, 0)
    }
    if (p.efeito === 'pontos_gasto_minimo' && p.gasto_minimo > 0 && base.valorPago >= p.gasto_minimo) {
      juntar(p, p.pontos, 0)
    }
  }

  const credito = maior(
    promocoes.filter((p) => p.efeito === 'credito_percent' && p.credito_percent > base.creditoPercent),
    (p) => p.credito_percent,
  )
  if (credito) juntar(credito, 0, base.creditoDe(base.valorPago, credito.credito_percent) - base.creditoBase)

  const aplicadas = [...ganhos.values()].sort((a, b) => a.id - b.id)
  return {
    pontos: aplicadas.reduce((s, g) => s + g.pontos, 0),
    credito: aplicadas.reduce((s, g) => s + g.credito, 0),
    aplicadas,
  }
}
