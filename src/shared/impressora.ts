import { z } from 'zod'

/**
 * The kitchen printer as the board reads it (decision 0043): whether the store has one, whether it answers, the tickets
 * waiting for it, and the orders whose ticket did not print (given up) or may not have (in doubt), for staff to reprint.
 */

/** A receipt printer's raw port (ESC/POS over TCP: Epson, Star and most kitchen printers). */
export const IMPRESSORA_PORTA_PADRAO = 9100
/**
 * The ports a printer may be set on: the raw printing ports (9100, and the next ones of a print server with several
 * printers). Nothing else on a store's network is reached through the printer's setting.
 */
export const IMPRESSORA_PORTA_MIN = 9100
export const IMPRESSORA_PORTA_MAX = 9109

/**
 * A kitchen printer's address as the back-office takes it: an IPv4 address in its usual form (four numbers 0–255, no
 * leading zeros) or a host name. The server connects to it, so what is never a printer on a store's network is
 * refused: this machine (loopback, 'localhost'), 'this network' (0.0.0.0/8), link-local addresses (169.254/16, where
 * cloud machines answer their metadata) and multicast; and the other ways of writing an address that resolvers accept
 * (`127.1`, `0177.0.0.1`, `2130706433`, `0x7f.1`), which would slip past those rules. The sender checks again what a
 * name resolves to.
 */
export function enderecoImpressoraValido(v: string): boolean {
  const ipv4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/.exec(v)
  if (ipv4) return ipv4PermitidoParaImpressora(ipv4.slice(1).join('.'))
  const nome = v.toLowerCase()
  if (nome === 'localhost' || nome.endsWith('.localhost')) return false
  // A name is letters somewhere in its last label: all digits (or hex) is a number a resolver reads as an address.
  const ultimo = nome.split('.').at(-1) ?? ''
  if (/^(0x[0-9a-f]*|[0-9]+)$/.test(ultimo)) return false
  return /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(nome)
}

/** Whether a dotted IPv4 address may be a printer on a store's network (see `enderecoImpressoraValido`). */
export function ipv4PermitidoParaImpressora(ip: string): boolean {
  const partes = ip.split('.').map(Number)
  if (partes.length !== 4 || partes.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false
  const [a, b] = partes as [number, number, number, number]
  return !(a === 0 || a === 127 || (a === 169 && b === 254) || a >= 224)
}

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
