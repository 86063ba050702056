import { ESTADO } from '../../../shared/estado-pedido.ts'
import { isoNow } from '../../platform/clock.ts'
import type { EstadoPagamento } from '../../platform/pagamentos.ts'
import { type Contexto, metodoDe, referenciaDe } from './contexto.ts'
import type { Liquidacao } from './liquidacao.ts'
import type { Reconciliacao } from './reconciliacao.ts'

/** A callback the status call did not confirm yet is asked about again this soon. */
const CALLBACK_POR_CONFIRMAR_MS = 30_000

/** The order a request's reference names (`E123` → 123). */
const idDaReferencia = (referencia: string): number | null => {
  const m = /^E(\d{1,10})$/.exec(referencia)
  const id = m ? Number(m[1]) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null
}

/** The payment provider's word that a request was answered: checked with the provider, then settled. */
export function createCallback(
  { provider, log, repo, clock, criadaAte, porReferencia, porReferenciaMaisTarde, criadaEmCursoAte, daquiA }: Contexto,
  { liquidar }: Liquidacao,
  { verificar }: Reconciliacao,
) {
  return {
    /**
     * The provider's callback: believed only after its status call says paid (replays and forgeries change nothing).
     * A request the order has no record of (its creation timed out, or the process stopped before writing it down) is
     * found by its reference (`E{id}`, same provider, same amount), and recorded only once the status call says paid.
     * 'indisponivel': such a request could not be confirmed now (the provider may send its callback again).
     */
    async receberCallback(
      nomeProvider: string,
      params: Record<string, unknown>,
    ): Promise<'ok' | 'recusado' | 'indisponivel'> {
      if (nomeProvider !== provider.nome) return 'recusado'
      const lido = provider.lerCallback(params)
      if (!lido) {
        log.warn({ provider: nomeProvider }, 'payment callback refused: bad or missing key')
        return 'recusado'
      }
      const p = await repo.findPorPagamento(provider.nome, lido.id)
      if (p) {
        if (lido.referencia !== referenciaDe(p.id) || lido.valor !== p.valor_pago || lido.metodo !== metodoDe(p)) {
          log.warn({ provider: nomeProvider, encomenda: p.id }, 'payment callback does not match the order request')
          return 'ok'
        }
        await verificar(p, false)
        // Not confirmed yet (the provider's list a little behind its callback, or the provider unreachable): asked
        // again soon, not at the backoff's next turn; the provider does not send a callback twice.
        const depois = await repo.find(p.id)
        if (depois?.estado === ESTADO.pagamento && depois.pagamento_estado === 'pendente') {
          await repo.adiar(depois, daquiA(CALLBACK_POR_CONFIRMAR_MS))
        }
        return 'ok'
      }
      // Matched by its reference only on an order whose create's outcome is unknown (porReferencia): the status call
      // says that request X is paid, not for which order nor how much, so an order whose create was refused, or whose
      // create may still answer with its own request, never takes X.
      const id = idDaReferencia(lido.referencia)
      const semRegisto = id === null ? undefined : await repo.find(id)
      const mesmoMetodo = semRegisto !== undefined && metodoDe(semRegisto) === lido.metodo
      if (semRegisto && mesmoMetodo && porReferenciaMaisTarde(semRegisto) && semRegisto.valor_pago === lido.valor) {
        // Not believed while its create may still answer with its own request; but not dropped either: the process
        // that made the request may have died before writing it down, and the provider sends this callback once.
        // Kept as the order's candidate, asked about (and recorded if paid) once no create can be in flight. Only the
        // first one: a later callback naming another request does not replace it (logged below for an operator).
        if (
          await repo.mudar(
            semRegisto.id,
            { pagamento: ['a-pedir'], semPagamentoId: true, semCandidato: true },
            { pagamento_candidato: lido.id, verificar_em: criadaEmCursoAte(semRegisto) },
          )
        ) {
          log.warn(
            { encomenda: semRegisto.id, pagamento: lido.id },
            'callback for a request the order has not recorded (yet): asked about once no create can be in flight',
          )
        } else if (semRegisto.pagamento_candidato !== null && semRegisto.pagamento_candidato !== lido.id) {
          log.warn(
            { encomenda: semRegisto.id, pagamento: lido.id, candidato: semRegisto.pagamento_candidato },
            'callback for another request while the order keeps a candidate: the first is kept, this one logged',
          )
        }
        return 'ok'
      }
      if (!semRegisto || !mesmoMetodo || !porReferencia(semRegisto) || semRegisto.valor_pago !== lido.valor) {
        log.warn(
          { provider: nomeProvider, encomenda: semRegisto?.id, pagamento: lido.id },
          'payment callback matches no order request',
        )
        return 'ok'
      }
      let estado: EstadoPagamento
      try {
        estado = await provider.estado(lido.id, lido.metodo)
      } catch (error) {
        // Kept on the order as its candidate: the reconciliation asks about it, should the provider never call again.
        await repo.mudar(
          semRegisto.id,
          { pagamento: ['a-pedir', 'expirado'], semPagamentoId: true, incertoOuCriadaAte: criadaAte() },
          { pagamento_candidato: lido.id, verificar_em: isoNow(clock) },
        )
        log.error(
          { encomenda: semRegisto.id, referencia: lido.referencia, pagamento: lido.id, err: error },
          'unrecorded payment request could not be confirmed; the reconciliation asks about it',
        )
        return 'indisponivel'
      }
      if (estado !== 'pago') {
        log.warn({ encomenda: semRegisto.id, estado }, 'payment callback for an unrecorded request that is not paid')
        return 'ok'
      }
      log.warn({ encomenda: semRegisto.id }, 'payment of an unrecorded MB WAY request: recorded now')
      await liquidar(semRegisto.id, lido.id)
      return 'ok'
    },

    /** Settles one order now (the sandbox's phone answered: the same path a provider's callback takes). */
    async verificarPorPagamento(pagamentoId: string): Promise<void> {
      const p = await repo.findPorPagamento(provider.nome, pagamentoId)
      if (p) await verificar(p, false)
    },
  }
}
