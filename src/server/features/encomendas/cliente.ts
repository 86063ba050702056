import { ESTADO } from '../../../shared/estado-pedido.ts'
import { TIME_ZONE } from '../../../shared/format.ts'
import { METODOS_COM_PAGINA } from '../../../shared/metodos-pagamento.ts'
import {
  ENCOMENDAS_PAGINA,
  type EncomendaCliente,
  type HistoricoEncomendas,
  type ParaRepetir,
} from '../../../shared/pedido.ts'
import { MINUTE } from '../../platform/clock.ts'
import { notFound } from '../../platform/errors.ts'
import { carrinhoDe, linhasDe, paraCliente } from './apresentacao.ts'
import { type Contexto, encomendasMensagens, metodoDe } from './contexto.ts'
import { type Dono, type Encomenda, eDe } from './encomendas-repository.ts'
import type { Liquidacao } from './liquidacao.ts'
import type { Reconciliacao } from './reconciliacao.ts'

/** Finished orders stay in the customer's current orders this long (the catalogue's status bar, the confirmation). */
const ATUAIS_DURANTE_MS = 60 * 60 * 1000
/** A read asks the provider about one order at most this often: a polling payment screen must not hammer it. */
export const PERGUNTAR_AO_LER_MS = 5_000
/** An order paid on the provider's page is asked about on every read this long after it was made, then once a minute. */
const PAGINA_RECENTE_MS = 10 * MINUTE

/** The customer's own orders, as the app shows them. */
export function createEncomendasCliente(
  { repo, clock, log, fidelizacao, ledger, lojaDoPedido, documentosDe, daquiA }: Contexto,
  { verificar }: Pick<Reconciliacao, 'verificar'>,
  { falhar }: Pick<Liquidacao, 'falhar'>,
) {
  /**
   * When each order was last asked about on a read (this process's; entries older than PERGUNTAR_AO_LER_MS are
   * dropped). In memory, not on the order: `verificar_em` is the reconciliation's schedule, and a write per read
   * would cost more than it saves; with several processes the provider is asked at most once each per interval.
   */
  const perguntadas = new Map<number, number>()

  /**
   * An order still awaiting a payment whose request has expired: the customer's screen has said so and waits for the
   * outcome. The provider is asked now, not at the next reconciliation pass nor after the margin for late callbacks:
   * a request paid in its last seconds becomes paid within the read, and an expired or refused one is given up now,
   * the balance back, so the customer may try again at once and never while the first request can still be paid.
   * So too an order paid on the provider's page (card, Apple Pay, Google Pay), whatever its expiry: the customer comes
   * back from that page to this read, and the provider's word, not the page's redirect, says whether it was paid.
   */
  async function perguntarSeExpirou(p: Encomenda): Promise<Encomenda> {
    const agora = clock.now().getTime()
    const expirou = p.expira_em !== null && agora >= Date.parse(p.expira_em)
    const naPagina = METODOS_COM_PAGINA.includes(metodoDe(p))
    if (p.estado !== ESTADO.pagamento || p.pagamento_estado !== 'pendente' || !(expirou || naPagina)) return p
    // A page left open long after the return asks less often: the provider is not polled for a tab forgotten open.
    const intervalo =
      naPagina && !expirou && agora - Date.parse(p.criada_em) > PAGINA_RECENTE_MS ? MINUTE : PERGUNTAR_AO_LER_MS
    for (const [id, em] of perguntadas) if (agora - em >= MINUTE) perguntadas.delete(id)
    const ultima = perguntadas.get(p.id)
    if (ultima !== undefined && agora - ultima < intervalo) return p
    // Taken before the call: reads at the same time do not ask too.
    perguntadas.set(p.id, agora)
    try {
      await verificar(p, false)
    } catch (error) {
      // The read still answers what is known; the reconciliation asks again.
      log.warn({ encomenda: p.id, err: error }, 'payment status on read failed')
      return p
    }
    return (await repo.find(p.id)) ?? p
  }

  return {
    /**
     * One of the customer's own orders, or the guest's this device holds (`donos`: either or both); another's is 404 like
     * an unknown one.
     */
    async doCliente(donos: Dono[], id: number): Promise<EncomendaCliente> {
      const p = await repo.find(id)
      if (!p || !donos.some((d) => eDe(p, d))) throw notFound(encomendasMensagens.naoEncontrada)
      const [atual, loja, documentos] = await Promise.all([
        perguntarSeExpirou(p),
        lojaDoPedido(p.id_loja),
        documentosDe([p.id]),
      ])
      return paraCliente(atual, loja, documentos.get(p.id) ?? [])
    },

    /**
     * The customer gives up waiting for a payment (another method, another cart): the order is cancelled and its
     * balance returns now. The request may still be paid (a Multibanco reference is the bank's once issued): the
     * provider is asked again for a while, and a payment it reports is refunded (reconciliacao.ts).
     */
    async desistir(donos: Dono[], id: number): Promise<EncomendaCliente> {
      const p = await repo.find(id)
      if (!p || !donos.some((d) => eDe(p, d))) throw notFound(encomendasMensagens.naoEncontrada)
      // Not a Multibanco reference: it stays payable at any ATM until it expires, and its payment cannot be refunded
      // through the provider; the order waits for it or for its expiry.
      if (p.estado === ESTADO.pagamento && p.pagamento_estado === 'pendente' && metodoDe(p) !== 'multibanco') {
        // Asked first: a payment already made settles the order as paid, and nothing is given up.
        await verificar(p, false).catch((error: unknown) => {
          log.warn({ encomenda: p.id, err: error }, 'payment status before giving up failed')
        })
        await falhar(p.id, 'expirado', encomendasMensagens.desistiu, ['pendente'], daquiA(MINUTE))
      }
      const atual = (await repo.find(id)) ?? p
      const [loja, documentos] = await Promise.all([lojaDoPedido(atual.id_loja), documentosDe([atual.id])])
      return paraCliente(atual, loja, documentos.get(atual.id) ?? [])
    },

    /** Spec §3 "Current order": the orders the app still shows, newest first. */
    async atuais(utilizadorId: number): Promise<EncomendaCliente[]> {
      const desde = new Date(clock.now().getTime() - ATUAIS_DURANTE_MS).toISOString()
      return comLojas(await repo.listAtuais(utilizadorId, desde, 5))
    },

    /**
     * 'As minhas encomendas': the customer's orders, newest first, a page of `ENCOMENDAS_PAGINA` before the order
     * `antes` (none: from the newest), and the id to ask the next page from (null: no more).
     */
    async historico(utilizadorId: number, antes?: number): Promise<HistoricoEncomendas> {
      const rows = await repo.listDoCliente(utilizadorId, antes, ENCOMENDAS_PAGINA + 1)
      const pagina = rows.slice(0, ENCOMENDAS_PAGINA)
      return {
        encomendas: await comLojas(pagina),
        seguinte: rows.length > ENCOMENDAS_PAGINA ? (pagina.at(-1)?.id ?? null) : null,
      }
    },

    /**
     * One of the customer's own orders as 'Repetir' reads it: its store, its kind of sale and its lines by their codes
     * and names (another's is 404 like an unknown one). The app finds them in the store's current menu.
     */
    async paraRepetir(utilizadorId: number, id: number): Promise<ParaRepetir> {
      const p = await repo.find(id)
      if (p?.utilizador_id !== utilizadorId) throw notFound(encomendasMensagens.naoEncontrada)
      const linhas = linhasDe(p.linhas)
      const carrinho = carrinhoDe(p.carrinho)
      // The priced lines follow the cart's order, one for one: codes only where they line up.
      const codigos = carrinho?.length === linhas.length ? carrinho : null
      return {
        orderId: p.id,
        id_loja: p.id_loja,
        id_tipo_entrega: p.id_tipo_entrega === 1 ? 1 : 0,
        linhas: linhas.map((l, i) => {
          const c = codigos?.[i]
          return {
            id: c?.id ?? null,
            qtd: l.qtd,
            complementares: c?.complementares ?? [],
            opcoes: c?.opcoes ?? [],
            porcao: l.porcao,
            observacoes: l.observacoes,
            produto: l.produto,
            nomes_complementos: l.complementos,
            nomes_opcoes: l.opcoes,
          }
        }),
      }
    },

    /** What the customer's points are now and the threshold (the confirmation's points/threshold). */
    pontos: (utilizadorId: number) => ledger.pontos(utilizadorId),
  }

  /** Orders as the customer reads them, with their stores' names and zones and their fiscal documents. */
  async function comLojas(rows: Encomenda[]): Promise<EncomendaCliente[]> {
    if (rows.length === 0) return []
    const [lojas, documentos] = await Promise.all([
      fidelizacao.listLojas([...new Set(rows.map((r) => r.id_loja))]),
      documentosDe(rows.map((r) => r.id)),
    ])
    const porId = new Map(lojas.map((l) => [l.id_loja, { nome: l.nome, fuso: l.fuso }]))
    return rows.map((p) =>
      paraCliente(
        p,
        porId.get(p.id_loja) ?? { nome: `Loja ${p.id_loja}`, fuso: TIME_ZONE },
        documentos.get(p.id) ?? [],
      ),
    )
  }
}
