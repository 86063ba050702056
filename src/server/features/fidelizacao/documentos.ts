import { documentosMensagens } from '../../../shared/documentos-loja.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { type Answer, idempotent } from '../../platform/idempotency.ts'
import {
  type AtorLoja,
  daEncomenda,
  type FidelizacaoContext,
  fidelizacaoMensagens,
  LOJA_LIMITES,
  vendaDaCompra,
} from './context.ts'
import { fidelizacaoRepo } from './repository.ts'

export const documentosCompraMensagens = {
  daEncomenda:
    'Esta compra é de uma encomenda da app: envie o documento para a encomenda (PUT /api/loja/v1/encomendas/{id}/documento).',
}

/**
 * The invoice (or the credit note) the store's POS issued for a till purchase (STORE-API.md "Invoices",
 * `PUT /compras/{id}/documento`): a purchase of the acting store (404, 403), not an app order's (its documents go to
 * the order, 409), a credit note only once it was refunded (409); features/faturas keeps it, one per kind. The
 * customer's screens hear of it (their transactions show it).
 */
export function createDocumentosCompras(ctx: FidelizacaoContext) {
  const { db, clock, throttle, faturas, onMovimento, limit } = ctx

  return {
    /** `corpo` as the POS sent it: refused whole (422) unless it is a document, before anything is read or written. */
    async registarDocumento(ator: AtorLoja, chave: string, compraId: number, corpo: unknown): Promise<Answer> {
      const pedido = faturas.lerDocumento(corpo)
      await limit(`loja:escritas:${ator.chaveId}`, LOJA_LIMITES.escritas, throttle)
      let cliente: number | undefined
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { documento: { compra: compraId, ...pedido } } },
        async (trx) => {
          const ledger = fidelizacaoRepo(trx)
          const compra = await ledger.findMovimento(compraId)
          if (compra?.tipo !== 'compra') throw notFound(fidelizacaoMensagens.compraNaoEncontrada)
          if (compra.id_loja !== ator.idLoja) throw new HttpError(403, fidelizacaoMensagens.outraLoja, 'Outra loja')
          if (daEncomenda(compra)) {
            throw new HttpError(409, documentosCompraMensagens.daEncomenda, 'Compra de uma encomenda')
          }
          if (pedido.tipo === 'NC' && (await ledger.devolvidoDe(compra.id)).devolucoes === 0) {
            throw new HttpError(409, documentosMensagens.semDevolucao, 'Sem devolução')
          }
          cliente = compra.utilizador_id
          const documento = await faturas.registar(trx, vendaDaCompra(compra), pedido)
          return { status: 200, body: { data: { documento } } }
        },
      )
      if (answer.status < 300 && cliente !== undefined) onMovimento?.(cliente)
      return answer
    },
  }
}
