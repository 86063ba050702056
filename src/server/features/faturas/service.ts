import type { DocumentoFiscal } from '../../../shared/documentos.ts'
import {
  classeDe,
  type DocumentoEmFalta,
  type DocumentoFiscalPedido,
  DocumentoFiscalPedidoSchema,
  documentosMensagens,
} from '../../../shared/documentos-loja.ts'
import { type Clock, isoNow, MINUTE } from '../../platform/clock.ts'
import { sha256 } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import { canonical } from '../../platform/idempotency.ts'
import { type Classe, documentosRepo, type LinhaDocumento, type Origem } from './repository.ts'

export type { Classe, Origem } from './repository.ts'

export interface FaturasDeps {
  db: Database
  clock: Clock
  /** FISCAL_DOCUMENT_ALARM_MINUTES: how long a sale may wait for its document before it is flagged. */
  alarmeMinutos: number
}

/** A sale that owes documents: an app order or a till purchase, its store, customer and what it was. */
export interface Venda {
  origem: Origem
  id: number
  idLoja: number
  utilizadorId: number | null
  /** The order's code, or the purchase's POS reference: how the board names it. */
  referencia: string | null
}

/** A document as the customer, the board and the POS read it. */
export const paraDocumento = (l: LinhaDocumento): DocumentoFiscal => ({
  tipo: l.tipo ?? 'FT',
  numero: l.numero ?? '',
  atcud: l.atcud ?? '',
  qr: l.qr ?? '',
  emitido_em: l.emitido_em ?? '',
  pdf_url: l.pdf_url,
})

/**
 * Fiscal documents (STORE-API.md "Invoices", docs/decisions/0038): the POS issues them, Balcão keeps a copy and notices
 * one that never came. It owns its table and knows nothing of orders or purchases: ordering and the till tell it, in
 * the transaction that pays, refunds or cancels, that a document is owed (`exigir`), and hand it the POS's document
 * after checking the sale is the store's (`registar`). What is owed and missing past the alarm's minutes is what the
 * board, the back-office and the metrics flag, until it arrives.
 */
export function createFaturasService({ db, clock, alarmeMinutos }: FaturasDeps) {
  const repo = documentosRepo(db)
  /** Owed since this instant or before: flagged. */
  const alarmeAte = () => new Date(clock.now().getTime() - alarmeMinutos * MINUTE).toISOString()

  return {
    alarmeMinutos,

    /**
     * The body of `PUT …/documento` read whole: a bad `tipo`, an empty `numero`, `atcud` or `qr`, a PDF address that
     * is not https, is a 422 naming each bad field (STORE-API.md), before anything is read or written.
     */
    lerDocumento(corpo: unknown): DocumentoFiscalPedido {
      const lido = DocumentoFiscalPedidoSchema.safeParse(corpo ?? {})
      if (lido.success) return lido.data
      const fields: Record<string, string> = {}
      for (const issue of lido.error.issues) {
        const campo = issue.path.map(String).join('.') || 'documento'
        fields[campo] ??= issue.message
      }
      throw new HttpError(422, documentosMensagens.invalido, 'Documento inválido', fields)
    },

    /**
     * A document is owed from now: the sale's invoice once it is paid, its credit note once it is refunded or
     * cancelled. In the caller's transaction, so the debt exists exactly when what caused it does. Once per sale and
     * kind: a second refund of the same purchase owes no second credit note (one per kind, STORE-API.md).
     */
    async exigir(trx: DatabaseTransaction, venda: Venda, classe: Classe, valor: number): Promise<void> {
      await documentosRepo(trx).inserir({
        id_loja: venda.idLoja,
        origem: venda.origem,
        origem_id: venda.id,
        classe,
        utilizador_id: venda.utilizadorId,
        referencia: venda.referencia,
        valor,
        devido_em: isoNow(clock),
      })
    },

    /**
     * The POS's document for a sale the caller has checked is the acting store's (and, for a credit note, refunded or
     * cancelled), in the caller's transaction. The first document of its kind stays: the same one again answers it
     * again; another is a 409, nothing written. Race-safe: the unique index and the fill only while empty decide
     * which of two at once is first, and the other compares itself with it.
     */
    async registar(trx: DatabaseTransaction, venda: Venda, pedido: DocumentoFiscalPedido): Promise<DocumentoFiscal> {
      const r = documentosRepo(trx)
      const classe = classeDe(pedido.tipo)
      const pedidoHash = sha256(canonical(pedido))
      const campos = { ...pedido, pedido_hash: pedidoHash, recebido_em: isoNow(clock) }
      const resposta = (linha: LinhaDocumento | undefined): DocumentoFiscal | undefined => {
        if (!linha?.recebido_em) return undefined
        if (linha.pedido_hash !== pedidoHash) {
          throw new HttpError(409, documentosMensagens.outro(classe), 'Documento já registado')
        }
        return paraDocumento(linha)
      }
      const existente = await r.find(venda.origem, venda.id, classe)
      const ja = resposta(existente)
      if (ja) return ja
      // Whether it wrote or another request got there first (it committed while this one waited on the row), the
      // document now stored is the one: this one's, or the other's to compare with.
      await (existente
        ? r.preencher(existente.id, campos)
        : r.inserir({
            id_loja: venda.idLoja,
            origem: venda.origem,
            origem_id: venda.id,
            classe,
            utilizador_id: venda.utilizadorId,
            referencia: venda.referencia,
            ...campos,
          }))
      const final = resposta(await r.find(venda.origem, venda.id, classe))
      if (!final) throw new Error('documento fiscal não ficou registado')
      return final
    },

    /** The documents received for these sales, by sale (`ex`: the caller's transaction, to answer what it changed). */
    async documentosDe(origem: Origem, ids: number[], ex: Database = db): Promise<Map<number, DocumentoFiscal[]>> {
      const porVenda = new Map<number, DocumentoFiscal[]>()
      for (const linha of await documentosRepo(ex).recebidos(origem, [...new Set(ids)])) {
        const lista = porVenda.get(linha.origem_id) ?? []
        lista.push(paraDocumento(linha))
        porVenda.set(linha.origem_id, lista)
      }
      return porVenda
    },

    /** A store's sales flagged now (owed a document past the alarm's minutes): how many, and the longest due. */
    async emFalta(idLoja: number): Promise<{ total: number; itens: DocumentoEmFalta[] }> {
      const ate = alarmeAte()
      const [contagem, linhas] = await Promise.all([repo.contarEmFalta(ate, [idLoja]), repo.emFalta(ate, idLoja)])
      return {
        total: contagem.get(idLoja) ?? 0,
        itens: linhas.map((l) => ({
          origem: l.origem,
          id: l.origem_id,
          classe: l.classe,
          referencia: l.referencia,
          valor: l.valor,
          devido_em: l.devido_em ?? '',
        })),
      }
    },

    /** How many are flagged now at each of these stores (all stores when unsaid): the back-office's list. */
    contarEmFalta: (idsLoja?: number[]) => repo.contarEmFalta(alarmeAte(), idsLoja),

    /** The metric: flagged now, by store (its POS id as the label). */
    async emFaltaPorLoja(): Promise<Record<string, number>> {
      return Object.fromEntries([...(await repo.contarEmFalta(alarmeAte())).entries()].map(([k, v]) => [String(k), v]))
    },

    /**
     * A sale's documents become a customer's (a guest's order credited to the account made after it): an erasure of
     * that account then clears them too. In the caller's transaction.
     */
    atribuirCliente: (trx: DatabaseTransaction, venda: Pick<Venda, 'origem' | 'id'>, utilizadorId: number) =>
      trx
        .updateTable('documentos_fiscais')
        .set({ utilizador_id: utilizadorId })
        .where('origem', '=', venda.origem)
        .where('origem_id', '=', venda.id)
        .execute(),

    /** An erasure's part, in its transaction (see the repository). */
    esquecerCliente: (trx: DatabaseTransaction, utilizadorId: number) =>
      documentosRepo(trx).esquecerCliente(utilizadorId),
  }
}

export type FaturasService = ReturnType<typeof createFaturasService>
