import type { z } from 'zod'
import { ENCOMENDA_TOTAL_MAX } from '../../../shared/constants.ts'
import type { Ementa, ProdutoEmenta } from '../../../shared/ementa.ts'
import type { LinhaCalculada, LinhaCarrinhoSchema } from '../../../shared/encomenda.ts'
import { HttpError } from '../../platform/errors.ts'
import { orderable } from './ementa.ts'

type Linha = z.output<typeof LinhaCarrinhoSchema>

export const precosMensagens = {
  produtoIndisponivel: (id: string) => `O produto ${id} já não está disponível nesta loja.`,
  complementoIndisponivel: (produto: string, id: string) => `${produto}: o complemento ${id} não está disponível.`,
  opcaoIndisponivel: (produto: string, id: string) => `${produto}: a opção ${id} não está disponível.`,
  complementoRepetido: (produto: string, nome: string) => `${produto}: ${nome} foi escolhido mais de uma vez.`,
  opcaoRepetida: (produto: string, nome: string) => `${produto}: ${nome} foi escolhida mais de uma vez.`,
  umaPorGrupo: (produto: string, grupo: string) => `${produto}: escolha só uma opção de ${grupo}.`,
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

/** One cart line priced by the product's rules (spec §3): or the message of its first fault. */
function precificarLinha(p: ProdutoEmenta, linha: Linha): LinhaCalculada | string {
  const nome = p.produto
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
  // A group is one choice (sugar: with, without or sweetener), however many groups maxopcoes allows in all.
  const grupos = new Set<string>()
  for (const o of escolhidas) {
    if (grupos.has(o.grupo.codigo)) return precosMensagens.umaPorGrupo(nome, o.grupo.descricao)
    grupos.add(o.grupo.codigo)
  }
  if (p.maxopcoes > 0 && escolhidas.length > p.maxopcoes) return precosMensagens.opcoesMax(nome, p.maxopcoes)
  const unitario = p.precovenda + escolhidos.reduce((sum, c) => sum + c.preco, 0)
  return {
    id: p.cod_produto,
    nome,
    qtd: linha.qtd,
    complementares: escolhidos.map((c) => ({ id: c.codigo, nome: c.descricao, pvp_com_iva: c.preco })),
    opcoes: escolhidas.map((o) => ({ id: o.codigo, nome: o.descricao })),
    porcao: 'dose',
    observacoes: null,
    unitario,
    total: unitario * linha.qtd,
  }
}

/** A menu's orderable products by code: what pricing reads (built once per menu, see the service's price index). */
export type IndicePrecos = ReadonlyMap<string, ProdutoEmenta>

export const indicePrecos = (ementa: Ementa): IndicePrecos =>
  new Map(orderable(ementa).flatMap(({ produtos }) => produtos.map((p) => [p.cod_produto, p])))

/**
 * Prices a cart from the store's current menu (its `indicePrecos`), never from the app's figures: each line by its
 * product's rules (mandatory complements, `min_complementos`/`max_complementos`, one option per group, `maxopcoes`),
 * unknown or hidden items refused with the line named (422).
 */
export function precificar(produtos: IndicePrecos, cart: Linha[]): { linhas: LinhaCalculada[]; total: number } {
  const linhas = cart.map((linha, index) => {
    const produto = produtos.get(linha.id)
    const priced = produto ? precificarLinha(produto, linha) : precosMensagens.produtoIndisponivel(linha.id)
    if (typeof priced === 'string') throw linhaInvalida(index, priced)
    return priced
  })
  const total = linhas.reduce((sum, l) => sum + l.total, 0)
  if (total > ENCOMENDA_TOTAL_MAX) {
    throw new HttpError(422, precosMensagens.totalMax, 'Carrinho', { cart: precosMensagens.totalMax })
  }
  return { linhas, total }
}
