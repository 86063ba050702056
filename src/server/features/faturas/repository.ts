import type { Insertable, Selectable } from 'kysely'
import type { DocumentosFiscaisTable } from '../../db/schema.ts'
import type { Database } from '../../platform/db.ts'

export type LinhaDocumento = Selectable<DocumentosFiscaisTable>
export type Origem = DocumentosFiscaisTable['origem']
export type Classe = DocumentosFiscaisTable['classe']

/** The document fields the POS sends, as stored. */
export type CamposDocumento = Pick<
  Insertable<DocumentosFiscaisTable>,
  'tipo' | 'numero' | 'atcud' | 'qr' | 'emitido_em' | 'pdf_url' | 'pedido_hash' | 'recebido_em'
>

/** Most missing documents one list carries (the board's banner, the back-office): the count says the rest. */
export const EM_FALTA_LISTA_MAX = 50

/** Fiscal documents owed and received, on the pool or inside a transaction. */
export function documentosRepo(db: Database) {
  return {
    find(origem: Origem, origemId: number, classe: Classe) {
      return db
        .selectFrom('documentos_fiscais')
        .selectAll()
        .where('origem', '=', origem)
        .where('origem_id', '=', origemId)
        .where('classe', '=', classe)
        .executeTakeFirst()
    },

    /** Writes the row unless one of its sale and kind exists (the first one stays): whether it wrote it. */
    async inserir(valores: Insertable<DocumentosFiscaisTable>): Promise<boolean> {
      const r = await db
        .insertInto('documentos_fiscais')
        .values(valores)
        .onConflict((oc) => oc.columns(['origem', 'origem_id', 'classe']).doNothing())
        .executeTakeFirst()
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
    },

    /** Fills a row owed a document, only while none arrived: whether this call filled it. */
    async preencher(id: number, campos: CamposDocumento): Promise<boolean> {
      const r = await db
        .updateTable('documentos_fiscais')
        .set(campos)
        .where('id', '=', id)
        .where('recebido_em', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    /** The documents received for these sales, the invoice before the credit note. */
    recebidos(origem: Origem, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([] as LinhaDocumento[])
      return db
        .selectFrom('documentos_fiscais')
        .selectAll()
        .where('origem', '=', origem)
        .where('origem_id', 'in', ids)
        .where('recebido_em', 'is not', null)
        .orderBy('origem_id')
        .orderBy('classe', 'desc')
        .execute()
    },

    /** What is owed a document since `ate` or before and has none, the longest due first (a store's, or all). */
    emFalta(ate: string, idLoja?: number, limite = EM_FALTA_LISTA_MAX) {
      let q = db
        .selectFrom('documentos_fiscais')
        .select(['id_loja', 'origem', 'origem_id', 'classe', 'referencia', 'valor', 'devido_em'])
        .where('recebido_em', 'is', null)
        .where('devido_em', '<=', ate)
      if (idLoja !== undefined) q = q.where('id_loja', '=', idLoja)
      return q.orderBy('devido_em').orderBy('id').limit(limite).execute()
    },

    /** How many are owed since `ate` or before and missing, by store. */
    async contarEmFalta(ate: string, idsLoja?: number[]): Promise<Map<number, number>> {
      if (idsLoja?.length === 0) return new Map()
      let q = db
        .selectFrom('documentos_fiscais')
        .select((eb) => ['id_loja', eb.fn.countAll<number>().as('n')])
        .where('recebido_em', 'is', null)
        .where('devido_em', '<=', ate)
      if (idsLoja) q = q.where('id_loja', 'in', idsLoja)
      const rows = await q.groupBy('id_loja').execute()
      return new Map(rows.map((r) => [r.id_loja, Number(r.n)]))
    },

    /**
     * An erasure: the parts of the customer's documents that name them go (the QR code's text carries the buyer's
     * NIF, the PDF their name); the number and ATCUD, which name nobody, stay, and so does the record that it arrived.
     */
    async esquecerCliente(utilizadorId: number): Promise<void> {
      await db
        .updateTable('documentos_fiscais')
        .set({ qr: '', pdf_url: null, utilizador_id: null })
        .where('utilizador_id', '=', utilizadorId)
        .execute()
    },
  }
}
