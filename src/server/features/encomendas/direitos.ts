import { ESTADO } from '../../../shared/estado-pedido.ts'
import { TIME_ZONE } from '../../../shared/format.ts'
import { NOME_METODO } from '../../../shared/metodos-pagamento.ts'
import { randomToken, sha256 } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { reescreverRespostas } from '../../platform/idempotency.ts'
import { type LojaDoPedido, paraCliente } from './apresentacao.ts'
import { type Contexto, metodoDe } from './contexto.ts'

/** States in which an order is still being paid, prepared, or waiting at the counter for its customer. */
const EM_CURSO = [ESTADO.pagamento, ESTADO.recebido, ESTADO.emPreparacao, ESTADO.pronto]

/** Orders whose recorded store answers one query looks for (each a LIKE on the answers). */
const RESPOSTAS_POR_LOTE = 50

/**
 * Ordering's part of the customer's GDPR rights. An order keeps its amounts, lines, dates and store (the group's
 * accounts and invoices need them) and loses who it was for: the name, e-mail, phone and NIF typed at checkout.
 */
export function createDireitosEncomendas({ db, lojaDoPedido, documentosDe }: Contexto) {
  return {
    /**
     * An order still being paid, prepared or refunded: erasure waits for it (GDPR Art. 17(3)(b): the contract is being
     * performed, and the store must be able to hand it over or give the money back).
     */
    async pedidoEmCurso(utilizadorId: number, ex: Database = db): Promise<boolean> {
      const row = await ex
        .selectFrom('encomendas')
        .select('id')
        .where('utilizador_id', '=', utilizadorId)
        .where((eb) =>
          eb.or([
            eb('estado', 'in', EM_CURSO),
            eb('reembolso_estado', 'in', ['a-reembolsar', 'reembolsando', 'manual']),
          ]),
        )
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },

    /** Every order of the customer with its lines and what was typed at checkout, for the portability file. */
    async exportarCliente(utilizadorId: number) {
      const rows = await db
        .selectFrom('encomendas')
        .selectAll()
        .where('utilizador_id', '=', utilizadorId)
        .orderBy('id')
        .execute()
      const lojas = new Map<number, LojaDoPedido>()
      for (const id of new Set(rows.map((r) => r.id_loja))) lojas.set(id, await lojaDoPedido(id))
      const documentos = await documentosDe(rows.map((p) => p.id))
      return rows.map((p) => {
        const loja = lojas.get(p.id_loja) ?? { nome: `Loja ${p.id_loja}`, fuso: TIME_ZONE }
        const { pagamento: _, ...cliente } = paraCliente(p, loja, documentos.get(p.id) ?? [])
        return {
          ...cliente,
          checkout: { nome: p.nome, email: p.email, telemovel: p.telemovel, pais: p.pais, nif: p.nif },
          pagamento: {
            metodo: p.pagamento_provider ? NOME_METODO[metodoDe(p)] : null,
            estado: p.pagamento_estado,
            pagaEm: p.paga_em,
          },
        }
      })
    },

    /**
     * The erasure's ordering part, in its transaction: who each order was for is removed, from the orders and from the
     * store's recorded answers about them (an idempotent change of the board, platform/idempotency.ts, keeps the order
     * as the board showed it: name, phone and NIF). Those answers are rewritten as the order now reads, so that a
     * till's retry still gets its answer, and nobody's data.
     */
    async esquecerCliente(trx: DatabaseTransaction, utilizadorId: number): Promise<void> {
      const pedidos = await trx
        .updateTable('encomendas')
        .set({ nome: '', email: '', telemovel: '', pais: '', nif: null })
        .where('utilizador_id', '=', utilizadorId)
        .returning('id')
        .execute()
      // The guest whose order the account kept the points of (convidados.ts): their phone goes, and their link's token
      // opens nothing any more.
      await trx
        .updateTable('convidados')
        .set({ telemovel: '', pais: '', telemovel_e164: '', token_hash: sha256(randomToken()) })
        .where('utilizador_id', '=', utilizadorId)
        .execute()
      for (let i = 0; i < pedidos.length; i += RESPOSTAS_POR_LOTE) {
        const ids = new Set(pedidos.slice(i, i + RESPOSTAS_POR_LOTE).map((p) => p.id))
        await reescreverRespostas(
          trx,
          [...ids].map((id) => `"encomenda":{"id":${id},`),
          (corpo) => {
            const encomenda = (corpo as { data?: { encomenda?: Record<string, unknown> } }).data?.encomenda
            if (!encomenda || !ids.has(encomenda.id as number)) return undefined
            Object.assign(encomenda, { nome: '', telemovel: '', nif: null })
            return corpo
          },
        )
      }
    },
  }
}
