import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { FinalizaEncomendaSchema } from '../../../shared/encomenda.ts'
import { ESTADO, type Estado } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaCliente, EncomendaLoja, PedidoLinha } from '../../../shared/pedido.ts'
import { mensagens, toE164Mobile } from '../../../shared/validacao.ts'
import { type Clock, DAY, HOUR, isoNow, MINUTE } from '../../platform/clock.ts'
import { sha256 } from '../../platform/crypto.ts'
import { type Database, isUniqueViolation } from '../../platform/db.ts'
import { fieldError, HttpError, notFound, TooManyRequests } from '../../platform/errors.ts'
import { canais, type EventBus } from '../../platform/eventos.ts'
import { escapeHtml } from '../../platform/html.ts'
import { type Answer, canonical, idempotent, reusedKey } from '../../platform/idempotency.ts'
import {
  type EstadoPagamento,
  PagamentoIndisponivel,
  PagamentoRecusado,
  type PaymentProvider,
  type ResultadoReembolso,
} from '../../platform/pagamentos.ts'
import { createMemoryRateLimiter, type Limit, type RateLimiter } from '../../platform/rate-limit.ts'
import { type FidelizacaoService, LOJA_LIMITES } from '../fidelizacao/service.ts'
import type { NovaNotificacao } from '../notificacoes/service.ts'
import { type Pedido, pedidosRepo } from './pedidos-repository.ts'
import type { EncomendasService } from './service.ts'

export const pedidosMensagens = {
  telemovelMbway: 'Indique o telemóvel com MB WAY para pagar.',
  mbwayRecusado: 'O MB WAY não aceitou o pedido de pagamento. Confirme o número de telemóvel.',
  indisponivel: 'Não foi possível submeter o carrinho. Tente mais tarde',
  naoEncontrada: 'Encomenda não encontrada.',
  soAvanca: 'Esta encomenda já não está nesse passo: só avança de Recebida para Em preparação e depois para Pronta.',
  jaPronta: 'Esta encomenda já está pronta: não pode ser cancelada.',
  jaCancelada: 'Esta encomenda já foi cancelada.',
  estadoDesconhecido: 'Estado desconhecido: uma encomenda só passa a 1 (Em preparação) ou a 2 (Pronta).',
  outraLoja: 'Esta encomenda pertence a outra loja.',
  motivos: {
    recusado: 'O pagamento MB WAY foi recusado.',
    expirado: 'O pedido de pagamento MB WAY expirou.',
    semPedido: 'Não foi possível pedir o pagamento MB WAY.',
  },
}

/**
 * After a request's expiry, this long before the order is given up on any answer but "paid" (a status the provider
 * cannot give, an outage, a request never recorded): the phone cannot pay any more, and a payment that still arrives
 * is refunded.
 */
const MARGEM_MS = 2 * MINUTE
/**
 * A create call still unanswered after this long is no longer in flight (the adapters give up well before: ifthenpay
 * after 15 s): an order left 'a-pedir' this long had a create whose outcome is unknown (a crash between the provider's
 * answer and writing it down), and may be matched by a callback's reference like one whose create got no readable
 * answer (`pagamento_incerto`). A younger one's create may still be on its way: never matched.
 */
const CRIAR_EM_CURSO_MS = MINUTE
/** A cancellation the provider never confirmed (refused or expired) is asked about this long after the checkout. */
const CONFIRMAR_DURANTE_MS = DAY
/** A refund whose outcome is unknown is not sent again: an operator is reminded this often (decision 0012). */
const REEMBOLSO_INCERTO_MS = DAY
/** The longest wait between two tries of a refund the provider refused, or two asks about a cancellation. */
const ATRASO_MAX_MS = HOUR
/** Finished orders stay in the customer's current orders this long (the catalogue's status bar, the confirmation). */
const ATUAIS_DURANTE_MS = 60 * 60 * 1000
/** Orders the reconciliation looks at in one pass; the next pass takes the rest. */
const POR_PASSAGEM = 200

const referenciaDe = (id: number) => `E${id}`
/** The order a request's reference names (`E123` → 123). */
const idDaReferencia = (referencia: string): number | null => {
  const m = /^E(\d{1,10})$/.exec(referencia)
  const id = m ? Number(m[1]) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null
}
/** 1, 2, 4 … minutes, at most ATRASO_MAX_MS. */
const atraso = (tentativas: number) => Math.min(MINUTE * 2 ** Math.min(tentativas, 10), ATRASO_MAX_MS)
const PAGAS = ['pago', 'sem-pagamento'] as const

export interface PedidosDeps {
  db: Database
  clock: Clock
  provider: PaymentProvider
  bus: EventBus
  expirySeconds: number
  catalogo: Pick<EncomendasService, 'calcular'>
  fidelizacao: Pick<FidelizacaoService, 'encomendas' | 'listLojas'>
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** Counters shared by every process: each checkout may send an MB WAY request to a phone. */
  limiter: RateLimiter
  /** Writes a notification in the order change's own transaction (features/notificacoes). */
  notificar?: (ex: Database, n: NovaNotificacao) => Promise<unknown>
}

/**
 * Checkouts per customer: a family's orders with room to spare. Each one may push an MB WAY request to a phone (any
 * phone), so a stolen or scripted account must not be able to ring someone's phone at will.
 */
export const LIMITE_ENCOMENDAS: Limit = { max: 10, windowMs: 10 * MINUTE }

type Finaliza = z.output<typeof FinalizaEncomendaSchema>

/**
 * Orders from the app (issue 10): checkout, payment, the store's board. Every change of an order is one transaction
 * with its ledger movements, made only from the state it expects (`mudar`), so that callbacks, the reconciliation and
 * the board may race and replay and the order still changes once. The provider is asked outside transactions, and
 * what its answer changes is written after: a crash in between leaves a state the reconciliation resumes from.
 */
export function createPedidosService({
  db,
  clock,
  provider,
  bus,
  expirySeconds,
  catalogo,
  fidelizacao,
  log,
  limiter,
  notificar,
}: PedidosDeps) {
  const repo = pedidosRepo(db)
  const ledger = fidelizacao.encomendas
  // The store's writes (the board's taps, cancellations) are limited per key as the till's are (LOJA_LIMITES.escritas),
  // in this process's counters like theirs.
  const throttle = createMemoryRateLimiter(clock)
  async function limitarEscritas(chaveId: number) {
    const { allowed, retryAfterMs } = await throttle.hit(`loja:encomendas:${chaveId}`, LOJA_LIMITES.escritas)
    if (!allowed) throw new TooManyRequests(retryAfterMs)
  }

  const daquiA = (ms: number) => new Date(clock.now().getTime() + ms).toISOString()
  /** Until when an order may wait for its payment request to be made and recorded. */
  const aPedirAte = (p: Pedido) => Date.parse(p.criada_em) + expirySeconds * 1000 + MARGEM_MS
  /** Until when a request may stay unanswered before the order is given up. */
  const pendenteAte = (p: Pedido) => (p.expira_em ? Date.parse(p.expira_em) + MARGEM_MS : aPedirAte(p))
  /** It reached the store's board: paid (or paid with the balance) and its purchase written. */
  const naLoja = (p: Pedido) => p.compra_id !== null
  /** Orders created at or before this instant can have no create call in flight any more. */
  const criadaAte = () => daquiA(-CRIAR_EM_CURSO_MS)
  /**
   * Whether an order may take a request that a callback names by the order's reference (`E{id}`): it records none,
   * and its create's outcome is unknown (no readable answer, `pagamento_incerto`; or no create can still be in flight).
   * Never an order whose create was refused (no request exists), nor one whose create may still answer (its own
   * request would then be dropped for the one named), nor one already settled by a request. The same rule guards the
   * write (`liquidar`).
   */
  const porReferencia = (p: Pedido) =>
    p.pagamento_provider === provider.nome &&
    p.pagamento_id === null &&
    (p.pagamento_estado === 'a-pedir' || (p.estado === ESTADO.cancelado && p.pagamento_estado === 'expirado')) &&
    (p.pagamento_incerto === 1 || p.criada_em <= criadaAte())

  async function nomeDaLoja(idLoja: number): Promise<string> {
    return (await fidelizacao.listLojas([idLoja]))[0]?.nome ?? `Loja ${idLoja}`
  }

  function paraCliente(p: Pedido, loja: string): EncomendaCliente {
    return {
      orderId: p.id,
      codigo: String(p.id),
      status: p.estado as Estado,
      pago: (PAGAS as readonly string[]).includes(p.pagamento_estado),
      pointsAdded: p.pontos_ganhos,
      id_loja: p.id_loja,
      loja,
      id_tipo_entrega: p.id_tipo_entrega as 0 | 1,
      linhas: JSON.parse(p.linhas) as PedidoLinha[],
      total: p.total,
      desconto: p.desconto,
      valor_pago: p.valor_pago,
      pagamento:
        p.estado === ESTADO.pagamento && p.pagamento_estado === 'pendente' && p.expira_em
          ? { metodo: 'MB WAY', telemovel: p.telemovel, expira_em: p.expira_em }
          : null,
      motivo: p.motivo,
      criada_em: p.criada_em,
    }
  }

  const paraLoja = (p: Pedido): EncomendaLoja => ({
    id: p.id,
    codigo: String(p.id),
    estado: p.estado as Estado,
    criada_em: p.criada_em,
    id_tipo_entrega: p.id_tipo_entrega as 0 | 1,
    nome: p.nome,
    telemovel: p.telemovel,
    nif: p.nif,
    linhas: JSON.parse(p.linhas) as PedidoLinha[],
    total: p.total,
    desconto: p.desconto,
    valor_pago: p.valor_pago,
  })

  /**
   * The order a store key acts on: unknown, or not on any board (not paid), 404; on another store's board, 403
   * (STORE-API.md "Common rules").
   */
  function daLojaOuErro(p: Pedido | undefined, idLoja: number): Pedido {
    if (!p || !naLoja(p)) throw notFound(pedidosMensagens.naoEncontrada)
    if (p.id_loja !== idLoja) throw new HttpError(403, pedidosMensagens.outraLoja, 'Outra loja')
    return p
  }

  /**
   * After a commit: the customer's screens and (once it reached the board) the store hear of it. An order given up
   * before its payment arrived never reaches the board, nor does the refund of that late payment.
   */
  function anunciar(p: Pedido) {
    bus.publish(canais.utilizador(p.utilizador_id), { tipo: 'encomenda', orderId: p.id, status: p.estado })
    if (naLoja(p)) bus.publish(canais.loja(p.id_loja), { tipo: 'encomenda', id: p.id })
  }

  async function anunciarPorId(id: number) {
    const p = await repo.find(id)
    if (p) anunciar(p)
  }

  /**
   * The payment arrived (the provider's status call said so): the held balance is taken for good and the purchase
   * earns (once, whoever gets here first). `pagamentoId`: the request, when the order had none recorded (found by its
   * reference), written in the same transaction; only on an order that may take one (`porReferencia`), and never a
   * request another order records (the unique index refuses it: not this order's payment). 'pago': paid now;
   * 'reembolsar': paid after it was given up, refunded; 'nada': nothing changed.
   */
  async function liquidar(id: number, pagamentoId?: string): Promise<'pago' | 'reembolsar' | 'nada'> {
    let reembolsar: Pedido | undefined
    let mudou: boolean
    try {
      mudou = await db.transaction().execute(async (trx) => {
        const r = pedidosRepo(trx)
        const p = await r.find(id)
        if (!p) return false
        // Another request than the one recorded on the order is not its payment.
        if (pagamentoId !== undefined && p.pagamento_id !== null && p.pagamento_id !== pagamentoId) return false
        const registar = pagamentoId !== undefined && p.pagamento_id === null
        const pedidoPagamento = registar ? { pagamento_id: pagamentoId } : {}
        const porRef = registar ? { semPagamentoId: true as const, incertoOuCriadaAte: criadaAte() } : {}
        await ledger.bloquear(trx, p.utilizador_id)
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
          if (p.desconto > 0) {
            await ledger.libertar(trx, {
              utilizadorId: p.utilizador_id,
              idLoja: p.id_loja,
              valor: p.desconto,
              referencia,
            })
          }
          const compra = await ledger.comprar(trx, {
            utilizadorId: p.utilizador_id,
            idLoja: p.id_loja,
            total: p.total,
            desconto: p.desconto,
            referencia,
          })
          await r.mudar(id, {}, { compra_id: compra.id, pontos_ganhos: compra.pontos_ganhos })
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
          reembolsar = await r.find(id)
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
    if (reembolsar) {
      log.warn({ encomenda: id }, 'MB WAY paid after the order was given up: refunded')
      await reembolsarPedido(reembolsar)
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
    de: Pedido['pagamento_estado'][],
    confirmarEm: string | null,
  ): Promise<boolean> {
    const mudou = await db.transaction().execute(async (trx) => {
      const r = pedidosRepo(trx)
      const p = await r.find(id)
      if (!p) return false
      await ledger.bloquear(trx, p.utilizador_id)
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
      if (ok && p.desconto > 0) {
        await ledger.libertar(trx, {
          utilizadorId: p.utilizador_id,
          idLoja: p.id_loja,
          valor: p.desconto,
          referencia: referenciaDe(p.id),
        })
      }
      return ok
    })
    if (mudou) await anunciarPorId(id)
    return mudou
  }

  /**
   * Sends an order's MB WAY refund, once: the process that moves it from 'a-reembolsar' to 'reembolsando' (a
   * state-guarded update) is the only one that asks the provider; a store's cancel, a replay of it, a late callback and
   * the reconciliation in every process may all get here at once. A definite refusal goes back to 'a-reembolsar' and is
   * tried again later (1, 2, 4 … minutes, at most an hour); an outcome that cannot be known (a timeout, a dropped
   * connection, a crash before it was written down) stays 'reembolsando' and is never sent again by itself: an operator
   * checks the provider's back office (decision 0012), reminded by the log once a day.
   */
  async function reembolsarPedido(p: Pedido): Promise<void> {
    const agora = isoNow(clock)
    if (p.valor_pago <= 0) {
      await repo.mudar(
        p.id,
        { reembolso: ['a-reembolsar'] },
        { reembolso_estado: 'reembolsado', verificar_em: null, atualizada_em: agora },
      )
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
      resultado = await provider.reembolsar({ id: p.pagamento_id, valor: p.valor_pago })
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

  /**
   * What the provider says of one order's payment, acted on. Never trusts anything but the provider's status call.
   * `reconciliacao`: the minute's pass, which also moves the order's next check (a callback only asks now).
   */
  async function verificar(p: Pedido, reconciliacao: boolean): Promise<void> {
    const agora = clock.now().getTime()
    if (p.reembolso_estado === 'a-reembolsar') {
      await reembolsarPedido(p)
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
        estado = await provider.estado(candidato)
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
        if (await falhar(p.id, 'expirado', pedidosMensagens.motivos.semPedido, ['a-pedir'], confirmarEm)) {
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
      estado = await provider.estado(p.pagamento_id)
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
      } else if (agora - Date.parse(p.criada_em) > CONFIRMAR_DURANTE_MS) {
        log.error({ encomenda: p.id }, 'cancelled order never confirmed by the payment provider; no longer asked')
        await repo.adiar(p, null)
      } else if (reconciliacao) {
        await repo.adiar(p, daquiA(atraso(p.tentativas)))
      }
      return
    }
    if (estado === 'recusado') {
      await falhar(p.id, 'recusado', pedidosMensagens.motivos.recusado, ['pendente'], null)
    } else if (estado === 'expirado') {
      await falhar(p.id, 'expirado', pedidosMensagens.motivos.expirado, ['pendente'], null)
    } else if (agora >= pendenteAte(p)) {
      // Still pending, or an answer we cannot read, well past the expiry: given up, the balance back; the provider is
      // still asked for a while, and a payment it reports after all is refunded.
      log.warn({ encomenda: p.id, estado }, 'payment not settled past its expiry; order given up')
      await falhar(p.id, 'expirado', pedidosMensagens.motivos.expirado, ['pendente'], daquiA(MINUTE))
    } else if (reconciliacao) {
      // Asked again at the next pass, after the orders not asked about for longer.
      await repo.adiar(p, isoNow(clock))
    }
  }

  return {
    /**
     * `POST /api/finaliza-encomenda` (spec §7): the order priced again from the menu, the balance held in the same
     * transaction, then the MB WAY request (or, with nothing left to pay, the purchase at once). The same
     * Idempotency-Key answers the same order; with another body, 422.
     */
    async finalizar(utilizadorId: number, chave: string, input: Finaliza): Promise<Answer> {
      const pedidoHash = sha256(canonical(input))
      const loja = await nomeDaLoja(input.id_loja)
      const repetido = async (ex: Database) => {
        const p = await pedidosRepo(ex).findPorChave(utilizadorId, chave)
        if (!p) return undefined
        if (p.pedido_hash !== pedidoHash) throw reusedKey()
        return p
      }
      const antes = await repetido(db)
      if (antes) return { status: 201, body: { orderData: paraCliente(antes, loja) } }

      // Priced from the store's current menu, open stores only (the same rules as the calculation).
      const { transaction, lines } = await catalogo.calcular(
        { idLoja: input.id_loja, cart: input.cart, usarPremio: false },
        0,
      )
      const total = transaction.total_transaction
      const linhas: PedidoLinha[] = lines.map((l) => ({
        produto: l.nome,
        qtd: l.qtd,
        complementos: l.complementares.map((c) => c.nome),
        opcoes: l.opcoes.map((o) => o.nome),
        total: l.total,
      }))
      const telemovelValido = input.telemovel !== '' && toE164Mobile(input.pais, input.telemovel) !== null

      const { pedido, novo } = await db.transaction().execute(async (trx) => {
        await ledger.bloquear(trx, utilizadorId)
        const outro = await repetido(trx)
        if (outro) return { pedido: outro, novo: false }
        // The checkout limit is taken here, once the key is known to be new: the customer's checkouts wait for each
        // other (bloquear), so retries of one checkout sent at once (one Idempotency-Key) find the first one's order
        // above and count nothing. The hit is written in this transaction: a checkout refused (this limit, the phone,
        // the balance) leaves no order and spends nothing of the allowance, which bounds the orders, and so the MB WAY
        // requests, a customer makes.
        const { allowed, retryAfterMs } = await limiter.hit(`encomendas:${utilizadorId}`, LIMITE_ENCOMENDAS, trx)
        if (!allowed) throw new TooManyRequests(retryAfterMs)
        const saldo = await ledger.saldo(trx, utilizadorId)
        const desconto = input.usar_premio === 1 ? Math.min(saldo, total) : 0
        const aPagar = total - desconto
        if (aPagar > 0 && !telemovelValido) {
          const message = input.telemovel === '' ? pedidosMensagens.telemovelMbway : mensagens.telemovelInvalido
          throw fieldError('telemovel', message)
        }
        const agora = isoNow(clock)
        const r = pedidosRepo(trx)
        let p = await r.insert({
          utilizador_id: utilizadorId,
          id_loja: input.id_loja,
          estado: aPagar > 0 ? ESTADO.pagamento : ESTADO.recebido,
          id_tipo_entrega: input.id_tipo_entrega,
          nome: input.nome,
          email: input.email,
          telemovel: input.telemovel,
          pais: input.pais,
          nif: input.nif,
          linhas: JSON.stringify(linhas),
          total,
          desconto,
          valor_pago: aPagar,
          pagamento_provider: aPagar > 0 ? provider.nome : null,
          pagamento_estado: aPagar > 0 ? 'a-pedir' : 'sem-pagamento',
          chave_idempotencia: chave,
          pedido_hash: pedidoHash,
          criada_em: agora,
          paga_em: aPagar > 0 ? null : agora,
          atualizada_em: agora,
          // The reconciliation gives it up then if its request was never made or recorded (see verificar).
          verificar_em:
            aPagar > 0 ? new Date(clock.now().getTime() + expirySeconds * 1000 + MARGEM_MS).toISOString() : null,
        })
        const referencia = referenciaDe(p.id)
        if (aPagar > 0 && desconto > 0) {
          const reserva = await ledger.reservar(trx, {
            utilizadorId,
            idLoja: input.id_loja,
            valor: desconto,
            referencia,
          })
          await r.mudar(p.id, {}, { reserva_id: reserva.id })
        } else if (aPagar === 0) {
          // The balance paid it all: the purchase now, no payment to wait for.
          const compra = await ledger.comprar(trx, { utilizadorId, idLoja: input.id_loja, total, desconto, referencia })
          await r.mudar(p.id, {}, { compra_id: compra.id, pontos_ganhos: compra.pontos_ganhos })
        }
        p = (await r.find(p.id)) ?? p
        return { pedido: p, novo: true }
      })
      if (!novo) return { status: 201, body: { orderData: paraCliente(pedido, loja) } }

      if (pedido.pagamento_estado === 'a-pedir') {
        try {
          const { id } = await provider.criar({
            referencia: referenciaDe(pedido.id),
            valor: pedido.valor_pago,
            telemovel: pedido.telemovel,
            pais: pedido.pais,
            descricao: `Encomenda ${pedido.id} - ${loja}`.slice(0, 100),
          })
          const expira = new Date(clock.now().getTime() + expirySeconds * 1000).toISOString()
          /** Writes the request down; false when the order is not as expected, or another order records the id. */
          const registar = async (de: Parameters<typeof repo.mudar>[1], values: Parameters<typeof repo.mudar>[2]) => {
            try {
              return await repo.mudar(pedido.id, de, values)
            } catch (error) {
              if (!isUniqueViolation(error)) throw error
              return false
            }
          }
          const registado = await registar(
            { pagamento: ['a-pedir'], semPagamentoId: true },
            {
              pagamento_id: id,
              pagamento_estado: 'pendente',
              expira_em: expira,
              atualizada_em: isoNow(clock),
              verificar_em: isoNow(clock),
            },
          )
          // Given up while the provider was being asked (the process stalled past the request's expiry): the request
          // is recorded on the cancelled order all the same, and the reconciliation asks about it: paid after all, it
          // is refunded.
          const tarde =
            !registado &&
            (await registar(
              { estado: [ESTADO.cancelado], semPagamentoId: true },
              { pagamento_id: id, verificar_em: isoNow(clock), tentativas: 0 },
            ))
          if (tarde) {
            log.warn({ encomenda: pedido.id }, 'MB WAY request made after the order was given up; to be confirmed')
          } else if (!registado) {
            const atual = await repo.find(pedido.id)
            // Already paid by this request's callback, found by its reference: nothing to do. Paid by another request
            // a callback named (or that request recorded elsewhere): this one is on the customer's phone and recorded
            // nowhere, so nothing would find its payment or refund it.
            if (atual?.pagamento_id !== id) {
              log.error(
                {
                  encomenda: pedido.id,
                  referencia: referenciaDe(pedido.id),
                  pagamento: id,
                  registado: atual?.pagamento_id,
                },
                "MB WAY request made for an order that records another one: recorded nowhere; check it in the provider's back office (refund it if it was paid)",
              )
            }
          }
        } catch (error) {
          if (error instanceof PagamentoRecusado) {
            // A definite refusal: no request exists.
            log.warn({ encomenda: pedido.id, err: error }, 'MB WAY request refused')
            await falhar(pedido.id, 'recusado', pedidosMensagens.mbwayRecusado, ['a-pedir'], null)
            throw new HttpError(422, pedidosMensagens.mbwayRecusado, 'Pagamento recusado', {
              telemovel: pedidosMensagens.mbwayRecusado,
            })
          }
          if (!(error instanceof PagamentoIndisponivel)) throw error
          // No answer we can read (a timeout, a 5xx): the request may have reached the phone. The order waits, still
          // 'a-pedir' with its balance held, until that request could no longer be paid; marked so, its payment, if it
          // comes, is found by its reference (receberCallback). Then the reconciliation gives it up and returns the
          // balance.
          await repo.mudar(
            pedido.id,
            { pagamento: ['a-pedir', 'expirado'], semPagamentoId: true },
            { pagamento_incerto: 1 },
          )
          log.warn({ encomenda: pedido.id, err: error }, 'MB WAY request outcome unknown; order left waiting')
          // Its callback may have paid it meanwhile (found by its reference): then it is answered as a paid order.
          const atual = await repo.find(pedido.id)
          if (atual && naLoja(atual)) {
            log.info({ encomenda: atual.id, total, aPagar: atual.valor_pago }, 'encomenda criada')
            return { status: 201, body: { orderData: paraCliente(atual, loja) } }
          }
          throw new HttpError(502, pedidosMensagens.indisponivel, 'Erro')
        }
      }
      const atual = (await repo.find(pedido.id)) ?? pedido
      anunciar(atual)
      log.info({ encomenda: atual.id, total, aPagar: atual.valor_pago }, 'encomenda criada')
      return { status: 201, body: { orderData: paraCliente(atual, loja) } }
    },

    /** One of the customer's own orders; another's is 404 like an unknown one. */
    async doCliente(utilizadorId: number, id: number): Promise<EncomendaCliente> {
      const p = await repo.find(id)
      if (p?.utilizador_id !== utilizadorId) throw notFound(pedidosMensagens.naoEncontrada)
      return paraCliente(p, await nomeDaLoja(p.id_loja))
    },

    /** Spec §3 "Current order": the orders the app still shows, newest first. */
    async atuais(utilizadorId: number): Promise<EncomendaCliente[]> {
      const desde = new Date(clock.now().getTime() - ATUAIS_DURANTE_MS).toISOString()
      const rows = await repo.listAtuais(utilizadorId, desde, 5)
      if (rows.length === 0) return []
      const nomes = new Map(
        (await fidelizacao.listLojas([...new Set(rows.map((r) => r.id_loja))])).map((l) => [l.id_loja, l.nome]),
      )
      return rows.map((p) => paraCliente(p, nomes.get(p.id_loja) ?? `Loja ${p.id_loja}`))
    },

    /** What the customer's points are now and the threshold (the confirmation's points/threshold). */
    pontos: (utilizadorId: number) => ledger.pontos(utilizadorId),

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
        if (lido.referencia !== referenciaDe(p.id) || lido.valor !== p.valor_pago) {
          log.warn({ provider: nomeProvider, encomenda: p.id }, 'payment callback does not match the order request')
          return 'ok'
        }
        await verificar(p, false)
        return 'ok'
      }
      // Matched by its reference only on an order whose create's outcome is unknown (porReferencia): the status call
      // says that request X is paid, not for which order nor how much, so an order whose create was refused, or whose
      // create may still answer with its own request, never takes X.
      const id = idDaReferencia(lido.referencia)
      const semRegisto = id === null ? undefined : await repo.find(id)
      if (!semRegisto || !porReferencia(semRegisto) || semRegisto.valor_pago !== lido.valor) {
        log.warn(
          { provider: nomeProvider, encomenda: semRegisto?.id, pagamento: lido.id },
          'payment callback matches no order request',
        )
        return 'ok'
      }
      let estado: EstadoPagamento
      try {
        estado = await provider.estado(lido.id)
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

    /** Settles one order now (the sandbox's phone answered: the same path a provider's callback takes). */
    async verificarPorPagamento(pagamentoId: string): Promise<void> {
      const p = await repo.findPorPagamento(provider.nome, pagamentoId)
      if (p) await verificar(p, false)
    },

    /** Whether a board stream's key (and its tablet's session, if any) still holds: ended when revoked. */
    acessoAtivo: (ator: { chaveId: number; sessaoPainelId: number | null }) =>
      repo.acessoAtivo(ator.chaveId, ator.sessaoPainelId, isoNow(clock)),

    // ----- The store's side (STORE-API.md "Orders from the app"), for the acting key's store. -----

    async listarLoja(idLoja: number, estados: number[]): Promise<EncomendaLoja[]> {
      return (await repo.listLoja(idLoja, estados)).map(paraLoja)
    },

    /** One order as the store's stream sends it, if it is the store's and reached its board. */
    async daLoja(idLoja: number, id: number): Promise<EncomendaLoja | null> {
      const p = await repo.find(id)
      if (p?.id_loja !== idLoja || !naLoja(p)) return null
      return paraLoja(p)
    },

    /** Only forward, -1 → 1 → 2; anything else (backwards, unknown) 409. Idempotent per store key. */
    async avancar(ator: { chaveId: number; idLoja: number }, chave: string, id: number, estado: number) {
      await limitarEscritas(ator.chaveId)
      // Read before the transaction: on SQLite the transaction holds the one connection.
      const loja = await nomeDaLoja(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { encomenda: id, estado } },
        async (trx) => {
          const r = pedidosRepo(trx)
          const p = daLojaOuErro(await r.find(id), ator.idLoja)
          const de =
            estado === ESTADO.emPreparacao ? ESTADO.recebido : estado === ESTADO.pronto ? ESTADO.emPreparacao : null
          if (de === null) throw new HttpError(409, pedidosMensagens.estadoDesconhecido, 'Estado inválido')
          if (!(await r.mudar(id, { estado: [de] }, { estado, atualizada_em: isoNow(clock) }))) {
            throw new HttpError(409, pedidosMensagens.soAvanca, 'Estado inválido')
          }
          if (estado === ESTADO.pronto && notificar) {
            await notificar(trx, {
              utilizadorId: p.utilizador_id,
              titulo: 'O seu pedido está pronto',
              texto: `<p>O pedido n.º ${p.id} está pronto: pode levantá-lo na ${escapeHtml(loja)}.</p>`,
              ligacao: `/carrinho/confirmado?encomenda=${p.id}`,
            })
          }
          const atual = await r.find(id)
          return { status: 200, body: { data: { encomenda: paraLoja(atual ?? p) } } }
        },
      )
      await anunciarPorId(id)
      return answer
    },

    /**
     * The store cannot make a paid order: cancelled, the balance used given back and the credit earned taken back (one
     * transaction), then the MB WAY amount refunded through the provider (retried by the reconciliation if it fails).
     */
    async cancelar(ator: { chaveId: number; idLoja: number }, chave: string, id: number, motivo: string) {
      await limitarEscritas(ator.chaveId)
      const loja = await nomeDaLoja(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { cancelar: id, motivo } },
        async (trx) => {
          const r = pedidosRepo(trx)
          const p = daLojaOuErro(await r.find(id), ator.idLoja)
          await ledger.bloquear(trx, p.utilizador_id)
          const ok = await r.mudar(
            id,
            { estado: [ESTADO.recebido, ESTADO.emPreparacao] },
            {
              estado: ESTADO.cancelado,
              motivo,
              reembolso_estado: p.valor_pago > 0 ? 'a-reembolsar' : null,
              atualizada_em: isoNow(clock),
              // The refund is sent right after the commit; the reconciliation takes it over if that fails.
              ...(p.valor_pago > 0 ? { verificar_em: isoNow(clock), tentativas: 0 } : {}),
            },
          )
          if (!ok) {
            const atual = await r.find(id)
            const message = atual?.estado === ESTADO.pronto ? pedidosMensagens.jaPronta : pedidosMensagens.jaCancelada
            throw new HttpError(409, message, 'Estado inválido')
          }
          if (p.compra_id !== null) await ledger.devolverTudo(trx, p.compra_id)
          if (notificar) {
            const devolvido = [
              p.valor_pago > 0 ? `${formatMoney(p.valor_pago)} por MB WAY` : '',
              p.desconto > 0 ? `${formatMoney(p.desconto)} de saldo` : '',
            ].filter(Boolean)
            await notificar(trx, {
              utilizadorId: p.utilizador_id,
              titulo: 'Pedido cancelado',
              texto: `<p>A ${escapeHtml(loja)} cancelou o pedido n.º ${p.id}: ${escapeHtml(motivo.replace(/[.!\s]+$/, ''))}.${devolvido.length > 0 ? ` Devolvemos-lhe ${devolvido.join(' e ')}.` : ''}</p>`,
              ligacao: `/carrinho/confirmado?encomenda=${p.id}`,
            })
          }
          const atual = await r.find(id)
          return { status: 200, body: { data: { encomenda: paraLoja(atual ?? p) } } }
        },
      )
      const p = await repo.find(id)
      if (!p) return answer
      // The cancellation is written: the customer and the board hear of it whatever the refund does next.
      anunciar(p)
      if (p.reembolso_estado === 'a-reembolsar') {
        // Sent once whoever asks (a replay of this cancel, the reconciliation): see reembolsarPedido. An outage at the
        // provider does not fail the store's request.
        await reembolsarPedido(p).catch((err: unknown) =>
          log.error({ err, encomenda: p.id }, 'MB WAY refund failed; retried by the reconciliation'),
        )
      }
      return answer
    },
  }
}

export type PedidosService = ReturnType<typeof createPedidosService>
