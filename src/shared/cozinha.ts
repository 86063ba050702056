import { z } from 'zod'

/**
 * A busy kitchen (decision 0041): what staff set from the board and what every promise adds.
 *
 * - 'Ocupada': +10, +20 or +30 minutes on every promise the store makes from then on, until staff set it back to
 *   normal or the store's working day ends (the next `OCUPADA_ATE_HORA` o'clock on its clock), so that a busy
 *   Saturday does not carry into Sunday, nor a late night's rush end at midnight.
 * - The queue: each order paid in the last `FILA_JANELA_MIN` minutes and still in the kitchen (received or in
 *   preparation) adds `MINUTOS_POR_ENCOMENDA_NA_FILA` (the server's FILA_MINUTOS_POR_ENCOMENDA), at most
 *   `FILA_MINUTOS_MAX` in all. Older ones are left out: a store whose POS never moves its orders on would otherwise
 *   promise the most for ever.
 * - 'Pausar encomendas': the back-office's pause, taken from the board (until someone resumes them).
 */
export const OCUPADA_MINUTOS = [0, 10, 20, 30] as const
/** 'Ocupada' ends by itself at this hour of the store's clock: its working day's end, past a night's late orders. */
export const OCUPADA_ATE_HORA = 5
export type OcupadaMinutos = (typeof OCUPADA_MINUTOS)[number]

export const MINUTOS_POR_ENCOMENDA_NA_FILA = 2
export const FILA_MINUTOS_MAX = 60
export const FILA_JANELA_MIN = 120

/** What the queue adds to a promise: `fila` orders waiting before this one, `porEncomenda` minutes each. */
export const minutosDaFila = (fila: number, porEncomenda: number = MINUTOS_POR_ENCOMENDA_NA_FILA): number =>
  Math.min(FILA_MINUTOS_MAX, Math.max(0, fila) * porEncomenda)

/** A store's pause of its online orders (features/restaurantes `PausaEncomendas`): since when, until when. */
export interface Pausa {
  em: string | null
  ate: string | null
}

/** Whether the pause holds at `instant`: begun, and not yet at its end (none: until resumed). */
export const emPausa = (pausa: Pausa, instant: Date): boolean =>
  pausa.em !== null && (pausa.ate === null || instant.getTime() < Date.parse(pausa.ate))

/**
 * Since when a store's orders pause themselves for want of a board (ISO instant), or null: the store never had one,
 * the rule is off (`semPainelMs` 0), or its board was seen within `semPainelMs` of `agora`.
 */
export function semPainelDesde(painelVistoEm: string | null, agora: Date, semPainelMs: number): string | null {
  if (painelVistoEm === null || semPainelMs <= 0) return null
  const desde = Date.parse(painelVistoEm) + semPainelMs
  return agora.getTime() >= desde ? new Date(desde).toISOString() : null
}

/**
 * The pause that holds at `instant`: the one set (back-office or board) while it lasts; otherwise, for a store whose
 * board was once there (`painelVistoEm`), a pause of its own from `semPainelMs` after the board was last seen, until
 * it is back (decision 0041): an order the kitchen cannot see is not taken. `semPainelMs` 0: never.
 */
export function pausaEfetiva(pausa: Pausa, painelVistoEm: string | null, instant: Date, semPainelMs: number): Pausa {
  if (emPausa(pausa, instant)) return pausa
  const desde = semPainelDesde(painelVistoEm, instant, semPainelMs)
  return desde === null ? pausa : { em: desde, ate: null }
}

/** The board's view of its kitchen. */
export const CozinhaSchema = z.object({
  /** Minutes added to every promise now (0: normal). */
  ocupada_minutos: z.literal([...OCUPADA_MINUTOS]),
  /** Until when (ISO instant), or null when normal. */
  ocupada_ate: z.string().nullable(),
  /** Online orders paused (from the board or the back-office). */
  em_pausa: z.boolean(),
  /** Until when the pause holds (ISO instant), or null: until resumed (or not paused). */
  pausa_ate: z.string().nullable(),
  /** Orders paid in the last FILA_JANELA_MIN minutes still in the kitchen (received or in preparation). */
  fila: z.number().int().nonnegative(),
  /** What a new order promises on top of its products' preparation time: the queue and the busy minutes. */
  acrescimo: z.number().int().nonnegative(),
})
export type Cozinha = z.infer<typeof CozinhaSchema>

/** What the board changes: the busy minutes, the pause, or both. */
export const DefinirCozinhaSchema = z
  .strictObject({
    ocupada_minutos: z.literal([...OCUPADA_MINUTOS], { error: 'Escolha 0, 10, 20 ou 30 minutos.' }),
    em_pausa: z.boolean(),
  })
  .partial()
  // A change names what it changes: an empty one is a client's mistake, not a no-op.
  .refine((d) => d.ocupada_minutos !== undefined || d.em_pausa !== undefined, {
    error: 'Indique os minutos a acrescentar ou a pausa.',
  })
export type DefinirCozinha = z.infer<typeof DefinirCozinhaSchema>

/** The board's words for what it sets. */
export const cozinhaTextos = {
  titulo: 'Cozinha',
  normal: 'Normal',
  ocupada: (m: number) => `+${m} min`,
  pausar: 'Pausar encomendas',
  retomar: 'Retomar encomendas',
  estadoOcupada: (m: number) => `Ocupada: +${m} minutos em cada pedido`,
  estadoPausa: 'Encomendas em pausa',
  estadoNormal: 'A aceitar encomendas',
  erroLeitura: 'Não foi possível ler o estado da cozinha.',
}
