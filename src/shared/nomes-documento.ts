import type { TipoDocumento } from './documentos.ts'

/**
 * What the customer and the staff read for each type of fiscal document (the names the CIVA and the SAF-T give them).
 * A module of its own: the screens that name documents load it without the schemas.
 */
export const NOMES_DOCUMENTO: Record<TipoDocumento, string> = {
  FS: 'Fatura simplificada',
  FR: 'Fatura-recibo',
  FT: 'Fatura',
  NC: 'Nota de crédito',
}
