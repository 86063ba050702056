import { documentosMensagens } from '../../../shared/documentos-loja.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { type Answer, idempotent } from '../../platform/idempotency.ts'
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts'
import { type Contexto, daLojaOuErro, vendaDe } from './contexto.ts'
import { encomendasRepo } from './encomendas-repository.ts'
import type { AtorLoja } from './quadro.ts'

/**
 * The invoice (or the credit note) the store's POS issued for an app order (STORE-API.md "Invoices",
 * `PUT /encomendas/{id}/documento`): the order must be on the acting store's board (404, 403), a credit note only for
 * one that was cancelled (409); features/faturas keeps it, one per kind. Once written, the customer's order screen and
 * the board hear of it.
 */
export function createDocumentosEncomendas({ db, clock, faturas, escritasLoja, anunciarPorId }: Contexto) {
  // Limited per key as the board's other writes are (escritasLoja), in this process's counters like theirs.
  const throttle = createMemoryRateLimiter(clock)

  return {
    /** `corpo` as the POS sent it: refused whole (422) unless it is a document, before anything is read or written. */
    async registarDocumento(ator: AtorLoja, chave: string, id: number, corpo: unknown): Promise<Answer> {
      const pedido = faturas.lerDocumento(corpo)
      const { allowed, retryAfterMs } = await throttle.hit(`loja:documentos:${ator.chaveId}`, escritasLoja)
      if (!allowed) throw new TooManyRequests(retryAfterMs)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { documento: { encomenda: id, ...pedido } } },
        async (trx) => {
          const p = daLojaOuErro(await encomendasRepo(trx).find(id), ator.idLoja)
          if (pedido.tipo === 'NC' && p.estado !== ESTADO.cancelado) {
            throw new HttpError(409, documentosMensagens.semDevolucao, 'Sem devolução')
          }
          const documento = await faturas.registar(trx, vendaDe(p), pedido)
          return { status: 200, body: { data: { documento } } }
        },
      )
      await anunciarPorId(id)
      return answer
    },
  }
}
