import { ESTADO } from '../../../shared/estado-pedido.ts'
import { isoNow } from '../../platform/clock.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { promocoesDe } from './apresentacao.ts'
import type { Confirmacao } from './confirmacao.ts'
import { type Contexto, referenciaDe } from './contexto.ts'
import { type Encomenda, encomendasRepo } from './encomendas-repository.ts'
import type { Reembolsos } from './reembolsos.ts'

/**
 * An order's payment settled, whoever learns of it first (a callback, the reconciliation, the checkout itself): paid,
 * its held balance taken and its purchase written; or failed (refused, expired, never requested), cancelled and its
 * balance given back. Each in one transaction with its ledger movements, from the state it expects.
 */
export function createLiquidacao(
  { db, clock, log, ledger, repo, criadaAte, anunciarPorId }: Contexto,
  { reembolsar }: Reembolsos,
  { lerConfirmacao, aoPagar }: Confirmacao,
) {
  /**
   * The payment arrived (the provider's status call said so): the held balance is taken for good and the purchase
   * earns (once, whoever gets here first). `pagamentoId`: the request, when the order had none recorded (found by its
   * reference), written in the same transaction; only on an order that may take one (`porReferencia`), and never a
   * request another order records (the unique index refuses it: not this order's payment). 'pago': paid now;
   * 'reembolsar': paid after it was given up, refunded; 'nada': nothing changed.
   */
  async function liquidar(id: number, pagamentoId?: string): Promise<'pago' | 'reembolsar' | 'nada'> {
    let aReembolsar: Encomenda | undefined
    let mudou: boolean
    // The store the confirmation names, read first, and only for an order that may become paid now.
    const antes = await repo.find(id)
    const paraConfirmacao = antes?.estado === ESTADO.pagamento ? await lerConfirmacao(antes.id_loja) : undefined
    try {
      mudou = await db.transaction().execute(async (trx) => {
        const r = encomendasRepo(trx)
        const p = await r.find(id)
        if (!p) return false
        // Another request than the one recorded on the order is not its payment.
        if (pagamentoId !== undefined && p.pagamento_id !== null && p.pagamento_id !== pagamentoId) return false
        const registar = pagamentoId !== undefined && p.pagamento_id === null
        const pedidoPagamento = registar ? { pagamento_id: pagamentoId } : {}
        const porRef = registar ? { semPagamentoId: true as const, incertoOuCriadaAte: criadaAte() } : {}
        if (p.utilizador_id !== null) await ledger.bloquear(trx, p.utilizador_id)
        const agora = isoNow(clock)
        if (
          await r.mudar(
            id,
            { estado: [ESTADO.pagamento], pagamento: ['a-pedir', 'pendente'], ...porRef },
            {
              ...pedidoPagamento,
              estado: ESTADO.recebido,
              pagamento_estado: 'pago',
              paga_em: agora,
              atualizada_em: agora,
              verificar_em: null,
            },
          )
        ) {
          const referencia = referenciaDe(p.id)
          // A guest has no balance and no ledger: their purchase is written if they join (convidados.ts).
          if (p.utilizador_id !== null) {
            // What the checkout held (the balance, a reward) is given back and spent by the purchase, in one go.
            if (p.desconto > 0 || p.premio_id !== null) {
              await ledger.libertar(trx, {
                utilizadorId: p.utilizador_id,
                idLoja: p.id_loja,
                valor: p.desconto,
                premio: p.premio_id !== null ? { id: p.premio_id } : null,
                referencia,
                paraComprar: true,
              })
            }
            const compra = await ledger.comprar(trx, {
              utilizadorId: p.utilizador_id,
              idLoja: p.id_loja,
              total: p.total,
              desconto: p.desconto,
              referencia,
              premio: p.premio_id !== null ? { id: p.premio_id, desconto: p.desconto_premio } : null,
              ...promocoesDe(p),
              aoFaltarAniversario: () =>
                log.error(
                  { encomenda: p.id },
                  'paid order: the birthday reward its checkout held is gone; purchase written',
                ),
            })
            await r.mudar(id, {}, { compra_id: compra.id, pontos_ganhos: compra.pontos_ganhos })
          }
          await aoPagar(trx, p, paraConfirmacao)
          return true
        }
        // Paid after the order was given up (the request expired here first, was never answered, or never recorded):
        // the order stays cancelled, off the board, and the money goes back.
        if (
          await r.mudar(
            id,
            registar
              ? { estado: [ESTADO.cancelado], pagamento: ['a-pedir', 'expirado'], ...porRef }
              : { estado: [ESTADO.cancelado], pagamento: ['a-pedir', 'pendente', 'recusado', 'expirado'] },
            {
              ...pedidoPagamento,
              pagamento_estado: 'pago',
              reembolso_estado: 'a-reembolsar',
              atualizada_em: agora,
              verificar_em: agora,
              tentativas: 0,
            },
          )
        ) {
          aReembolsar = await r.find(id)
        }
        return false
      })
    } catch (error) {
      if (pagamentoId === undefined || !isUniqueViolation(error)) throw error
      // Recorded on another order meanwhile (two callbacks naming one request for two orders): not this one's.
      log.error(
        { encomenda: id, pagamento: pagamentoId },
        'payment request named for this order is recorded on another order: not recorded here (a forged callback?)',
      )
      return 'nada'
    }
    if (mudou) {
      log.info({ encomenda: id }, 'encomenda paga')
      await anunciarPorId(id)
      return 'pago'
    }
    if (aReembolsar) {
      log.warn({ encomenda: id }, 'MB WAY paid after the order was given up: refunded')
      await reembolsar(aReembolsar)
      return 'reembolsar'
    }
    return 'nada'
  }

  /**
   * The payment failed (refused, expired, never requested): the order is cancelled and the held balance returns.
   * `confirmarEm`: when the provider has not confirmed the failure (given up after the expiry on another answer), when
   * to ask it again (a payment it reports after all is refunded); null when there is nothing to ask.
   */
  async function falhar(
    id: number,
    pagamento: 'recusado' | 'expirado',
    motivo: string,
    de: Encomenda['pagamento_estado'][],
    confirmarEm: string | null,
  ): Promise<boolean> {
    const mudou = await db.transaction().execute(async (trx) => {
      const r = encomendasRepo(trx)
      const p = await r.find(id)
      if (!p) return false
      if (p.utilizador_id !== null) await ledger.bloquear(trx, p.utilizador_id)
      const ok = await r.mudar(
        id,
        { estado: [ESTADO.pagamento], pagamento: de },
        {
          estado: ESTADO.cancelado,
          pagamento_estado: pagamento,
          motivo,
          atualizada_em: isoNow(clock),
          verificar_em: confirmarEm,
          tentativas: 0,
        },
      )
      if (ok && (p.desconto > 0 || p.premio_id !== null) && p.utilizador_id !== null) {
        await ledger.libertar(trx, {
          utilizadorId: p.utilizador_id,
          idLoja: p.id_loja,
          valor: p.desconto,
          premio: p.premio_id !== null ? { id: p.premio_id } : null,
          referencia: referenciaDe(p.id),
        })
      }
      return ok
    })
    if (mudou) await anunciarPorId(id)
    return mudou
  }

  return { liquidar, falhar }
}

export type Liquidacao = ReturnType<typeof createLiquidacao>
