import { apiGet } from './api.ts'

/**
 * API reads started before the screen that needs them has its code: on a phone's first load of an ordering screen,
 * the catalogue is asked for as the app starts, beside the screen's chunk, rather than once that chunk has arrived and
 * rendered (a round trip or two less before the first product's picture, Lighthouse's LCP). Each is taken once, by the
 * screen's query; one nobody takes is dropped on the next start of the same path.
 */
const antecipadas = new Map<string, Promise<unknown>>()

export function anteciparLeitura(path: string): void {
  if (antecipadas.has(path)) return
  const pedido = apiGet<unknown>(path)
  // Its failure is the query's to report, when it takes it (a read nobody takes fails silently).
  pedido.catch(() => undefined)
  antecipadas.set(path, pedido)
}

/** The read started early for `path`, once (later calls ask the API again), or undefined. */
export function leituraAntecipada<T>(path: string): Promise<T> | undefined {
  const pedido = antecipadas.get(path)
  antecipadas.delete(path)
  return pedido as Promise<T> | undefined
}
