import { QUANTIDADE_MAX } from '../../../shared/constants.ts'
import type { ProdutoCatalogo } from '../../../shared/ementa.ts'

/**
 * The product screen's rules (spec §2 product, the same the server enforces in features/encomendas/precos.ts):
 * mandatory extras always in, at most `max_complementos` extras (0: no limit) and at least `min_complementos`, at most
 * one option per group and at most `maxopcoes` in all (0: no limit), quantity 1 to 99.
 */
export const obrigatorios = (p: ProdutoCatalogo) => p.complementares.filter((c) => c.obrigatorio).map((c) => c.id)

/** The extras checked when the screen opens: the mandatory ones. */
export const extrasIniciais = obrigatorios

/** Ticking or unticking an extra: mandatory ones stay; past `max_complementos` nothing more goes in. */
export function alternarComplemento(p: ProdutoCatalogo, escolhidos: string[], id: string): string[] {
  if (obrigatorios(p).includes(id) || !p.complementares.some((c) => c.id === id)) return escolhidos
  if (escolhidos.includes(id)) return escolhidos.filter((c) => c !== id)
  if (p.max_complementos > 0 && escolhidos.length >= p.max_complementos) return escolhidos
  return [...escolhidos, id]
}

/** An extra that cannot be ticked or unticked now: a mandatory one, or one more past the maximum. */
export const complementoBloqueado = (p: ProdutoCatalogo, escolhidos: string[], id: string) =>
  obrigatorios(p).includes(id) ||
  (!escolhidos.includes(id) && p.max_complementos > 0 && escolhidos.length >= p.max_complementos)

const grupoDe = (p: ProdutoCatalogo, id: string) => p.opcoes.find((o) => o.id === id)?.grupo

/**
 * Ticking an option unticks the other one of its group (one choice per group, like a radio that can be unticked);
 * a new group past `maxopcoes` changes nothing (its options are disabled, see `opcaoBloqueada`).
 */
export function alternarOpcao(p: ProdutoCatalogo, escolhidas: string[], id: string): string[] {
  if (escolhidas.includes(id)) return escolhidas.filter((o) => o !== id)
  const grupo = grupoDe(p, id)
  if (grupo === undefined) return escolhidas
  const outras = escolhidas.filter((o) => grupoDe(p, o) !== grupo)
  if (p.maxopcoes > 0 && outras.length >= p.maxopcoes) return escolhidas
  return [...outras, id]
}

/** An option that cannot be ticked now: its group has no choice yet and `maxopcoes` choices are made elsewhere. */
export function opcaoBloqueada(p: ProdutoCatalogo, escolhidas: string[], id: string): boolean {
  if (escolhidas.includes(id) || p.maxopcoes === 0) return false
  const grupo = grupoDe(p, id)
  return escolhidas.filter((o) => grupoDe(p, o) !== grupo).length >= p.maxopcoes
}

export const quantidadeValida = (qtd: number) => Number.isInteger(qtd) && qtd >= 1 && qtd <= QUANTIDADE_MAX

/** Spec §5: 'Adicionar' needs a quantity above 0, and the product's rules met. */
export const podeAdicionar = (p: ProdutoCatalogo, escolhidos: string[], opcoes: string[], qtd: number) =>
  quantidadeValida(qtd) &&
  obrigatorios(p).every((c) => escolhidos.includes(c)) &&
  escolhidos.length >= p.min_complementos &&
  (p.max_complementos === 0 || escolhidos.length <= p.max_complementos) &&
  (p.maxopcoes === 0 || opcoes.length <= p.maxopcoes)

/** One unit with its extras, cents. */
export const precoUnitario = (p: ProdutoCatalogo, escolhidos: string[]) =>
  p.pvp_com_iva + p.complementares.filter((c) => escolhidos.includes(c.id)).reduce((n, c) => n + c.pvp_com_iva, 0)

/** The names of the chosen extras and options, in the product's order, for the cart's lines. */
export const nomesEscolhidos = (p: ProdutoCatalogo, escolhidos: string[], opcoes: string[]) => [
  ...p.complementares.filter((c) => escolhidos.includes(c.id)).map((c) => c.nome),
  ...p.opcoes.filter((o) => opcoes.includes(o.id)).map((o) => o.nome),
]

export interface GrupoOpcoes {
  grupo: string
  nome: string
  opcoes: ProdutoCatalogo['opcoes']
}

/** The option groups in the product's order, each with its options. */
export function gruposDe(p: ProdutoCatalogo): GrupoOpcoes[] {
  const grupos = new Map<string, GrupoOpcoes>()
  for (const o of p.opcoes) {
    const g = grupos.get(o.grupo) ?? { grupo: o.grupo, nome: o.nome_grupo || 'Opções', opcoes: [] }
    g.opcoes.push(o)
    grupos.set(o.grupo, g)
  }
  return [...grupos.values()]
}

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`

/** What the extras' fieldset says of its rules, or null when there is none to say. */
export function regraExtras(p: ProdutoCatalogo): string | null {
  const { min_complementos: min, max_complementos: max } = p
  if (min > 0 && max > 0 && min === max) return `Escolha ${plural(min, 'extra', 'extras')}.`
  if (min > 0 && max > 0) return `Escolha entre ${min} e ${max} extras.`
  if (min > 0) return `Escolha pelo menos ${plural(min, 'extra', 'extras')}.`
  if (max > 0) return `Escolha até ${plural(max, 'extra', 'extras')}.`
  return null
}

/** What the options say of `maxopcoes`, when it limits anything (fewer than the groups on offer). */
export function regraOpcoes(p: ProdutoCatalogo): string | null {
  const grupos = gruposDe(p).length
  if (p.maxopcoes === 0 || p.maxopcoes >= grupos) return null
  return `Escolha até ${plural(p.maxopcoes, 'opção', 'opções')} no total.`
}
