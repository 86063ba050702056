import { enumerar } from '../../../shared/enumerar.ts'
import { ESTADO, estadoAnterior } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import { diaNoFuso, inicioDoDiaNoFuso } from '../../../shared/fusos.ts'
import type { EncomendaHoje, EncomendaLoja } from '../../../shared/pedido.ts'
import { isoNow } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { escapeHtml } from '../../platform/html.ts'
import { type Answer, idempotent } from '../../platform/idempotency.ts'
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts'
import { paraHoje, paraLoja } from './apresentacao.ts'
import {
  type Contexto,
  daLojaOuErro,
  devolvidoPor,
  encomendasMensagens,
  metodoDe,
  naLoja,
  vendaDe,
} from './contexto.ts'
import { type Encomenda, encomendasRepo } from './encomendas-repository.ts'
import type { Reembolsos } from './reembolsos.ts'

/** The key that acts, and so the store whose board it is. */
export interface AtorLoja {
  chaveId: number
  idLoja: number
}

/** How the route answers a change of the board: the order as it now is, in the route's own envelope. */
export type Resposta = (encomenda: EncomendaLoja) => Answer

/**
 * The store's side (STORE-API.md "Orders from the app"), for the acting key's store: its board's orders, moving them
 * forward, cancelling one it cannot make.
 */
export function createQuadro(
  {
    db,
    clock,
    repo,
    ledger,
    log,
    notificar,
    acesso,
    escritasLoja,
    nomeDaLoja,
    lojaDoPedido,
    anunciar,
    anunciarPorId,
    faturas,
    documentosDe,
  }: Contexto,
  { reembolsar }: Reembolsos,
) {
  // The store's writes (the board's taps, cancellations) are limited per key as the till's are (escritasLoja), in this
  // process's counters like theirs.
  const throttle = createMemoryRateLimiter(clock)
  async function limitarEscritas(chaveId: number) {
    const { allowed, retryAfterMs } = await throttle.hit(`loja:encomendas:${chaveId}`, escritasLoja)
    if (!allowed) throw new TooManyRequests(retryAfterMs)
  }

  /** The order as it now is in the change's transaction, with its documents: what the change answers. */
  async function naResposta(trx: DatabaseTransaction, id: number, antes: Encomenda): Promise<EncomendaLoja> {
    const p = (await encomendasRepo(trx).find(id)) ?? antes
    return paraLoja(p, (await documentosDe([p.id], trx)).get(p.id) ?? [])
  }

  return {
    /** Whether a board stream's key (and its tablet's session, if any) still holds: ended when revoked. */
    async acessoAtivo({ chaveId, sessaoPainelId }: { chaveId: number; sessaoPainelId: number | null }) {
      if (!(await acesso.chaveAtiva(chaveId))) return false
      return sessaoPainelId === null || acesso.sessaoPainelAtiva({ id: sessaoPainelId, chaveId })
    },

    /**
     * The store's most recent orders in these states (at most `ENCOMENDAS_LOJA_MAX`), the soonest due first
     * (STORE-API.md: due at its `levantar_em`, or at its `criada_em` when that is null), then in the order they came.
     */
    async listarLoja(idLoja: number, estados: number[]): Promise<EncomendaLoja[]> {
      const devida = (e: EncomendaLoja) => e.levantar_em ?? e.criada_em
      const encomendas = await repo.listLoja(idLoja, estados)
      const documentos = await documentosDe(encomendas.map((p) => p.id))
      return encomendas
        .map((p) => paraLoja(p, documentos.get(p.id) ?? []))
        .sort((a, b) => (devida(a) < devida(b) ? -1 : devida(a) > devida(b) ? 1 : a.id - b.id))
    },

    /**
     * The store's orders of today (since midnight in the store's time zone, an Azores store's in the Azores'), in every
     * state they reached once paid, newest first: the board's 'Hoje' view.
     */
    async listarHoje(idLoja: number): Promise<EncomendaHoje[]> {
      const { fuso } = await lojaDoPedido(idLoja)
      const desde = inicioDoDiaNoFuso(diaNoFuso(clock.now(), fuso), fuso).toISOString()
      return (await repo.listLojaDesde(idLoja, desde)).map(paraHoje)
    },

    /** One order as the store's stream sends it, if it is the store's and reached its board. */
    async daLoja(idLoja: number, id: number): Promise<EncomendaLoja | null> {
      const p = await repo.find(id)
      if (p?.id_loja !== idLoja || !naLoja(p)) return null
      return paraLoja(p, (await documentosDe([p.id])).get(p.id) ?? [])
    },

    /**
     * Only forward, -1 → 1 → 2 → 3 (collected: the customer's screen says so, without a notification, as they are at
     * the counter); anything else (backwards, unknown) 409. Idempotent per store key: `resposta` is what
     * the first time answered, recorded with the change.
     */
    async avancar(ator: AtorLoja, chave: string, id: number, estado: number, resposta: Resposta): Promise<Answer> {
      await limitarEscritas(ator.chaveId)
      // Read before the transaction: on SQLite the transaction holds the one connection.
      const loja = await nomeDaLoja(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { encomenda: id, estado } },
        async (trx) => {
          const r = encomendasRepo(trx)
          const p = daLojaOuErro(await r.find(id), ator.idLoja)
          const de = estadoAnterior(estado)
          if (de === null) throw new HttpError(409, encomendasMensagens.estadoDesconhecido, 'Estado inválido')
          if (!(await r.mudar(id, { estado: [de] }, { estado, atualizada_em: isoNow(clock) }))) {
            // Another tablet handed it over first: said plainly rather than as a step out of order.
            const jaEntregue = estado === ESTADO.entregue && p.estado === ESTADO.entregue
            throw new HttpError(
              409,
              jaEntregue ? encomendasMensagens.jaEntregueAntes : encomendasMensagens.soAvanca,
              'Estado inválido',
            )
          }
          // A guest has no inbox (their screen follows the order): a notification without a customer goes to everyone.
          if (estado === ESTADO.pronto && notificar && p.utilizador_id !== null) {
            await notificar(trx, {
              utilizadorId: p.utilizador_id,
              titulo: 'O seu pedido está pronto',
              texto: `<p>O pedido n.º ${p.id} está pronto: pode levantá-lo na ${escapeHtml(loja)}.</p>`,
              ligacao: `/carrinho/confirmado?encomenda=${p.id}`,
            })
          }
          return resposta(await naResposta(trx, id, p))
        },
      )
      await anunciarPorId(id)
      return answer
    },

    /**
     * The store cannot make a paid order: cancelled, the balance used given back and the credit earned taken back (one
     * transaction), then the MB WAY amount refunded through the provider (retried by the reconciliation if it fails).
     */
    async cancelar(ator: AtorLoja, chave: string, id: number, motivo: string, resposta: Resposta): Promise<Answer> {
      await limitarEscritas(ator.chaveId)
      const loja = await nomeDaLoja(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave, pedido: { cancelar: id, motivo } },
        async (trx) => {
          const r = encomendasRepo(trx)
          const p = daLojaOuErro(await r.find(id), ator.idLoja)
          if (p.utilizador_id !== null) await ledger.bloquear(trx, p.utilizador_id)
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
            const message =
              atual?.estado === ESTADO.pronto
                ? encomendasMensagens.jaPronta
                : atual?.estado === ESTADO.entregue
                  ? encomendasMensagens.jaEntregue
                  : encomendasMensagens.jaCancelada
            throw new HttpError(409, message, 'Estado inválido')
          }
          // Read again after the change: a guest who joined meanwhile had this purchase written to their account
          // (convidados.ts), which the change waited for.
          const depois = (await r.find(id)) ?? p
          if (depois.compra_id !== null) {
            if (p.utilizador_id === null && depois.utilizador_id !== null)
              await ledger.bloquear(trx, depois.utilizador_id)
            await ledger.devolverTudo(trx, depois.compra_id)
          }
          // Paid and now undone: its invoice is matched by a credit note (CIVA art. 29(1)(b) and 36(1)).
          await faturas.exigir(trx, vendaDe(depois), 'credito', p.total)
          if (notificar && depois.utilizador_id !== null) {
            const devolvido = [
              p.valor_pago > 0 ? `${formatMoney(p.valor_pago)} ${devolvidoPor(metodoDe(p))}` : '',
              p.desconto > 0 ? `${formatMoney(p.desconto)} de saldo` : '',
              p.premio_id !== null ? 'o prémio que usou' : '',
            ].filter(Boolean)
            await notificar(trx, {
              utilizadorId: depois.utilizador_id,
              titulo: 'Pedido cancelado',
              texto: `<p>A ${escapeHtml(loja)} cancelou o pedido n.º ${p.id}: ${escapeHtml(motivo.replace(/[.!\s]+$/, ''))}.${devolvido.length > 0 ? ` Devolvemos-lhe ${enumerar(devolvido)}.` : ''}</p>`,
              ligacao: `/carrinho/confirmado?encomenda=${p.id}`,
            })
          }
          return resposta(await naResposta(trx, id, p))
        },
      )
      const p = await repo.find(id)
      if (!p) return answer
      // The cancellation is written: the customer and the board hear of it whatever the refund does next.
      anunciar(p)
      if (p.reembolso_estado === 'a-reembolsar') {
        // Sent once whoever asks (a replay of this cancel, the reconciliation): see reembolsar. An outage at the
        // provider does not fail the store's request.
        await reembolsar(p).catch((err: unknown) =>
          log.error({ err, encomenda: p.id }, 'MB WAY refund failed; retried by the reconciliation'),
        )
      }
      return answer
    },
  }
}
