import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { FinalizaEncomendaSchema } from '../../../shared/encomenda.ts'
import { ESTADO, type Estado } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaCliente, EncomendaLoja, PedidoLinha } from '../../../shared/pedido.ts'
import { mensagens, toE164Mobile } from '../../../shared/validacao.ts'
import { type Clock, isoNow, MINUTE } from '../../platform/clock.ts'
import { sha256 } from '../../platform/crypto.ts'
import type { Database } from '../../platform/db.ts'
import { fieldError, HttpError, notFound, TooManyRequests } from '../../platform/errors.ts'
import { canais, type EventBus } from '../../platform/eventos.ts'
import { escapeHtml } from '../../platform/html.ts'
import { type Answer, canonical, idempotent, reusedKey } from '../../platform/idempotency.ts'
import {
  type EstadoPagamento,
  PagamentoIndisponivel,
  PagamentoRecusado,
  type PaymentProvider,
} from '../../platform/pagamentos.ts'
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
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
  motivos: {
    recusado: 'O pagamento MB WAY foi recusado.',
    expirado: 'O pedido de pagamento MB WAY expirou.',
    semPedido: 'Não foi possível pedir o pagamento MB WAY.',
  },
}

/** An order still waiting for its payment request this long after checkout never reached the provider (a crash). */
const A_PEDIR_MAX_MS = 60_000
/** Finished orders stay in the customer's current orders this long (the catalogue's status bar, the confirmation). */
const ATUAIS_DURANTE_MS = 60 * 60 * 1000
/** Orders the reconciliation looks at in one pass; the next pass takes the rest. */
const POR_PASSAGEM = 200

const referenciaDe = (id: number) => `E${id}`
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

  /** After a commit: the customer's screens and (once paid) the store's board hear of it. */
  function anunciar(p: Pedido) {
    bus.publish(canais.utilizador(p.utilizador_id), { tipo: 'encomenda', orderId: p.id, status: p.estado })
    if (p.compra_id !== null || p.pagamento_estado === 'sem-pagamento' || p.pagamento_estado === 'pago') {
      bus.publish(canais.loja(p.id_loja), { tipo: 'encomenda', id: p.id })
    }
  }

  async function anunciarPorId(id: number) {
    const p = await repo.find(id)
    if (p) anunciar(p)
  }

  /** The payment arrived: the held balance is taken for good and the purchase earns (once, whoever gets here first). */
  async function liquidar(id: number): Promise<void> {
    let reembolsar: Pedido | undefined
    const mudou = await db.transaction().execute(async (trx) => {
      const r = pedidosRepo(trx)
      const p = await r.find(id)
      if (!p) return false
      await ledger.bloquear(trx, p.utilizador_id)
      const agora = isoNow(clock)
      if (
        await r.mudar(
          id,
          { estado: [ESTADO.pagamento], pagamento: ['a-pedir', 'pendente'] },
          {
            estado: ESTADO.recebido,
            pagamento_estado: 'pago',
            paga_em: agora,
            atualizada_em: agora,
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
      // Paid after the order was given up (the request expired here first, or never answered): the money goes back.
      if (
        await r.mudar(
          id,
          { estado: [ESTADO.cancelado], pagamento: ['a-pedir', 'pendente', 'recusado', 'expirado'] },
          {
            pagamento_estado: 'pago',
            reembolso_estado: 'a-reembolsar',
            atualizada_em: agora,
          },
        )
      ) {
        reembolsar = await r.find(id)
      }
      return false
    })
    if (mudou) {
      log.info({ encomenda: id }, 'encomenda paga')
      await anunciarPorId(id)
    }
    if (reembolsar) await reembolsarPedido(reembolsar)
  }

  /** The payment failed (refused, expired, never requested): the order is cancelled and the held balance returns. */
  async function falhar(
    id: number,
    pagamento: 'recusado' | 'expirado',
    motivo: string,
    de: Pedido['pagamento_estado'][] = ['a-pedir', 'pendente'],
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

  async function reembolsarPedido(p: Pedido): Promise<void> {
    if (!p.pagamento_id || p.valor_pago <= 0) {
      await repo.mudar(p.id, {}, { reembolso_estado: 'reembolsado', atualizada_em: isoNow(clock) })
      return
    }
    const resultado = await provider.reembolsar({ id: p.pagamento_id, valor: p.valor_pago })
    if (resultado === 'ok') {
      await repo.mudar(p.id, {}, { reembolso_estado: 'reembolsado', atualizada_em: isoNow(clock) })
      log.info({ encomenda: p.id }, 'MB WAY reembolsado')
    } else {
      // Left 'a-reembolsar': the reconciliation tries again every minute; an operator sees it in the log.
      log.error({ encomenda: p.id, resultado }, 'MB WAY refund failed; retried by the reconciliation')
    }
  }

  /** What the provider says of one order's payment, acted on. Never trusts anything but the provider's status call. */
  async function verificar(p: Pedido): Promise<void> {
    if (p.reembolso_estado === 'a-reembolsar') {
      await reembolsarPedido(p)
      return
    }
    if (p.pagamento_estado === 'a-pedir') {
      if (clock.now().getTime() - Date.parse(p.criada_em) > A_PEDIR_MAX_MS) {
        await falhar(p.id, 'expirado', pedidosMensagens.motivos.semPedido, ['a-pedir'])
      }
      return
    }
    if (p.pagamento_estado !== 'pendente' || !p.pagamento_id) return
    let estado: EstadoPagamento
    try {
      estado = await provider.estado(p.pagamento_id)
    } catch (error) {
      log.warn({ encomenda: p.id, err: error }, 'payment status unavailable; asked again later')
      return
    }
    if (estado === 'pago') await liquidar(p.id)
    else if (estado === 'recusado') await falhar(p.id, 'recusado', pedidosMensagens.motivos.recusado)
    else if (estado === 'expirado') await falhar(p.id, 'expirado', pedidosMensagens.motivos.expirado)
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
      const { allowed, retryAfterMs } = await limiter.hit(`encomendas:${utilizadorId}`, LIMITE_ENCOMENDAS)
      if (!allowed) throw new TooManyRequests(retryAfterMs)

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
          await repo.mudar(
            pedido.id,
            { pagamento: ['a-pedir'] },
            {
              pagamento_id: id,
              pagamento_estado: 'pendente',
              expira_em: expira,
              atualizada_em: isoNow(clock),
            },
          )
        } catch (error) {
          const recusado = error instanceof PagamentoRecusado
          if (!recusado && !(error instanceof PagamentoIndisponivel)) throw error
          log.warn({ encomenda: pedido.id, err: error }, 'MB WAY request not made')
          await falhar(
            pedido.id,
            recusado ? 'recusado' : 'expirado',
            recusado ? pedidosMensagens.mbwayRecusado : pedidosMensagens.motivos.semPedido,
            ['a-pedir'],
          )
          if (recusado) {
            throw new HttpError(422, pedidosMensagens.mbwayRecusado, 'Pagamento recusado', {
              telemovel: pedidosMensagens.mbwayRecusado,
            })
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

    /** The provider's callback: believed only after its status call says paid (replays and forgeries change nothing). */
    async receberCallback(nomeProvider: string, params: Record<string, unknown>): Promise<'ok' | 'recusado'> {
      if (nomeProvider !== provider.nome) return 'recusado'
      const lido = provider.lerCallback(params)
      if (!lido) {
        log.warn({ provider: nomeProvider }, 'payment callback refused: bad or missing key')
        return 'recusado'
      }
      const p = await repo.findPorPagamento(provider.nome, lido.id)
      if (!p || lido.referencia !== referenciaDe(p.id) || lido.valor !== p.valor_pago) {
        log.warn({ provider: nomeProvider, encomenda: p?.id }, 'payment callback does not match any order request')
        return 'ok'
      }
      await verificar(p)
      return 'ok'
    },

    /** Asks the provider about every unsettled payment and refund (at start and every minute). */
    async reconciliar(): Promise<number> {
      const rows = await repo.listPorResolver(POR_PASSAGEM)
      for (const p of rows) {
        try {
          await verificar(p)
        } catch (error) {
          log.error({ encomenda: p.id, err: error }, 'payment reconciliation failed for one order')
        }
      }
      return rows.length
    },

    /** Settles one order now (the sandbox's phone answered: the same path a provider's callback takes). */
    async verificarPorPagamento(pagamentoId: string): Promise<void> {
      const p = await repo.findPorPagamento(provider.nome, pagamentoId)
      if (p) await verificar(p)
    },

    // ----- The store's side (STORE-API.md "Orders from the app"), for the acting key's store. -----

    async listarLoja(idLoja: number, estados: number[]): Promise<EncomendaLoja[]> {
      return (await repo.listLoja(idLoja, estados)).map(paraLoja)
    },

    /** One order as the store's stream sends it, if it is the store's and paid. */
    async daLoja(idLoja: number, id: number): Promise<EncomendaLoja | null> {
      const p = await repo.find(id)
      if (p?.id_loja !== idLoja || !(PAGAS as readonly string[]).includes(p.pagamento_estado)) return null
      return paraLoja(p)
    },

    /** Only forward, -1 → 1 → 2; anything else 409. Idempotent per store key. */
    async avancar(ator: { chaveId: number; idLoja: number }, chave: string, id: number, estado: number) {
      // Read before the transaction: on SQLite the transaction holds the one connection.
      const loja = await nomeDaLoja(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { encomenda: id, estado } },
        async (trx) => {
          const r = pedidosRepo(trx)
          const p = await r.find(id)
          if (p?.id_loja !== ator.idLoja || !(PAGAS as readonly string[]).includes(p.pagamento_estado)) {
            throw notFound(pedidosMensagens.naoEncontrada)
          }
          const de =
            estado === ESTADO.emPreparacao ? ESTADO.recebido : estado === ESTADO.pronto ? ESTADO.emPreparacao : null
          if (de === null || !(await r.mudar(id, { estado: [de] }, { estado, atualizada_em: isoNow(clock) }))) {
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
      const loja = await nomeDaLoja(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { cancelar: id, motivo } },
        async (trx) => {
          const r = pedidosRepo(trx)
          const p = await r.find(id)
          if (p?.id_loja !== ator.idLoja || !(PAGAS as readonly string[]).includes(p.pagamento_estado)) {
            throw notFound(pedidosMensagens.naoEncontrada)
          }
          await ledger.bloquear(trx, p.utilizador_id)
          const ok = await r.mudar(
            id,
            { estado: [ESTADO.recebido, ESTADO.emPreparacao] },
            {
              estado: ESTADO.cancelado,
              motivo,
              reembolso_estado: p.valor_pago > 0 ? 'a-reembolsar' : null,
              atualizada_em: isoNow(clock),
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
        // An outage at the provider does not fail the store's request: the reconciliation refunds it within a minute.
        await reembolsarPedido(p).catch((err: unknown) =>
          log.error({ err, encomenda: p.id }, 'MB WAY refund failed; retried by the reconciliation'),
        )
      }
      return answer
    },
  }
}

export type PedidosService = ReturnType<typeof createPedidosService>
