import type { Catalogo, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import type { LinhaParaRepetir, ParaRepetir } from '../../../shared/pedido.ts'
import type { LinhaLocal } from './carrinho.ts'
import { nomesEscolhidos, podeAdicionar, precoUnitario, temMeiaDose } from './regras.ts'

/** Why a line of a past order cannot be ordered again, as the cart names it. */
export const motivosRepetir = {
  semProduto: 'já não está no menu',
  esgotado: 'esgotado hoje',
  opcoes: 'as opções mudaram',
  meiaDose: 'já não há meia dose',
  maiores: 'só para maiores de 18 anos',
}

export interface Repeticao {
  /** The lines found in the store's current menu, at its current prices. */
  linhas: LinhaLocal[]
  /** The lines left out, each with its reason. */
  fora: { produto: string; motivo: string }[]
}

/** Codes of the product's `lista` chosen by code, or by name for an order that kept none; null: one is gone. */
function escolhidos(
  lista: { id: string; nome: string }[],
  codigos: string[],
  nomes: string[],
  porCodigo: boolean,
): string[] | null {
  // By name, only a name that is one entry's: 'Sem açúcar' in two groups is not a choice that can be guessed.
  const porNome = (n: string) => {
    const com = lista.filter((x) => x.nome === n)
    return com.length === 1 ? com[0]?.id : undefined
  }
  const achados = porCodigo ? codigos.map((c) => lista.find((x) => x.id === c)?.id) : nomes.map(porNome)
  return achados.every((a) => a !== undefined) ? (achados as string[]) : null
}

function repetirLinha(
  produtos: ProdutoCatalogo[],
  l: LinhaParaRepetir,
  maior: boolean,
): { linha: LinhaLocal } | { motivo: string } {
  const porCodigo = l.id !== null
  const comONome = produtos.filter((x) => x.nome === l.produto)
  const p = porCodigo ? produtos.find((x) => x.id === l.id) : comONome.length === 1 ? comONome[0] : undefined
  if (!p) return { motivo: motivosRepetir.semProduto }
  if (p.esgotado) return { motivo: motivosRepetir.esgotado }
  // As the product page: sold to adults only, not to a customer under 18 or without a birth date (decision 0037).
  if (p.apenas_maiores && !maior) return { motivo: motivosRepetir.maiores }
  if (l.porcao === 'meia' && !temMeiaDose(p)) return { motivo: motivosRepetir.meiaDose }
  const complementares = escolhidos(p.complementares, l.complementares, l.nomes_complementos, porCodigo)
  const opcoes = escolhidos(p.opcoes, l.opcoes, l.nomes_opcoes, porCodigo)
  if (!complementares || !opcoes || !podeAdicionar(p, complementares, opcoes, l.qtd, l.porcao)) {
    return { motivo: motivosRepetir.opcoes }
  }
  return {
    linha: {
      id: p.id,
      qtd: l.qtd,
      complementares,
      opcoes,
      nome: p.nome,
      unitario: precoUnitario(p, 0, complementares, l.porcao),
      unitarioNaLoja: precoUnitario(p, 1, complementares, l.porcao),
      detalhes: nomesEscolhidos(p, complementares, opcoes),
      ...(l.porcao === 'meia' ? { porcao: 'meia' as const, rotuloPorcao: p.rotulo_meia } : {}),
      ...(l.observacoes ? { observacoes: l.observacoes } : {}),
    },
  }
}

/**
 * 'Repetir': a past order's lines found in the store's current menu (by their codes, or by their names for an order
 * that kept none, when the name is one product's) at today's prices; each line that can no longer be ordered as it
 * was (gone, sold out, its extras or options changed or no longer meeting the product's rules, no half portion, sold
 * to adults only) is left out and named. The server prices
 * the cart again at checkout, as any cart.
 */
export function repetirNoCatalogo(
  catalogo: Catalogo,
  pedido: ParaRepetir,
  /** The customer is 18 or older by their account's birth date (shared/maioridade.ts). */
  maior: boolean,
): Repeticao {
  const produtos = catalogo.categorias.flatMap((c) => c.produtos)
  const linhas: LinhaLocal[] = []
  const fora: Repeticao['fora'] = []
  for (const l of pedido.linhas) {
    const r = repetirLinha(produtos, l, maior)
    if ('linha' in r) linhas.push(r.linha)
    else fora.push({ produto: l.produto, motivo: r.motivo })
  }
  return { linhas, fora }
}

/** What the cart page is told of a repeated order (its `location.state`): the lines left out, in words. */
export interface EstadoRepetido {
  avisoRepetir: string | null
}

/** What the cart says of the lines left out: 'Não foi possível repetir: Tosta mista (já não está no menu).' */
export const avisoRepetir = (fora: Repeticao['fora']): string | null =>
  fora.length === 0 ? null : `Não foi possível repetir: ${fora.map((f) => `${f.produto} (${f.motivo})`).join(', ')}.`
