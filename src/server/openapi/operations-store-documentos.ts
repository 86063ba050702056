import { DocumentoFiscalPedidoSchema, documentosMensagens } from '../../shared/documentos-loja.ts'
import type { OperationDoc } from './operation.ts'
import { STORE_WRITES_LIMIT as writesLimit } from './texts.ts'

/** The Store API's invoices (STORE-API.md "Invoices"): the fiscal documents the POS issued for a sale or its undoing. */

/** An invoice as the POS sends it (STORE-API.md "Invoices"): its AT QR code's text as printed. */
const documento = {
  tipo: 'FR',
  numero: 'FR A/123',
  atcud: 'JJ4M7R2C-123',
  qr: 'A:509999999*B:999999990*C:PT*D:FR*E:N*F:20261122*G:FR A/123*H:JJ4M7R2C-123*I1:PT*I5:3.54*I6:0.46*N:0.46*O:4.00*Q:Xy9Z*R:1234',
  emitido_em: '2026-11-22T12:35:10Z',
  pdf_url: 'https://faturas.exemplo.pt/FR-A-123.pdf',
}

/** What both document routes say: the rules of STORE-API.md "Invoices". */
const documentoDescricao = (de: string, nc: string) =>
  [
    `The fiscal document the POS issued for ${de}, as certified billing software issues it: \`FS\`, \`FR\` or \`FT\``,
    `for the sale; \`NC\` for the credit note ${nc}. \`qr\`: the text of its AT QR code (Portaria 195/2020), as`,
    'printed; `pdf_url`: an https address of its PDF, optional. One document per kind (the sale, the credit note):',
    'the same body again answers 200 with the same document; another body for a kind already given is 409. The',
    'customer sees it in the app (number, ATCUD, the QR code drawn from `qr`, the PDF). Until it arrives, a sale paid,',
    'refunded or cancelled more than `FISCAL_DOCUMENT_ALARM_MINUTES` ago is flagged on the board, in the back-office',
    'and in the metrics.',
    '',
    `Idempotent by \`Idempotency-Key\`. ${writesLimit}`,
  ].join('\n')

/** What no pattern can say of `emitido_em`: the form is stated, that it names a real instant is this rule. */
const documentoCampos = [
  {
    field: 'emitido_em',
    rule: '`emitido_em` names a real instant: a month 01–12, a day the month has, hours, minutes and an offset in range (the schema states the form only).',
    messages: [documentosMensagens.emitidoEm],
  },
]

const documentoErros = (coisa: string, outra: string) => ({
  403: `The ${coisa} is another store’s (nothing written).`,
  404: `No such ${coisa}.`,
  409: `Another document of this kind was already given for it; or an \`NC\` for ${outra} (nothing written).`,
  422: 'A bad `tipo`, an empty `numero`, `atcud` or `qr`, an `emitido_em` that is not ISO 8601 with a zone, a `pdf_url` that is not https: `fields` names each (nothing written).',
  429: writesLimit,
})

export const STORE_DOCUMENT_OPERATIONS: Record<string, OperationDoc> = {
  'PUT /api/loja/v1/compras/{id}/documento': {
    operationId: 'registarDocumentoCompra',
    summary: 'Record the invoice (or the credit note) the POS issued for a till purchase',
    description: documentoDescricao(
      'a till purchase (`transacao.id`)',
      'of its refund; an app order’s purchase takes its documents on the order',
    ),
    idempotent: true,
    body: DocumentoFiscalPedidoSchema,
    fields: documentoCampos,
    errors: documentoErros('purchase', 'a purchase not refunded, or a purchase of an app order (send it to the order)'),
    examples: { request: documento, response: { data: { documento } } },
  },
  'PUT /api/loja/v1/encomendas/{id}/documento': {
    operationId: 'registarDocumentoEncomenda',
    summary: 'Record the invoice (or the credit note) the POS issued for an app order',
    description: documentoDescricao('a paid app order', 'of its cancellation'),
    idempotent: true,
    body: DocumentoFiscalPedidoSchema,
    fields: documentoCampos,
    errors: documentoErros('order', 'an order not cancelled'),
    examples: { request: documento, response: { data: { documento } } },
  },
}
