import type { Generated } from 'kysely'

/** The kitchen printer's jobs (features/impressoras). */

/** Why a ticket is printed: the order's own, once paid, or a reprint staff asked for from the board. */
export type MotivoImpressao = 'encomenda' | 'reimpressao'

/** Where a ticket is (migration 2026-12-07T0000-impressoes). */
export type EstadoImpressao = 'pendente' | 'a-enviar' | 'impresso' | 'incerto' | 'desistido'

/** One ticket to print on a store's kitchen printer (migration 2026-12-07T0000-impressoes). */
export interface ImpressoesTable {
  id: Generated<number>
  encomenda_id: number
  id_loja: number
  motivo: MotivoImpressao
  /** The store key whose tablet asked for a reprint; null for an order's own ticket. */
  chave_id: number | null
  estado: Generated<EstadoImpressao>
  tentativas: Generated<number>
  /** Not before this moment (ISO): its next attempt, or the end of a sending process's lease; far off once settled. */
  proxima_em: string
  criado_em: string
  /** Its first failed attempt: the board's 'sem ligação desde'. */
  falhou_em: string | null
  /** When its bytes began to go to the printer. */
  enviado_em: string | null
  /** When it was printed, given up, or found in doubt. */
  concluido_em: string | null
  /** The last failure, in words an operator reads (no personal data). */
  erro: string | null
}
