import type { Porcao, ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { QUANTIDADE_MAX } from '../../../shared/constants.ts'
import { precoDose, type TipoEntrega } from './preco.ts'

/**
 * The product screen's rules (spec §2 product, the same the server enforces in features/encomendas/precos.ts):
 * mandatory extras always in, at most `max_complementos` extras (0: no limit) and at least `min_complementos`; in each
 * option group between its `min` and `max` options (`grupos_opcoes`; max 0: no limit; a group it does not list: at
 * most one, as before ) and at most `maxopcoes` in all (0: no limit); quantity 1 to 99; a half portion only
 * when the product has one.
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

/** A group's rule: its `min` and `max` from `grupos_opcoes`, or "at most one" when the catalogue gives none. */
export function regraGrupo(p: ProdutoCatalogo, grupo: string): { min: number; max: number } {
  const g = p.grupos_opcoes.find((x) => x.id === grupo)
  return g ? { min: Math.max(0, g.min), max: Math.max(0, g.max) } : { min: 0, max: 1 }
}

const doGrupo = (p: ProdutoCatalogo, escolhidas: string[], grupo: string | undefined) =>
  escolhidas.filter((o) => grupoDe(p, o) === grupo)

/**
 * Ticking an option: in a group of one choice it replaces the group's other one (like a radio that can be unticked);
 * in a group of several, it is added while the group has room. Past `maxopcoes` nothing changes (its options are
 * disabled, see `opcaoBloqueada`).
 */
export function alternarOpcao(p: ProdutoCatalogo, escolhidas: string[], id: string): string[] {
  if (escolhidas.includes(id)) return escolhidas.filter((o) => o !== id)
  const grupo = grupoDe(p, id)
  if (grupo === undefined) return escolhidas
  const { max } = regraGrupo(p, grupo)
  const noGrupo = doGrupo(p, escolhidas, grupo)
  const outras = max === 1 ? escolhidas.filter((o) => grupoDe(p, o) !== grupo) : escolhidas
  if (max > 1 && noGrupo.length >= max) return escolhidas
  if (p.maxopcoes > 0 && outras.length >= p.maxopcoes) return escolhidas
  return [...outras, id]
}

/**
 * An option that cannot be ticked now: its group (of several choices) is full, or `maxopcoes` choices are made (a
 * group of one choice can still swap its own).
 */
export function opcaoBloqueada(p: ProdutoCatalogo, escolhidas: string[], id: string): boolean {
  if (escolhidas.includes(id)) return false
  const grupo = grupoDe(p, id)
  const { max } = regraGrupo(p, grupo ?? '')
  if (max > 1 && doGrupo(p, escolhidas, grupo).length >= max) return true
  if (p.maxopcoes === 0) return false
  const contam = max === 1 ? escolhidas.filter((o) => grupoDe(p, o) !== grupo) : escolhidas
  return contam.length >= p.maxopcoes
}

/** The groups whose minimum is not yet met, with how many more each needs, in the product's order. */
export function gruposEmFalta(p: ProdutoCatalogo, escolhidas: string[]): { nome: string; faltam: number }[] {
  return gruposDe(p).flatMap((g) => {
    const faltam = regraGrupo(p, g.grupo).min - doGrupo(p, escolhidas, g.grupo).length
    return faltam > 0 ? [{ nome: g.nome, faltam }] : []
  })
}

/** Whether the product needs a choice before it can be added (a mandatory group, a minimum of extras). */
export const temEscolhaObrigatoria = (p: ProdutoCatalogo) =>
  p.min_complementos > obrigatorios(p).length || gruposEmFalta(p, []).length > 0

export const quantidadeValida = (qtd: number) => Number.isInteger(qtd) && qtd >= 1 && qtd <= QUANTIDADE_MAX

/** A group over its maximum (never by the screen's own toggles; a catalogue that changed under the page may). */
const grupoExcedido = (p: ProdutoCatalogo, opcoes: string[]) =>
  gruposDe(p).some((g) => {
    const { max } = regraGrupo(p, g.grupo)
    return max > 0 && doGrupo(p, opcoes, g.grupo).length > max
  })

/** Spec §5: 'Adicionar' needs a quantity above 0, and the product's rules met. */
export const podeAdicionar = (
  p: ProdutoCatalogo,
  escolhidos: string[],
  opcoes: string[],
  qtd: number,
  porcao: Porcao = 'dose',
) =>
  quantidadeValida(qtd) &&
  (porcao === 'dose' || temMeiaDose(p)) &&
  obrigatorios(p).every((c) => escolhidos.includes(c)) &&
  escolhidos.length >= p.min_complementos &&
  (p.max_complementos === 0 || escolhidos.length <= p.max_complementos) &&
  (p.maxopcoes === 0 || opcoes.length <= p.maxopcoes) &&
  gruposEmFalta(p, opcoes).length === 0 &&
  !grupoExcedido(p, opcoes)

/** Whether the product sells a half portion (and says at what price). */
export const temMeiaDose = (p: ProdutoCatalogo) => p.meia_dose && p.pvp_meia_com_iva !== null

/**
 * The price of the portion alone, cents: the half portion's own price (`precomeia`, one price whatever the kind of
 * sale) or the full dose's for the kind of sale chosen (`tipo`).
 */
export const precoPorcao = (p: ProdutoCatalogo, tipo: TipoEntrega, porcao: Porcao = 'dose') =>
  porcao === 'meia' && temMeiaDose(p) ? (p.pvp_meia_com_iva ?? precoDose(p, tipo)) : precoDose(p, tipo)

/** One unit with its extras, cents: complements cost the same with a half portion as with a full one. */
export const precoUnitario = (p: ProdutoCatalogo, tipo: TipoEntrega, escolhidos: string[], porcao: Porcao = 'dose') =>
  precoPorcao(p, tipo, porcao) +
  p.complementares.filter((c) => escolhidos.includes(c.id)).reduce((n, c) => n + c.pvp_com_iva, 0)

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

/** What a group's legend says of its rule: 'Obrigatório: escolha 1.', 'Escolha até 3.', or null for the usual one. */
export function regraDoGrupo(p: ProdutoCatalogo, grupo: GrupoOpcoes): string | null {
  const { min, max } = regraGrupo(p, grupo.grupo)
  const n = grupo.opcoes.length
  const teto = max === 0 ? n : Math.min(max, n)
  if (min > 0 && min === teto) return `Obrigatório: escolha ${plural(min, 'opção', 'opções')}.`
  if (min > 0) return `Obrigatório: escolha entre ${min} e ${teto} opções.`
  if (n <= 1) return null
  if (teto === 1) return 'No máximo, uma opção.'
  return teto >= n ? null : `Escolha até ${plural(teto, 'opção', 'opções')}.`
}

/** What the options say of `maxopcoes`, when it limits anything (fewer than the groups on offer). */
export function regraOpcoes(p: ProdutoCatalogo): string | null {
  const grupos = gruposDe(p).length
  if (p.maxopcoes === 0 || p.maxopcoes >= grupos) return null
  return `Escolha até ${plural(p.maxopcoes, 'opção', 'opções')} no total.`
}
