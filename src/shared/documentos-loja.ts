import { z } from 'zod'
import { TIPOS_DOCUMENTO, type TipoDocumento } from './documentos.ts'
import { depoisDoTexto, obrigatorio, requiredError } from './validacao.ts'

/**
 * The store's side of the fiscal documents (STORE-API.md "Invoices", docs/decisions/0038): what the POS sends, the rules
 * it is read by, and what the alarm lists while one is missing. Not in the customer app's first load: the app shows
 * documents (documentos.ts), it never takes one.
 */

/** The two kinds a sale may have one each of: its invoice, and the credit note of its refund or cancellation. */
export type ClasseDocumento = 'venda' | 'credito'
export const classeDe = (tipo: TipoDocumento): ClasseDocumento => (tipo === 'NC' ? 'credito' : 'venda')

/** A document's number as printed (SAF-T's InvoiceNo is at most 60 characters). */
export const NUMERO_MAX = 60
/** The ATCUD: the series' validation code, a hyphen and the document's sequence number. */
export const ATCUD_MAX = 100
/** The AT QR code's text (Portaria 195/2020): a few hundred characters in practice. */
export const QR_MAX = 1000
export const PDF_URL_MAX = 2000

export const documentosMensagens = {
  tipo: 'Tipo de documento inválido: FS, FR ou FT para a venda, NC para a nota de crédito.',
  pdfUrl: 'O endereço do PDF tem de começar por https://',
  emitidoEm: 'Data e hora em ISO 8601, por exemplo 2026-11-22T10:05:00Z.',
  invalido: 'Documento fiscal inválido.',
  outro: (classe: ClasseDocumento) =>
    classe === 'venda'
      ? 'Esta venda já tem outra fatura registada: só se regista uma.'
      : 'Esta venda já tem outra nota de crédito registada: só se regista uma.',
  semDevolucao: 'Esta venda não foi devolvida nem cancelada: não há nota de crédito a registar.',
  /** Balcão's own confirmations (the screen, the e-mail, the till) are not invoices: the POS issues those. */
  naoServeDeFatura: 'Não serve de fatura',
} as const

/** ISO 8601 with a time and a zone (`Z` or an offset), as certified software stamps its documents. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * Whether a text of that form names a real instant: a month 01–12, a day its month has (no 30 February, which
 * `Date.parse` would read as 2 March), hours to 23, minutes and seconds to 59, an offset to 23:59.
 */
function instanteReal(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(v)
  if (!m) return false
  const [ano = 0, mes = 0, dia = 0, hora = 0, minuto = 0, segundo = 0, oh = 0, om = 0] = m
    .slice(1)
    .map((x) => Number(x ?? 0))
  const diasDoMes = new Date(Date.UTC(ano, mes, 0)).getUTCDate()
  return (
    mes >= 1 &&
    mes <= 12 &&
    dia >= 1 &&
    dia <= diasDoMes &&
    hora <= 23 &&
    minuto <= 59 &&
    segundo <= 59 &&
    oh <= 23 &&
    om <= 59
  )
}

/** The body of `PUT …/documento`: what the POS issued, as printed. */
export const DocumentoFiscalPedidoSchema = z.object({
  tipo: z
    .enum(TIPOS_DOCUMENTO, { error: documentosMensagens.tipo })
    .meta({ description: '`FS`, `FR` or `FT` for the sale; `NC` for the credit note of a refund or cancellation.' }),
  numero: obrigatorio(NUMERO_MAX).meta({ description: 'The document’s number as printed, e.g. `FR A/123`.' }),
  atcud: obrigatorio(ATCUD_MAX).meta({ description: 'The document’s ATCUD, e.g. `JJ4M7R2C-123`.' }),
  qr: obrigatorio(QR_MAX).meta({
    description: 'The text of the document’s AT QR code (Portaria 195/2020: fields joined by `*`), as printed.',
  }),
  emitido_em: z
    .string({ error: requiredError })
    .trim()
    .regex(ISO_DATE_TIME, { error: documentosMensagens.emitidoEm, ...depoisDoTexto })
    .refine(instanteReal, documentosMensagens.emitidoEm)
    .meta({ description: 'When it was issued, ISO 8601 with a zone.' }),
  pdf_url: z
    .string()
    .trim()
    .max(PDF_URL_MAX)
    .regex(/^https:\/\/\S+$/, { error: documentosMensagens.pdfUrl, ...depoisDoTexto })
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'An https address of the document’s PDF, optional.' }),
})
export type DocumentoFiscalPedido = z.output<typeof DocumentoFiscalPedidoSchema>

/** Something paid, refunded or cancelled whose document has not arrived: what the board and the back-office flag. */
export const DocumentoEmFaltaSchema = z.object({
  origem: z.enum(['encomenda', 'compra']),
  /** The order's or the till purchase's id. */
  id: z.number().int(),
  classe: z.enum(['venda', 'credito']),
  /** The order's code, or the POS reference the purchase was registered with. */
  referencia: z.string().nullable(),
  /** Cents: what was paid (the sale) or given back (the credit note). */
  valor: z.number().int(),
  /** Since when it is due (ISO). */
  devido_em: z.string(),
})
export type DocumentoEmFalta = z.infer<typeof DocumentoEmFaltaSchema>

/** How the board names a missing document: 'Fatura da encomenda n.º 123', 'Nota de crédito da compra FR A/9'. */
export function descreverEmFalta(f: Pick<DocumentoEmFalta, 'origem' | 'id' | 'classe' | 'referencia'>): string {
  const documento = f.classe === 'venda' ? 'Fatura' : 'Nota de crédito'
  const de =
    f.origem === 'encomenda' ? `da encomenda n.º ${f.referencia ?? f.id}` : `da compra ${f.referencia ?? `n.º ${f.id}`}`
  return `${documento} ${de}`
}
