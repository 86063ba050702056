import type { z } from 'zod'
import { ENCOMENDA_TOTAL_MAX } from '../../../shared/constants.ts'
import type { Ementa, ProdutoEmenta } from '../../../shared/ementa.ts'
import type { LinhaCalculada, LinhaCarrinhoSchema } from '../../../shared/encomenda.ts'
import { minutosPrometidos } from '../../../shared/estado-pedido.ts'
import { precoNaTabela, type TabelaPreco } from '../../../shared/tabelas-preco.ts'
import { HttpError } from '../../platform/errors.ts'
import { orderable, precoMeia, regrasGrupo } from './ementa.ts'

type Linha = z.output<typeof LinhaCarrinhoSchema>

export const precosMensagens = {
  produtoIndisponivel: (id: string) => `O produto ${id} já não está disponível nesta loja.`,
  complementoIndisponivel: (produto: string, id: string) => `${produto}: o complemento ${id} não está disponível.`,
  opcaoIndisponivel: (produto: string, id: string) => `${produto}: a opção ${id} não está disponível.`,
  complementoRepetido: (produto: string, nome: string) => `${produto}: ${nome} foi escolhido mais de uma vez.`,
  opcaoRepetida: (produto: string, nome: string) => `${produto}: ${nome} foi escolhida mais de uma vez.`,
  umaPorGrupo: (produto: string, grupo: string) => `${produto}: escolha só uma opção de ${grupo}.`,
  grupoMax: (produto: string, grupo: string, n: number) => `${produto}: escolha no máximo ${n} opções de ${grupo}.`,
  grupoMin: (produto: string, grupo: string, n: number) =>
    n === 1 ? `${produto}: escolha uma opção de ${grupo}.` : `${produto}: escolha pelo menos ${n} opções de ${grupo}.`,
  semMeiaDose: (produto: string) => `${produto} não se vende em meia dose: escolha a dose.`,
  totalMax: 'O total da encomenda passa do máximo de 500,00\u00a0€. Divida-a em encomendas mais pequenas.',
  obrigatorio: (produto: string, complemento: string) => `${produto}: escolha ${complemento}.`,
  complementosMin: (produto: string, n: number) =>
    `${produto}: escolha pelo menos ${n} ${n === 1 ? 'complemento' : 'complementos'}.`,
  complementosMax: (produto: string, n: number) =>
    `${produto}: escolha no máximo ${n} ${n === 1 ? 'complemento' : 'complementos'}.`,
  opcoesMax: (produto: string, n: number) => `${produto}: escolha no máximo ${n} ${n === 1 ? 'opção' : 'opções'}.`,
}

/** 422 naming the cart line at fault (`cart.2`), with what is wrong with it in words the customer can act on. */
const linhaInvalida = (index: number, message: string) =>
  new HttpError(422, message, 'Carrinho', { [`cart.${index}`]: message })

/** Each id once, and every one among `available`; else the first fault's message. */
function chosen<T>(
  ids: string[],
  available: Map<string, T>,
  unavailable: (id: string) => string,
  repeated: (item: T) => string,
): { items: T[]; fault?: undefined } | { fault: string } {
  const items: T[] = []
  for (const id of ids) {
    const item = available.get(id)
    if (!item) return { fault: unavailable(id) }
    if (items.includes(item)) return { fault: repeated(item) }
    items.push(item)
  }
  return { items }
}

/**
 * One cart line priced by the product's rules (spec §3), its full dose in the store's `tabela` for this kind of sale:
 * or the message of its first fault.
 */
function precificarLinha(
  { produto: p, precoMeia: meia }: ItemPreco,
  linha: Linha,
  tabela: TabelaPreco,
): LinhaCalculada | string {
  const nome = p.produto
  // A half portion only where the menu prices one (`precomeia`, the POS's one price for it, in every tier); its
  // complements and options as for a full dose.
  const base = linha.porcao === 'meia' ? meia : precoNaTabela(p, tabela)
  if (base === null) return precosMensagens.semMeiaDose(nome)
  const complementos = chosen(
    linha.complementares,
    new Map(p.complementares.filter((c) => !c.restricted).map((c) => [c.codigo, c])),
    (id) => precosMensagens.complementoIndisponivel(nome, id),
    (c) => precosMensagens.complementoRepetido(nome, c.descricao),
  )
  if (complementos.fault !== undefined) return complementos.fault
  const escolhidos = complementos.items
  const falta = p.complementares.find((c) => c.obrigatorio && !c.restricted && !escolhidos.includes(c))
  if (falta) return precosMensagens.obrigatorio(nome, falta.descricao)
  if (escolhidos.length < p.min_complementos) return precosMensagens.complementosMin(nome, p.min_complementos)
  if (p.max_complementos > 0 && escolhidos.length > p.max_complementos) {
    return precosMensagens.complementosMax(nome, p.max_complementos)
  }
  const opcoes = chosen(
    linha.opcoes,
    new Map(p.opcoes.flatMap((g) => g.opcoes.map((o) => [o.codigo, { ...o, grupo: g }] as const))),
    (id) => precosMensagens.opcaoIndisponivel(nome, id),
    (o) => precosMensagens.opcaoRepetida(nome, o.descricao),
  )
  if (opcoes.fault !== undefined) return opcoes.fault
  const escolhidas = opcoes.items
  // Each group within its own limits (decision 0026): at most one by default (sugar: with, without or sweetener), at
  // least its minimum (a breakfast menu's drink, a composite's components); and maxopcoes over all of them.
  for (const g of p.opcoes) {
    const { max } = regrasGrupo(p, g)
    const n = escolhidas.filter((o) => o.grupo === g).length
    if (max > 0 && n > max) {
      return max === 1
        ? precosMensagens.umaPorGrupo(nome, g.descricao)
        : precosMensagens.grupoMax(nome, g.descricao, max)
    }
  }
  if (p.maxopcoes > 0 && escolhidas.length > p.maxopcoes) return precosMensagens.opcoesMax(nome, p.maxopcoes)
  for (const g of p.opcoes) {
    const { min } = regrasGrupo(p, g)
    if (escolhidas.filter((o) => o.grupo === g).length < min) return precosMensagens.grupoMin(nome, g.descricao, min)
  }
  const unitario = base + escolhidos.reduce((sum, c) => sum + c.preco, 0)
  return {
    id: p.cod_produto,
    nome,
    qtd: linha.qtd,
    complementares: escolhidos.map((c) => ({ id: c.codigo, nome: c.descricao, pvp_com_iva: c.preco })),
    opcoes: escolhidas.map((o) => ({ id: o.codigo, nome: o.descricao })),
    porcao: linha.porcao,
    // Already one line of at most 140 characters without control characters, trimmed, empty as null (the schema's).
    observacoes: linha.observacoes,
    unitario,
    total: unitario * linha.qtd,
  }
}

/** An orderable product with what its family adds: the price of its half portion, if it has one. */
export interface ItemPreco {
  produto: ProdutoEmenta
  precoMeia: number | null
}

/** A menu's orderable products by code: what pricing reads (built once per menu, see the service's price index). */
export type IndicePrecos = ReadonlyMap<string, ItemPreco>

export const indicePrecos = (ementa: Ementa): IndicePrecos =>
  new Map(
    orderable(ementa).flatMap(({ familia, produtos }) =>
      produtos.map((p) => [p.cod_produto, { produto: p, precoMeia: precoMeia(familia, p) }] as const),
    ),
  )

/**
 * Prices a cart from the store's current menu (its `indicePrecos`), never from the app's figures: each line by its
 * product's rules (mandatory complements, `min_complementos`/`max_complementos`, each option group's minimum and
 * maximum, `maxopcoes`, a half portion only where the menu prices one), unknown or hidden items refused with the line
 * named (422); a full dose in `tabela`, the store's price tier for the order's kind of sale (take-away or eating in).
 * `minutos`: what the order promises, its products' longest preparation time, never under 15.
 */
export function precificar(
  produtos: IndicePrecos,
  cart: Linha[],
  tabela: TabelaPreco,
): { linhas: LinhaCalculada[]; total: number; minutos: number } {
  const tempos: number[] = []
  const linhas = cart.map((linha, index) => {
    const item = produtos.get(linha.id)
    const priced = item ? precificarLinha(item, linha, tabela) : precosMensagens.produtoIndisponivel(linha.id)
    if (typeof priced === 'string') throw linhaInvalida(index, priced)
    tempos.push(item?.produto.tempo ?? 0)
    return priced
  })
  const minutos = minutosPrometidos(...tempos)
  const total = linhas.reduce((sum, l) => sum + l.total, 0)
  if (total > ENCOMENDA_TOTAL_MAX) {
    throw new HttpError(422, precosMensagens.totalMax, 'Carrinho', { cart: precosMensagens.totalMax })
  }
  return { linhas, total, minutos }
}
