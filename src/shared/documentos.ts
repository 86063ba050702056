import { z } from 'zod'

/**
 * Fiscal documents (STORE-API.md "Invoices"): the POS, as certified billing software, issues the invoice of an app
 * order or a till purchase and the credit note of its refund or cancellation; Balcão keeps a copy to show the customer
 * and to notice one that never came (docs/decisions/0038).
 */

/** `FS` (fatura simplificada), `FR` (fatura-recibo), `FT` (fatura) for the sale; `NC` (nota de crédito) to undo it. */
export const TIPOS_DOCUMENTO = ['FS', 'FR', 'FT', 'NC'] as const
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number]

/** A document as Balcão keeps and shows it. */
export const DocumentoFiscalSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO),
  numero: z.string(),
  atcud: z.string(),
  qr: z.string(),
  emitido_em: z.string(),
  pdf_url: z.string().nullable(),
})
export type DocumentoFiscal = z.infer<typeof DocumentoFiscalSchema>

/** The documents of one sale, the invoice first. */
export const DocumentosSchema = z.array(DocumentoFiscalSchema).max(2)
