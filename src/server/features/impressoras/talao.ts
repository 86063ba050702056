import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder'
import { nomeMesa, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { horaNaLoja } from '../../../shared/format.ts'
import type { LinhaTalao, TalaoCozinha } from '../encomendas/service.ts'

/** Characters per line of an 80 mm printer's standard font (Epson's and Star's font A). */
export const COLUNAS = 48

/**
 * Code page 860 (Portuguese) holds every letter of pt-PT (ã, õ, ç, á, â, à, é, ê, í, ó, ô, ú and capitals); Epson's
 * table numbers it 3 (`ESC t 3`), as most ESC/POS printers do. A fixed page, not the encoder's 'auto': one that
 * switched pages per character would depend on a printer's table agreeing with Epson's for every page it picked.
 */
const CODE_PAGE = 'cp860'

/** When the ticket was printed for: the order's own, or a reprint staff asked for. */
export type MotivoTalao = 'encomenda' | 'reimpressao'

/**
 * Text from outside (the customer's name and note, the menu's names) as the printer may print it: no control
 * characters (an ESC in a note would be a printer command), no line breaks of its own, and the few common characters
 * code page 860 lacks in a form it has; any other it lacks prints as '?'.
 */
export function paraImpressora(texto: string): string {
  return texto
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00d7/g, 'x')
    .replace(/\u20ac/g, 'EUR')
    .replace(/\u2026/g, '...')
}

/**
 * Where and when the order is wanted: its table, or its pick-up time ('O mais cedo possível' when none), on the store's
 * clock; for an order whose preparation should start after it prints, when to start it.
 */
function quando(t: TalaoCozinha, fuso: string, agora: string): string[] {
  if (t.mesa !== null) return [nomeMesa(t.mesa)]
  if (!t.levantar_em) return ['O mais cedo possível']
  const levantar = `Levantar às ${horaNaLoja(t.levantar_em, fuso)}`
  // Only while it is still ahead: one to start now is just due, as the board's 'Para mais tarde' column has it.
  if (t.preparar_em === null || Date.parse(t.preparar_em) <= Date.parse(agora)) return [levantar]
  return [levantar, `PARA MAIS TARDE – começar às ${horaNaLoja(t.preparar_em, fuso)}`]
}

/** A line's allergens: those the menu lists; 'sem informação' when it says nothing, which is not 'none'. */
function alergenios(l: LinhaTalao): string[] {
  if (l.alergenios === null) return ['! Alergénios: sem informação']
  return [
    ...(l.alergenios.length > 0 ? [`! ALERGÉNIOS: ${l.alergenios.map((a) => a.nome).join(', ')}`] : []),
    ...(l.pode_conter.length > 0 ? [`! Pode conter: ${l.pode_conter.map((a) => a.nome).join(', ')}`] : []),
  ]
}

/**
 * The kitchen ticket as ESC/POS bytes (decision 0043), printed at `agora`: the order's number large, 'REIMPRESSÃO' on a
 * reprint, the customer's name, table or pick-up time (and when to start an order for later), take-away or eating in,
 * 'VERIFICAR IDADE' and the customer's container where they apply, then each line (quantity, product, 'Meia dose',
 * extras and options, the customer's note and the product's allergens flagged, or said to be unknown), the time it was
 * ordered, and a cut. Times on the store's clock (`fuso`).
 */
export function talaoEscPos(t: TalaoCozinha, fuso: string, motivo: MotivoTalao, agora: string): Uint8Array {
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', codepageMapping: 'epson', columns: COLUNAS })
  const linha = (texto: string) => e.line(paraImpressora(texto))
  const traco = () => e.line('-'.repeat(COLUNAS))
  e.initialize().codepage(CODE_PAGE)

  e.align('center').bold(true).size(2, 2)
  linha(`PEDIDO ${t.codigo}`)
  e.size(1, 1).bold(false)
  if (motivo === 'reimpressao') linha('*** REIMPRESSÃO ***')
  e.align('left')
  traco()
  e.bold(true).size(1, 2)
  linha(t.nome.trim() || 'Cliente')
  for (const q of quando(t, fuso, agora)) linha(q)
  e.size(1, 1).bold(false)
  linha(TIPOS_ENTREGA[t.id_tipo_entrega].toUpperCase())
  if (t.verificar_idade) {
    e.invert(true).bold(true)
    linha(' VERIFICAR IDADE ')
    e.bold(false).invert(false)
  }
  if (t.recipiente_proprio) linha('Traz o seu recipiente')
  traco()

  for (const l of t.linhas) {
    e.bold(true)
    linha(`${l.qtd} x ${l.produto}${l.porcao === 'meia' ? ' - Meia dose' : ''}`)
    e.bold(false)
    for (const c of l.complementos) linha(`   + ${c}`)
    for (const o of l.opcoes) linha(`   ${o}`)
    if (l.observacoes) {
      e.bold(true)
      linha(`   Nota: ${l.observacoes}`)
      e.bold(false)
    }
    for (const a of alergenios(l)) linha(`   ${a}`)
  }
  traco()
  linha(`Pedido feito às ${horaNaLoja(t.criada_em, fuso)}`)
  e.newline(2).cut()
  return e.encode()
}
