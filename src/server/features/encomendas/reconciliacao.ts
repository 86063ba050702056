import { ESTADO } from '../../../shared/estado-pedido.ts'
import { DAY, HOUR, isoNow, MINUTE } from '../../platform/clock.ts'
import type { EstadoPagamento } from '../../platform/pagamentos.ts'
import { atraso, type Contexto, MARGEM_MS, metodoDe, motivoDe, REEMBOLSO_INCERTO_MS, referenciaDe } from './contexto.ts'
import type { Encomenda } from './encomendas-repository.ts'
import type { Liquidacao } from './liquidacao.ts'
import type { Reembolsos } from './reembolsos.ts'

/** A cancellation the provider never confirmed (refused or expired) is asked about this long after the checkout. */
const CONFIRMAR_DURANTE_MS = DAY
/** The longest wait between two asks about a Multibanco reference or a provider's page still open. */
const ATRASO_PAGINA_MS = 5 * MINUTE
/** Orders the reconciliation looks at in one pass; the next pass takes the rest. */
const POR_PASSAGEM = 200

/**
 * Asking the provider about orders not settled (payments, refunds, cancellations to confirm) and acting on its answer:
 * one order when its callback comes, every order due at the minute's pass.
 */
export function createReconciliacao(
  { clock, repo, log, provider, porReferencia, daquiA, aPedirAte, pendenteAte }: Contexto,
  { liquidar, falhar }: Liquidacao,
  { reembolsar }: Reembolsos,
) {
  /**
   * What the provider says of one order's payment, acted on. Never trusts anything but the provider's status call.
   * `reconciliacao`: the minute's pass, which also moves the order's next check (a callback only asks now).
   */
  async function verificar(p: Encomenda, reconciliacao: boolean): Promise<void> {
    const agora = clock.now().getTime()
    if (p.reembolso_estado === 'a-reembolsar') {
      await reembolsar(p)
      return
    }
    if (p.reembolso_estado === 'reembolsando') {
      if (reconciliacao) {
        log.error(
          { encomenda: p.id, pagamento: p.pagamento_id, desde: p.atualizada_em },
          'MB WAY refund outcome still unknown: check it in the provider back office and set reembolso_estado (decision 0012)',
        )
        await repo.adiar(p, daquiA(REEMBOLSO_INCERTO_MS))
      }
      return
    }
    // A request a callback named for this order (it records none) while the provider could not be asked: asked now.
    let candidato = porReferencia(p) ? p.pagamento_candidato : null
    if (candidato !== null) {
      let estado: EstadoPagamento | null = null
      try {
        estado = await provider.estado(candidato, metodoDe(p))
      } catch (error) {
        log.warn({ encomenda: p.id, pagamento: candidato, err: error }, 'unrecorded request status unavailable')
      }
      if (estado === 'pago') {
        log.warn({ encomenda: p.id, pagamento: candidato }, 'payment of an unrecorded MB WAY request: recorded now')
        if ((await liquidar(p.id, candidato)) !== 'nada') return
        if ((await repo.find(p.id))?.pagamento_id === candidato) return
        log.error(
          { encomenda: p.id, referencia: referenciaDe(p.id), pagamento: candidato },
          "a paid MB WAY request named for this order could not be recorded on it: check the provider's back office",
        )
      }
      if (estado !== null && estado !== 'pendente') {
        await repo.mudar(p.id, { candidato }, { pagamento_candidato: null })
        candidato = null
      }
    }
    if (p.pagamento_estado === 'a-pedir') {
      // Its request never made, or never recorded (a timeout, a crash): given up once it could no longer be paid, the
      // balance back. A payment that still comes is found by its reference (receberCallback) and refunded.
      if (agora >= aPedirAte(p)) {
        const confirmarEm = candidato === null ? null : daquiA(MINUTE)
        if (await falhar(p.id, 'expirado', motivoDe(metodoDe(p), 'semPedido'), ['a-pedir'], confirmarEm)) {
          // Nobody else can know: a request may have reached the phone and been paid, and only its callback finds it.
          log.error(
            {
              encomenda: p.id,
              referencia: referenciaDe(p.id),
              valor: p.valor_pago,
              incerto: p.pagamento_incerto === 1,
              pagamento: candidato ?? undefined,
            },
            `order given up with no MB WAY request recorded: a payment for ${referenciaDe(p.id)} may have been made that no order records; check the provider's back office`,
          )
        }
      } else if (reconciliacao) {
        // A candidate still pending is asked again sooner; otherwise nothing to ask before it is given up.
        const ate = candidato === null ? aPedirAte(p) : Math.min(aPedirAte(p), agora + atraso(p.tentativas))
        await repo.adiar(p, new Date(ate).toISOString())
      }
      return
    }
    if (p.pagamento_id === null && candidato !== null) {
      // Given up with a candidate not answered yet: asked like an unconfirmed cancellation (below).
      if (agora - Date.parse(p.criada_em) > CONFIRMAR_DURANTE_MS) {
        log.error(
          { encomenda: p.id, referencia: referenciaDe(p.id), pagamento: candidato },
          "unrecorded MB WAY request never confirmed by the provider; no longer asked: check the provider's back office",
        )
        await repo.adiar(p, null)
      } else if (reconciliacao) {
        await repo.adiar(p, daquiA(atraso(p.tentativas)))
      }
      return
    }
    const cancelada =
      p.estado === ESTADO.cancelado && (p.pagamento_estado === 'recusado' || p.pagamento_estado === 'expirado')
    if (!p.pagamento_id || !(p.pagamento_estado === 'pendente' || cancelada)) {
      // Settled: nothing to ask.
      if (reconciliacao && p.verificar_em !== null) await repo.adiar(p, null)
      return
    }
    let estado: EstadoPagamento | null = null
    try {
      estado = await provider.estado(p.pagamento_id, metodoDe(p))
    } catch (error) {
      log.warn({ encomenda: p.id, err: error }, 'payment status unavailable; asked again later')
    }
    if (estado === 'pago') {
      await liquidar(p.id)
      return
    }
    if (cancelada) {
      if (estado === 'recusado' || estado === 'expirado') {
        if (p.verificar_em !== null) await repo.adiar(p, null)
      } else if (metodoDe(p) !== 'mbway' && p.expira_em !== null && agora > Date.parse(p.expira_em) + HOUR) {
        // A reference or a page cannot be paid past its expiry, and the provider's list never says 'expired': asked
        // for an hour after it (a payment of its last minutes is found), then no more, and nothing to alarm anyone.
        log.info({ encomenda: p.id }, 'cancelled order past its request expiry, not paid: no longer asked')
        await repo.adiar(p, null)
      } else if (agora - Date.parse(p.expira_em ?? p.criada_em) > CONFIRMAR_DURANTE_MS) {
        log.error({ encomenda: p.id }, 'cancelled order never confirmed by the payment provider; no longer asked')
        await repo.adiar(p, null)
      } else if (reconciliacao) {
        await repo.adiar(p, daquiA(atraso(p.tentativas)))
      }
      return
    }
    // The provider's definitive word ends it now, inside the margin too (MARGEM_MS waits for late callbacks only):
    // the balance goes back and the customer may try again at once.
    if (estado === 'recusado') {
      await falhar(p.id, 'recusado', motivoDe(metodoDe(p), 'recusado'), ['pendente'], null)
    } else if (estado === 'expirado') {
      await falhar(p.id, 'expirado', motivoDe(metodoDe(p), 'expirado'), ['pendente'], null)
    } else if (agora >= pendenteAte(p)) {
      // Still pending, or an answer we cannot read, well past the expiry: given up, the balance back; the provider is
      // still asked for a while, and a payment it reports after all is refunded.
      log.warn({ encomenda: p.id, estado }, 'payment not settled past its expiry; order given up')
      await falhar(p.id, 'expirado', motivoDe(metodoDe(p), 'expirado'), ['pendente'], daquiA(MINUTE))
    } else if (reconciliacao) {
      // An MB WAY request lives minutes: asked again at the next pass, after the orders not asked about for longer. A
      // Multibanco reference or a provider's page waits longer for the customer, whose payment its callback brings:
      // asked less and less often, and at its expiry.
      const proxima =
        metodoDe(p) === 'mbway'
          ? agora
          : Math.min(agora + Math.min(atraso(p.tentativas), ATRASO_PAGINA_MS), pendenteAte(p) - MARGEM_MS)
      await repo.adiar(p, new Date(Math.max(proxima, agora)).toISOString())
    }
  }

  return {
    verificar,

    /** Asks the provider about every order due (at start and every minute): unsettled payments and refunds. */
    async reconciliar(): Promise<number> {
      const rows = await repo.listPorResolver(isoNow(clock), POR_PASSAGEM)
      for (const p of rows) {
        try {
          await verificar(p, true)
        } catch (error) {
          log.error({ encomenda: p.id, err: error }, 'payment reconciliation failed for one order; tried again later')
          // To the back, later and later: an order that keeps failing must not come first in every pass.
          await repo
            .adiar(p, daquiA(atraso(p.tentativas)))
            .catch((err: unknown) => log.error({ encomenda: p.id, err }, 'payment reconciliation could not postpone'))
        }
      }
      return rows.length
    },
  }
}

export type Reconciliacao = ReturnType<typeof createReconciliacao>
