import { useContext, useMemo, useSyncExternalStore } from 'react'
import type { Porcao } from '../../../shared/catalogo.ts'
import { QUANTIDADE_MAX } from '../../../shared/constants.ts'
import { guardarLojaNoCookie, LojaDaPaginaContext } from '../../lib/loja-cookie.ts'

/**
 * What this device keeps of an order being built (spec §3 "Ordering local", §4 cart): the chosen store and delivery
 * type, whether to use the balance, and the cart's lines. In localStorage (`balcao.encomenda`), so a reload or a visit
 * tomorrow finds it, shared by every component through one small external store and kept in step between tabs (the
 * `storage` event). Prices here are for display only: the server prices every cart it is sent.
 */
export interface LinhaLocal {
  id: string
  qtd: number
  complementares: string[]
  opcoes: string[]
  nome: string
  /** One unit with its complements for take-away, cents, for display only: the server prices. */
  unitario: number
  /**
   * The same for eating in, where the store charges another price tier (shared/tabelas-preco.ts); absent: the same as
   * `unitario` (lines stored before the tiers). Both are kept so that the kind of sale chosen at the checkout shows
   * its own prices in the cart, and lines added under either kind never mix them.
   */
  unitarioNaLoja?: number
  /** Names of the chosen extras and options, for the cart's lines (display only, optional). */
  detalhes?: string[]
  /** A half portion ('meia'); absent or 'dose': a full one (lines stored before have none). */
  porcao?: Porcao
  /** The note for the kitchen ('Sem cebola'); absent or empty: none. */
  observacoes?: string
  /** How the menu names the portion ('Meia dose'), for the cart's line (display only). */
  rotuloPorcao?: string
}

/** The table a QR code seated the customer at (decision 0045): its store's, eating in, until `ate` (epoch ms). */
export interface MesaLocal {
  id_loja: number
  numero: number
  codigo: string
  ate: number
}

export interface EstadoEncomendaLocal {
  id_loja: number | null
  id_tipo_entrega: 0 | 1
  usar_premio: 0 | 1
  linhas: LinhaLocal[]
  /** Ordering from a table (its code's store, eating in); null: not. */
  mesa: MesaLocal | null
}

export interface EncomendaLocal extends EstadoEncomendaLocal {
  /** Spec §4: the store-choice modal's Confirmar sets store and delivery type and EMPTIES the cart. */
  escolherLoja(idLoja: number, tipo: 0 | 1): void
  /** Spec §4: a delivery type change clears the cart (the same type again changes nothing). */
  definirTipoEntrega(tipo: 0 | 1): void
  /**
   * The checkout sent an order with this delivery type: the device now shows it (the catalogue names it) and the next
   * checkout starts from it. The cart is that order's, so it is kept (cleared once paid, kept for another try).
   */
  tipoEncomendado(tipo: 0 | 1): void
  definirUsarPremio(v: 0 | 1): void
  /** The same product with the same extras, options, portion and note adds up (at most 99). */
  adicionar(linha: LinhaLocal): void
  incrementar(indice: number): void
  /** At zero the line is removed (spec §4). */
  decrementar(indice: number): void
  remover(indice: number): void
  /** Empties the cart (and puts the balance choice back to its default), keeps the store and the delivery type. */
  limpar(): void
  /**
   * A table's QR code: its store, eating in, at that table (the cart kept when it is already that store's, eating in;
   * emptied otherwise, as any change of store). Choosing another store or take-away leaves the table.
   */
  sentarMesa(mesa: MesaLocal): void
  /** Not at that table (any more): the cart stays, eating in, without it. */
  deixarMesa(): void
  /** 'Repetir': the cart becomes a past order's lines (repetir.ts), at its store and kind of sale. */
  repetir(idLoja: number, tipo: 0 | 1, linhas: LinhaLocal[]): void
  /** Units in the cart. */
  quantidade: number
  /** Cents, from each line's unit price for the delivery type × qtd: for display only. */
  subtotal: number
  /**
   * Whether this is the device's own record. False in the server's render and the browser's hydration of it, which
   * know the store and the kind of sale from the page's cookie and no line of the cart: a screen that depends on the
   * lines, or on there being no store, waits for the record rather than show what is not so.
   */
  lida: boolean
}

export const STORAGE_KEY = 'balcao.encomenda'
const VAZIO: EstadoEncomendaLocal = { id_loja: null, id_tipo_entrega: 0, usar_premio: 0, linhas: [], mesa: null }

export const chave = (ids: string[]) => [...ids].sort().join('\u0000')
export const porcaoDe = (l: Pick<LinhaLocal, 'porcao'>): Porcao => l.porcao ?? 'dose'
/**
 * A line's note, '' when none. The product page cleaned it by the server's rule when it added the line (nota.ts
 * `limparNota`); a note edited by hand in storage that the rule refuses gets the checkout's 422 naming its line.
 */
export const notaDe = (l: Pick<LinhaLocal, 'observacoes'>): string => (l.observacoes ?? '').trim()
/** The same product with the same extras, options, portion and note: one line that adds up; any difference, two. */
const mesmaEscolha = (a: LinhaLocal, b: LinhaLocal) =>
  a.id === b.id &&
  chave(a.complementares) === chave(b.complementares) &&
  chave(a.opcoes) === chave(b.opcoes) &&
  porcaoDe(a) === porcaoDe(b) &&
  notaDe(a) === notaDe(b)

const limitar = (qtd: number) => Math.min(Math.trunc(qtd), QUANTIDADE_MAX)

function mudarQtd(s: EstadoEncomendaLocal, i: number, qtd: number): EstadoEncomendaLocal {
  if (!s.linhas[i]) return s
  if (qtd <= 0) return transicoes.remover(s, i)
  return { ...s, linhas: s.linhas.map((l, j) => (j === i ? { ...l, qtd: limitar(qtd) } : l)) }
}

/** The transitions of spec §4, pure (the hook below only stores their result). */
export const transicoes = {
  escolherLoja: (s: EstadoEncomendaLocal, idLoja: number, tipo: 0 | 1): EstadoEncomendaLocal => ({
    ...s,
    id_loja: idLoja,
    id_tipo_entrega: tipo,
    linhas: [],
    mesa: null,
  }),
  definirTipoEntrega: (s: EstadoEncomendaLocal, tipo: 0 | 1): EstadoEncomendaLocal =>
    tipo === s.id_tipo_entrega ? s : { ...s, id_tipo_entrega: tipo, linhas: [], mesa: null },
  deixarMesa: (s: EstadoEncomendaLocal): EstadoEncomendaLocal => (s.mesa === null ? s : { ...s, mesa: null }),
  sentarMesa: (s: EstadoEncomendaLocal, mesa: MesaLocal): EstadoEncomendaLocal => ({
    ...(s.id_loja === mesa.id_loja && s.id_tipo_entrega === 1 ? s : transicoes.escolherLoja(s, mesa.id_loja, 1)),
    mesa,
  }),
  tipoEncomendado: (s: EstadoEncomendaLocal, tipo: 0 | 1): EstadoEncomendaLocal =>
    tipo === s.id_tipo_entrega ? s : { ...s, id_tipo_entrega: tipo },
  definirUsarPremio: (s: EstadoEncomendaLocal, v: 0 | 1): EstadoEncomendaLocal =>
    v === s.usar_premio ? s : { ...s, usar_premio: v },
  adicionar(s: EstadoEncomendaLocal, linha: LinhaLocal): EstadoEncomendaLocal {
    if (!(linha.qtd >= 1)) return s
    const i = s.linhas.findIndex((l) => mesmaEscolha(l, linha))
    if (i < 0) {
      const nova: LinhaLocal = { ...linha, qtd: limitar(linha.qtd) }
      const nota = notaDe(linha)
      if (nota) nova.observacoes = nota
      else delete nova.observacoes
      return { ...s, linhas: [...s.linhas, nova] }
    }
    // The prices of the line just priced by the product page: a price changed since (the store's tiers) shows.
    const precos = { ...s, linhas: s.linhas.map((l, j) => (j === i ? comPrecosDe(l, linha) : l)) }
    return mudarQtd(precos, i, (s.linhas[i]?.qtd ?? 0) + linha.qtd)
  },
  incrementar: (s: EstadoEncomendaLocal, i: number) => mudarQtd(s, i, (s.linhas[i]?.qtd ?? 0) + 1),
  decrementar: (s: EstadoEncomendaLocal, i: number) => mudarQtd(s, i, (s.linhas[i]?.qtd ?? 0) - 1),
  remover: (s: EstadoEncomendaLocal, i: number): EstadoEncomendaLocal =>
    s.linhas[i] ? { ...s, linhas: s.linhas.filter((_, j) => j !== i) } : s,
  limpar: (s: EstadoEncomendaLocal): EstadoEncomendaLocal =>
    s.linhas.length === 0 && s.usar_premio === 0 ? s : { ...s, linhas: [], usar_premio: 0 },
  // At the table it is seated at, repeating an order eaten in there keeps the table.
  repetir: (s: EstadoEncomendaLocal, idLoja: number, tipo: 0 | 1, linhas: LinhaLocal[]): EstadoEncomendaLocal =>
    linhas.reduce(transicoes.adicionar, {
      ...transicoes.escolherLoja(s, idLoja, tipo),
      usar_premio: 0,
      mesa: s.mesa?.id_loja === idLoja && tipo === 1 ? s.mesa : null,
    }),
}

/** The table the device is seated at for `idLoja`, while it holds (four hours from the scan); null otherwise. */
export const mesaAtiva = (s: Pick<EstadoEncomendaLocal, 'mesa'>, idLoja: number | null, agora: number) =>
  s.mesa !== null && s.mesa.id_loja === idLoja && s.mesa.ate > agora ? s.mesa : null

export const quantidadeDe = (linhas: LinhaLocal[]) => linhas.reduce((n, l) => n + l.qtd, 0)
/** One unit of the line for the delivery type (0 take-away, 1 eating in), cents: for display only. */
export const unitarioDe = (l: Pick<LinhaLocal, 'unitario' | 'unitarioNaLoja'>, tipo: 0 | 1) =>
  tipo === 1 ? (l.unitarioNaLoja ?? l.unitario) : l.unitario
export const subtotalDe = (linhas: LinhaLocal[], tipo: 0 | 1) =>
  linhas.reduce((n, l) => n + l.qtd * unitarioDe(l, tipo), 0)

function comPrecosDe(l: LinhaLocal, de: LinhaLocal): LinhaLocal {
  const { unitarioNaLoja: _antigo, ...resto } = l
  return {
    ...resto,
    unitario: de.unitario,
    ...(de.unitarioNaLoja === undefined ? {} : { unitarioNaLoja: de.unitarioNaLoja }),
  }
}

const textos = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

/** A line as stored, if it still reads as one (the storage is the user's: anything may be there). */
function linhaGuardada(v: unknown): LinhaLocal | null {
  if (!v || typeof v !== 'object') return null
  const l = v as Record<string, unknown>
  if (typeof l.id !== 'string' || typeof l.nome !== 'string') return null
  if (typeof l.qtd !== 'number' || !Number.isInteger(l.qtd) || l.qtd < 1) return null
  if (typeof l.unitario !== 'number' || !Number.isFinite(l.unitario)) return null
  if (!textos(l.complementares) || !textos(l.opcoes)) return null
  return {
    id: l.id,
    qtd: limitar(l.qtd),
    complementares: l.complementares,
    opcoes: l.opcoes,
    nome: l.nome,
    unitario: l.unitario,
    ...(typeof l.unitarioNaLoja === 'number' && Number.isFinite(l.unitarioNaLoja)
      ? { unitarioNaLoja: l.unitarioNaLoja }
      : {}),
    ...(textos(l.detalhes) ? { detalhes: l.detalhes } : {}),
    ...(l.porcao === 'meia' ? { porcao: 'meia' as const } : {}),
    ...(typeof l.observacoes === 'string' && notaDe({ observacoes: l.observacoes })
      ? { observacoes: notaDe({ observacoes: l.observacoes }) }
      : {}),
    ...(typeof l.rotuloPorcao === 'string' ? { rotuloPorcao: l.rotuloPorcao } : {}),
  }
}

/** The table stored, while it holds and is the stored store's, eating in; null otherwise. */
function mesaGuardada(saved: Record<string, unknown>, agora: number): MesaLocal | null {
  const m = saved.mesa as MesaLocal | null | undefined
  if (!m) return null
  const valida =
    m.id_loja === saved.id_loja &&
    saved.id_tipo_entrega === 1 &&
    Number.isInteger(m.numero) &&
    m.numero > 0 &&
    typeof m.codigo === 'string' &&
    m.ate > agora
  return valida ? { id_loja: m.id_loja, numero: m.numero, codigo: m.codigo, ate: m.ate } : null
}

/** Reads what was stored, forgiving anything unreadable (an older shape, a hand edit): it becomes an empty cart. */
export function lerGuardado(texto: string | null, agora = Date.now()): EstadoEncomendaLocal {
  try {
    const saved = JSON.parse(texto ?? 'null') as Record<string, unknown> | null
    if (!saved || typeof saved !== 'object') return VAZIO
    const idLoja = saved.id_loja
    return {
      id_loja: typeof idLoja === 'number' && Number.isInteger(idLoja) && idLoja > 0 ? idLoja : null,
      id_tipo_entrega: saved.id_tipo_entrega === 1 ? 1 : 0,
      usar_premio: saved.usar_premio === 1 ? 1 : 0,
      linhas: Array.isArray(saved.linhas)
        ? saved.linhas.map(linhaGuardada).filter((l): l is LinhaLocal => l !== null)
        : [],
      mesa: mesaGuardada(saved, agora),
    }
  } catch {
    return VAZIO
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function ler(): EstadoEncomendaLocal {
  try {
    return lerGuardado(storage()?.getItem(STORAGE_KEY) ?? null)
  } catch {
    return VAZIO
  }
}

/** Read on first use, not when the module loads (the first touch of localStorage is slow on a phone). */
let atual: EstadoEncomendaLocal | null = null
const ouvintes = new Set<() => void>()

function estado(): EstadoEncomendaLocal {
  if (!atual) {
    atual = ler()
    // Once a visit: a device that chose its store before the cookie existed tells the server from now on.
    guardarLojaNoCookie(atual)
  }
  return atual
}

function avisar(): void {
  for (const ouvinte of ouvintes) ouvinte()
}

function gravar(novo: EstadoEncomendaLocal): void {
  if (novo === atual) return
  if (novo.id_loja !== atual?.id_loja || novo.id_tipo_entrega !== atual?.id_tipo_entrega) guardarLojaNoCookie(novo)
  atual = novo
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(novo))
  } catch {
    // Storage full or refused (private mode): the cart still works for this visit.
  }
  avisar()
}

/** Another tab changed it (or cleared the storage): read it again. One window listener for all the subscribers. */
function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY && event.key !== null) return
  atual = ler()
  avisar()
}

function subscrever(ouvinte: () => void): () => void {
  if (ouvintes.size === 0) window.addEventListener('storage', onStorage)
  ouvintes.add(ouvinte)
  return () => {
    ouvintes.delete(ouvinte)
    if (ouvintes.size === 0) window.removeEventListener('storage', onStorage)
  }
}

const acao =
  <A extends unknown[]>(f: (s: EstadoEncomendaLocal, ...args: A) => EstadoEncomendaLocal) =>
  (...args: A): void =>
    gravar(f(estado(), ...args))

const acoes = {
  escolherLoja: acao(transicoes.escolherLoja),
  definirTipoEntrega: acao(transicoes.definirTipoEntrega),
  tipoEncomendado: acao(transicoes.tipoEncomendado),
  definirUsarPremio: acao(transicoes.definirUsarPremio),
  adicionar: acao(transicoes.adicionar),
  incrementar: acao(transicoes.incrementar),
  decrementar: acao(transicoes.decrementar),
  remover: acao(transicoes.remover),
  limpar: acao(transicoes.limpar),
  repetir: acao(transicoes.repetir),
  sentarMesa: acao(transicoes.sentarMesa),
  deixarMesa: acao(transicoes.deixarMesa),
}

/** The last line put in the cart, and when: the screen the person goes back to says so. In memory, for this visit. */
let ultimaAdicao: { texto: string; em: number } | null = null

export function avisarAdicao(texto: string, agora = Date.now()): void {
  ultimaAdicao = { texto, em: agora }
}

/** The last addition if it is younger than `ms`. */
export const adicaoRecente = (agora: number, ms: number): { texto: string; em: number } | null =>
  ultimaAdicao && agora - ultimaAdicao.em < ms ? ultimaAdicao : null

/**
 * The order being built on this device, shared by every component that reads it, with its transitions. The server's
 * render, and the browser's hydration of it, see the store and kind of sale of the page's cookie and an empty cart
 * (the lines are the device's alone); the browser's record follows in the next render.
 */
export function useEncomendaLocal(): EncomendaLocal {
  const daPagina = useContext(LojaDaPaginaContext)
  const inicial = useMemo(() => ({ ...VAZIO, ...daPagina }), [daPagina])
  const s = useSyncExternalStore(subscrever, estado, () => inicial)
  return {
    ...s,
    ...acoes,
    quantidade: quantidadeDe(s.linhas),
    subtotal: subtotalDe(s.linhas, s.id_tipo_entrega),
    lida: s !== inicial,
  }
}
