/*
 * When this device first showed each ready order, so that the catalogue's status bar lets it go: at once once the
 * person has opened it ready (its confirmation screen), or a short while after the bar first said so. In localStorage,
 * so that a reload or another tab does not bring a collected order back. Tiny and free of imports: the catalogue's
 * first load carries it.
 */

const KEY = 'balcao.encomendas-prontas'
/** Orders remembered: the server sends the last hour's, a handful at most. */
const MAX = 20
/** How long the bar keeps saying an order is ready once it has said so. */
export const PRONTA_NA_BARRA_MS = 2 * 60_000

type Prontas = Record<string, number>

function ler(): Prontas {
  try {
    const v = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown
    return v && typeof v === 'object' ? (v as Prontas) : {}
  } catch {
    return {}
  }
}

function gravar(prontas: Prontas): void {
  const recentes = Object.entries(prontas)
    .sort((a, b) => Number(b[0]) - Number(a[0]))
    .slice(0, MAX)
  try {
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(recentes)))
  } catch {
    // Without storage the bar still lets the order go after a while, for this visit.
  }
}

/** When the ready order `orderId` was first shown (ms), or undefined when never. */
export const prontaDesde = (orderId: number): number | undefined => {
  const v = ler()[orderId]
  return typeof v === 'number' ? v : undefined
}

/** The bar shows `orderId` ready: its first time is kept (an earlier one wins). Returns that time. */
export function registarPronta(orderId: number, agora: number): number {
  const prontas = ler()
  const desde = prontas[orderId]
  if (typeof desde === 'number') return desde
  gravar({ ...prontas, [orderId]: agora })
  return agora
}

/** The person saw the order ready on its own screen: the bar need not say it again. */
export function marcarProntaVista(orderId: number): void {
  gravar({ ...ler(), [orderId]: 0 })
}

/** Whether the bar has said long enough that the order is ready (`desde` from prontaDesde). */
export const prontaJaVista = (desde: number | undefined, agora: number): boolean =>
  desde !== undefined && agora - desde >= PRONTA_NA_BARRA_MS
