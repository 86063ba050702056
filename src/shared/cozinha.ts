import { z } from 'zod'

/**
 * A busy kitchen (decision 0041): what staff set from the board and what every promise adds.
 *
 * - 'Ocupada': +10, +20 or +30 minutes on every promise the store makes from then on, until staff set it back to
 *   normal or the store's day ends (its next midnight), so that a busy Saturday does not carry into Sunday.
 * - The queue: each order paid in the last `FILA_JANELA_MIN` minutes and still in the kitchen (received or in
 *   preparation) adds `MINUTOS_POR_ENCOMENDA_NA_FILA` (the server's FILA_MINUTOS_POR_ENCOMENDA), at most
 *   `FILA_MINUTOS_MAX` in all. Older ones are left out: a store whose POS never moves its orders on would otherwise
 *   promise the most for ever.
 * - 'Pausar encomendas': the back-office's pause, taken from the board (until someone resumes them).
 */
export const OCUPADA_MINUTOS = [0, 10, 20, 30] as const
export type OcupadaMinutos = (typeof OCUPADA_MINUTOS)[number]

export const MINUTOS_POR_ENCOMENDA_NA_FILA = 2
export const FILA_MINUTOS_MAX = 60
export const FILA_JANELA_MIN = 120

/** What the queue adds to a promise: `fila` orders waiting before this one, `porEncomenda` minutes each. */
export const minutosDaFila = (fila: number, porEncomenda: number = MINUTOS_POR_ENCOMENDA_NA_FILA): number =>
  Math.min(FILA_MINUTOS_MAX, Math.max(0, fila) * porEncomenda)

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
}
