import { z } from 'zod'
import { instanteSchema } from './datas.ts'
import { mensagens } from './validacao.ts'

/**
 * The back-office's stores at work: pausing a store's online orders. A pause lasts until `ate` (an ISO
 * instant, in the future) or, with `ate` null, until someone resumes them.
 */

export const PausarLojaSchema = z.object({
  ate: instanteSchema(mensagens.valorInvalido).nullable(),
})

/** A store as the back-office's 'Lojas' page shows it. */
export interface LojaAdmin {
  id_loja: number
  nome: string
  restaurante: string
  /** Its online orders are paused now. */
  em_pausa: boolean
  pausa_em: string | null
  /** Until when (null: until resumed, or not paused). */
  pausa_ate: string | null
  /**
   * Its orders paused themselves: its board was last seen at this instant, longer ago than the set minutes (decision
   * 0041); null otherwise. 'Retomar' resumes them, and the store no longer waits for a board until one is seen again.
   */
  sem_painel_desde: string | null
  /** The store's time zone, in which its pause's end is shown (the Azores' for a store there). */
  fuso: string
  /**
   * It takes orders from the app at all: it has a menu from its POS and hours for orders. A store without either is
   * one customers visit, not one they order from (its pause means nothing to them).
   */
  encomendas_app: boolean
  /**
   * Sales of the store (app orders, till purchases, their refunds and cancellations) whose fiscal document its POS has
   * not sent past FISCAL_DOCUMENT_ALARM_MINUTES (docs/decisions/0038): 0 when all arrived.
   */
  faturas_em_falta: number
  /** Its tables with a QR code to order from (0: none): the page links to their codes, for printing. */
  mesas: number
}

/** The codes of a store's tables, for its staff to print: each table's number and the address its QR code opens. */
export interface MesasParaImprimir {
  loja: string
  mesas: { mesa: number; url: string }[]
}

/** The longest pause with an end (a longer one: until resumed). */
export const PAUSA_MAX_DIAS = 30
