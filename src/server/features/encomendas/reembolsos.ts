import { isoNow } from '../../platform/clock.ts'
import type { ResultadoReembolso } from '../../platform/pagamentos.ts'
import { atraso, type Contexto, metodoDe, REEMBOLSO_INCERTO_MS } from './contexto.ts'
import type { Encomenda } from './encomendas-repository.ts'

/** Refunds of MB WAY payments: an order the store cancelled, or a payment that came after the order was given up. */
export function createReembolsos({ repo, clock, provider, log, daquiA }: Contexto) {
  /**
   * Sends an order's MB WAY refund, once: the process that moves it from 'a-reembolsar' to 'reembolsando' (a
   * state-guarded update) is the only one that asks the provider; a store's cancel, a replay of it, a late callback and
   * the reconciliation in every process may all get here at once. A definite refusal goes back to 'a-reembolsar' and is
   * tried again later (1, 2, 4 … minutes, at most an hour); an outcome that cannot be known (a timeout, a dropped
   * connection, a crash before it was written down) stays 'reembolsando' and is never sent again by itself: an operator
   * checks the provider's back office (decision 0012), reminded by the log once a day.
   */
  async function reembolsar(p: Encomenda): Promise<void> {
    const agora = isoNow(clock)
    if (p.valor_pago <= 0) {
      await repo.mudar(
        p.id,
        { reembolso: ['a-reembolsar'] },
        { reembolso_estado: 'reembolsado', verificar_em: null, atualizada_em: agora },
      )
      return
    }
    const metodo = metodoDe(p)
    if (provider.reembolsaveis && !provider.reembolsaveis.includes(metodo)) {
      // The provider cannot give this method's payment back (a Multibanco reference): an operator does, by bank
      // transfer, and marks it refunded. Handed over once (the state-guarded move), said once, loudly; never tried
      // again by itself.
      const entregue = await repo.mudar(
        p.id,
        { reembolso: ['a-reembolsar'] },
        { reembolso_estado: 'manual', verificar_em: null, atualizada_em: agora },
      )
      if (entregue) {
        log.error(
          { encomenda: p.id, metodo, pagamento: p.pagamento_id, valor: p.valor_pago, alerta: 'reembolso-manual' },
          `refund of ${metodo} cannot be made through the provider: refund it by bank transfer and set reembolso_estado 'reembolsado'`,
        )
      }
      return
    }
    if (!p.pagamento_id) {
      // Paid through MB WAY with no request recorded: nothing to refund it by. Never marked refunded by itself.
      log.error({ encomenda: p.id }, 'MB WAY refund impossible: no provider request recorded; left for an operator')
      await repo.adiar(p, null)
      return
    }
    const reclamado = await repo.mudar(
      p.id,
      { reembolso: ['a-reembolsar'] },
      {
        reembolso_estado: 'reembolsando',
        // Not looked at again before then: only to remind an operator, should the outcome never be written.
        verificar_em: daquiA(REEMBOLSO_INCERTO_MS),
        tentativas: p.tentativas + 1,
        atualizada_em: agora,
      },
    )
    if (!reclamado) return
    let resultado: ResultadoReembolso
    try {
      resultado = await provider.reembolsar({ id: p.pagamento_id, valor: p.valor_pago, metodo })
    } catch (err) {
      log.error({ encomenda: p.id, err }, 'MB WAY refund failed unexpectedly')
      resultado = 'incerto'
    }
    if (resultado === 'ok') {
      await repo.mudar(
        p.id,
        { reembolso: ['reembolsando'] },
        { reembolso_estado: 'reembolsado', verificar_em: null, atualizada_em: isoNow(clock) },
      )
      log.info({ encomenda: p.id }, 'MB WAY reembolsado')
    } else if (resultado === 'incerto') {
      log.error(
        { encomenda: p.id, pagamento: p.pagamento_id },
        'MB WAY refund outcome unknown: not sent again; check it in the provider back office (decision 0012)',
      )
    } else {
      await repo.mudar(
        p.id,
        { reembolso: ['reembolsando'] },
        { reembolso_estado: 'a-reembolsar', verificar_em: daquiA(atraso(p.tentativas)), atualizada_em: isoNow(clock) },
      )
      log.error({ encomenda: p.id, resultado }, 'MB WAY refund refused; tried again later')
    }
  }

  return { reembolsar }
}

export type Reembolsos = ReturnType<typeof createReembolsos>
