import { z } from 'zod'

/**
 * The kitchen printer as the board reads it (decision 0043): whether the store has one, whether it answers, the tickets
 * waiting for it, and the orders whose ticket did not print (given up) or may not have (in doubt), for staff to reprint.
 */

/** The most orders the board lists with a ticket that did not print: a bad day, several times over. */
export const POR_IMPRIMIR_MAX = 50

export const TalaoPorImprimirSchema = z.object({
  encomenda: z.number().int(),
  codigo: z.string(),
  /** 'desistido': the printer could not be reached in time; 'incerto': it may have printed, nobody knows. */
  estado: z.enum(['desistido', 'incerto']),
  /** When it came to that (ISO UTC). */
  desde: z.string(),
})
export type TalaoPorImprimir = z.infer<typeof TalaoPorImprimirSchema>

export const EstadoImpressoraSchema = z.object({
  /** The store has a printer set in the back-office; when false the board shows nothing of it. */
  configurada: z.boolean(),
  /** Since when (ISO UTC) the printer has not answered; null while it does (or nothing was sent to it yet). */
  sem_ligacao_desde: z.string().nullable(),
  /** Tickets waiting to be sent (new, or to try again). */
  em_espera: z.number().int(),
  /** Today's orders whose last ticket did not print, or may not have; none once one is reprinted. */
  por_imprimir: z.array(TalaoPorImprimirSchema).max(POR_IMPRIMIR_MAX),
})
export type EstadoImpressora = z.infer<typeof EstadoImpressoraSchema>

/** What a reprint answers: its ticket is queued for the printer. */
export const ReimpressaoSchema = z.object({ encomenda: z.number().int(), em_espera: z.literal(true) })
export type Reimpressao = z.infer<typeof ReimpressaoSchema>

export const impressoraTextos = {
  titulo: 'Impressora',
  aFuncionar: 'Impressora: a funcionar',
  semLigacaoDesde: (hora: string) => `Impressora: sem ligação desde ${hora}`,
  emEspera: (n: number) => (n === 1 ? '1 talão à espera' : `${n} talões à espera`),
  desistido: (codigo: string) => `Pedido ${codigo}: talão não impresso`,
  incerto: (codigo: string) => `Pedido ${codigo}: talão talvez não impresso (verifique a impressora)`,
  reimprimir: 'Reimprimir',
  aReimprimir: 'A enviar…',
  reimpresso: (codigo: string) => `Talão do pedido ${codigo} enviado para a impressora`,
  semImpressora: 'Esta loja não tem impressora configurada.',
} as const
