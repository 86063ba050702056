/**
 * An order's states and delivery types with the words the customer and the counter read (spec §4, §9). Kept free of
 * imports (zod above all) so the ordering screens' first load stays small; the schemas live in pedido.ts.
 */

/**
 * Spec §4 `id_estado`, plus 3 for an order the customer has collected (STORE-API.md: forward only, 2 → 3) and -9 for
 * one that will not be made (STORE-API.md `cancelar`, an expired payment).
 */
export const ESTADO = {
  pagamento: -3,
  recebido: -1,
  emPreparacao: 1,
  pronto: 2,
  entregue: 3,
  cancelado: -9,
} as const
export type Estado = (typeof ESTADO)[keyof typeof ESTADO]

/** The spec's promise for a received order ('Recebemos o seu pedido - 15 minutos'): never less (decision 0026). */
export const MINUTOS_PROMETIDOS_MIN = 15

/**
 * The minutes an order promises from its products' preparation times (`tempo`, minutes; none given: 0): the longest,
 * never under `MINUTOS_PROMETIDOS_MIN`. The one place of that rule: the price calculation, the customer's order and
 * its state's text all call it.
 */
export const minutosPrometidos = (...tempos: readonly number[]): number => Math.max(MINUTOS_PROMETIDOS_MIN, ...tempos)

/**
 * Spec §4's texts for each state; -3 depends on whether the payment arrived, -1 on the order's promised minutes (the
 * longest preparation time of its products, never less than `MINUTOS_PROMETIDOS_MIN`).
 */
export function estadoTexto(
  estado: Estado,
  pago: boolean,
  minutos: number = MINUTOS_PROMETIDOS_MIN,
  /** The pick-up time chosen, HH:mm on the store's clock (null: as soon as possible): it is the promise then. */
  prontoAs: string | null = null,
): string {
  switch (estado) {
    case ESTADO.pagamento:
      return pago ? 'Pagamento efetuado' : 'Pagamento em curso'
    case ESTADO.recebido:
      return prontoAs
        ? `Recebemos o seu pedido - pronto às ${prontoAs}`
        : `Recebemos o seu pedido - ${minutosPrometidos(minutos)} minutos`
    case ESTADO.emPreparacao:
      return 'Pedido em preparação'
    case ESTADO.pronto:
      return 'O seu pedido está pronto'
    case ESTADO.entregue:
      return 'Pedido entregue'
    case ESTADO.cancelado:
      return 'Pedido cancelado'
  }
}

/** Each state in the staff's words (the board's 'Hoje' view, the back-office's reports), not the customer's sentences. */
export const ESTADO_NA_LOJA: Record<Estado, string> = {
  [ESTADO.pagamento]: 'A aguardar pagamento',
  [ESTADO.recebido]: 'Recebida',
  [ESTADO.emPreparacao]: 'Em preparação',
  [ESTADO.pronto]: 'Pronta',
  [ESTADO.entregue]: 'Entregue',
  [ESTADO.cancelado]: 'Cancelada',
}

/**
 * The one step forward from each state a store moves an order through (STORE-API.md: -1 → 1 → 2 → 3), and so the
 * state an order must be in to reach `estado`: the server's rule and the board's buttons.
 */
export const PASSO_SEGUINTE = {
  [ESTADO.recebido]: ESTADO.emPreparacao,
  [ESTADO.emPreparacao]: ESTADO.pronto,
  [ESTADO.pronto]: ESTADO.entregue,
} as const

/** The state an order must be in for a store to move it to `estado`, or null when no step leads there. */
export function estadoAnterior(estado: number): Estado | null {
  for (const [de, para] of Object.entries(PASSO_SEGUINTE)) if (para === estado) return Number(de) as Estado
  return null
}

/** Spec §9 delivery types. */
export const TIPOS_ENTREGA = { 0: 'Take-Away', 1: 'Comer Na loja' } as const

/** 'Mesa 7', as the customer, the board and the ticket name the table an order was made from (decision 0045). */
export const nomeMesa = (mesa: number) => `Mesa ${mesa}`
