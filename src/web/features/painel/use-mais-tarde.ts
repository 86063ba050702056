import { useEffect, useRef, useState } from 'react'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import type { EncomendaLoja } from '../../../shared/pedido.ts'

/** A received order with a pick-up time whose preparation should not start yet: it waits in 'Para mais tarde'. */
export const paraMaisTarde = (o: EncomendaLoja, agora: number) =>
  o.estado === ESTADO.recebido && o.preparar_em !== null && Date.parse(o.preparar_em) > agora

/** Timers are set at most this far ahead, then set again (a tablet's clock may jump, a timer may be late). */
const ESPERA_MAX_MS = 60 * 60_000

/**
 * The board's clock for the orders for later: it ticks at the moment the soonest of them is due to start, so that it
 * comes forward then, and answers it (and any due with it) through `aoVencer` once, with its sound. An order already
 * due when the board first saw it is not announced: it came forward while the board was away.
 */
export function useMaisTarde(
  lista: EncomendaLoja[] | undefined,
  /** When the list was last read (epoch ms): the clock is at least that. */
  lidaEm: number,
  aoVencer: (vencidas: EncomendaLoja[]) => void,
) {
  const [agora, setAgora] = useState(() => Date.now())
  /** The orders this board has seen waiting for later. */
  const aEsperar = useRef(new Set<number>())

  // biome-ignore lint/correctness/useExhaustiveDependencies: `agora` is the timer's tick: each one looks again.
  useEffect(() => {
    if (!lista) return
    const agoraMs = Date.now()
    const vencidas = lista.filter((o) => aEsperar.current.has(o.id) && !paraMaisTarde(o, agoraMs))
    for (const o of vencidas) aEsperar.current.delete(o.id)
    const proximas = lista.filter((o) => paraMaisTarde(o, agoraMs))
    for (const o of proximas) aEsperar.current.add(o.id)
    const chamar = vencidas.filter((o) => o.estado === ESTADO.recebido)
    if (chamar.length > 0) aoVencer(chamar)
    const proxima = Math.min(...proximas.map((o) => Date.parse(o.preparar_em as string)))
    if (!Number.isFinite(proxima)) return
    const t = setTimeout(() => setAgora(Date.now()), Math.min(Math.max(proxima - agoraMs, 0) + 50, ESPERA_MAX_MS))
    return () => clearTimeout(t)
  }, [lista, agora, aoVencer])

  // At least when the list was read: an order paid after its time (its first slot, a slow payment) is due already,
  // and must not wait in 'Para mais tarde' for a tick that no order for later will set.
  return Math.max(agora, lidaEm)
}
