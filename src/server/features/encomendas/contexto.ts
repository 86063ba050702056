import type { FastifyBaseLogger } from 'fastify'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { TIME_ZONE } from '../../../shared/format.ts'
import { diaNoFuso, proximaMeiaNoiteNoFuso } from '../../../shared/fusos.ts'
import { METODO_NA_FRASE, type MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import { type Clock, DAY, HOUR, MINUTE } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { canais, type EventBus } from '../../platform/eventos.ts'
import { MULTIBANCO_MINIMO_MS, PAGINA_EXPIRY_SECONDS, type PaymentProvider } from '../../platform/pagamentos.ts'
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts'
import type { ConteudosService } from '../conteudos/service.ts'
import type { FaturasService } from '../faturas/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { FilaImpressao } from '../impressoras/service.ts'
import type { NovaNotificacao } from '../notificacoes/service.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import type { LojaDoPedido } from './apresentacao.ts'
import type { CatalogoService } from './catalogo.ts'
import type { ContaConvidados } from './convidados.ts'
import { type Encomenda, encomendasRepo } from './encomendas-repository.ts'

export const encomendasMensagens = {
  telemovelMbway: 'Indique o telemóvel com MB WAY para pagar.',
  mbwayRecusado: 'O MB WAY não aceitou o pedido de pagamento. Confirme o número de telemóvel.',
  indisponivel: 'Não foi possível submeter o carrinho. Tente mais tarde',
  naoEncontrada: 'Encomenda não encontrada.',
  sessaoTerminada: 'Sessão terminada. Inicie sessão novamente.',
  soAvanca:
    'Esta encomenda já não está nesse passo: só avança de Recebida para Em preparação, depois para Pronta e depois para Entregue.',
  jaPronta: 'Esta encomenda já está pronta: não pode ser cancelada.',
  jaEntregue: 'Esta encomenda já foi entregue: não pode ser cancelada.',
  jaEntregueAntes: 'Esta encomenda já foi entregue.',
  jaCancelada: 'Esta encomenda já foi cancelada.',
  estadoDesconhecido:
    'Estado desconhecido: uma encomenda só passa a 1 (Em preparação), a 2 (Pronta) ou a 3 (Entregue).',
  outraLoja: 'Esta encomenda pertence a outra loja.',
  motivos: {
    recusado: 'O pagamento MB WAY foi recusado.',
    expirado: 'O pedido de pagamento MB WAY expirou.',
    semPedido: 'Não foi possível pedir o pagamento MB WAY.',
  },
  /** The same reasons for the other methods. */
  motivosMetodo: {
    multibanco: {
      recusado: 'O pagamento Multibanco foi recusado.',
      expirado: 'A referência Multibanco expirou sem ter sido paga.',
      semPedido: 'Não foi possível gerar a referência Multibanco.',
    },
    pagina: {
      recusado: 'O pagamento foi recusado.',
      expirado: 'O pagamento não foi concluído a tempo.',
      semPedido: 'Não foi possível iniciar o pagamento.',
    },
  },
  pagamentoRecusado: 'O pagamento não pôde ser iniciado. Tente mais tarde ou escolha outro método.',
  metodoNaoAceite: 'Esta loja não aceita este método de pagamento.',
  multibancoTarde: 'Já não é possível pagar por Multibanco hoje. Escolha outro método de pagamento.',
  desistiu: 'Cancelou o pagamento desta encomenda.',
}

/**
 * How a method's payment goes back, in the customer's words: through the method itself, or by bank transfer for a
 * Multibanco one (the provider cannot refund it; an operator does).
 */
export const devolvidoPor = (metodo: MetodoPagamento) =>
  metodo === 'multibanco' ? 'por transferência bancária' : `por ${METODO_NA_FRASE[metodo]}`

/** An order's payment method: orders before the methods were all MB WAY. */
export const metodoDe = (p: Pick<Encomenda, 'pagamento_metodo'>): MetodoPagamento => p.pagamento_metodo ?? 'mbway'

/** Why an order's payment failed, in words for its method. */
export function motivoDe(metodo: MetodoPagamento, porque: 'recusado' | 'expirado' | 'semPedido'): string {
  if (metodo === 'mbway') return encomendasMensagens.motivos[porque]
  if (metodo === 'multibanco') return encomendasMensagens.motivosMetodo.multibanco[porque]
  return encomendasMensagens.motivosMetodo.pagina[porque]
}

/**
 * When a request made at `desde` can no longer be paid: an MB WAY request after `mbwaySegundos`, a Multibanco
 * reference at the end of its last day in Lisbon (multibancoValidaAte), a provider's page after PAGINA_EXPIRY_SECONDS.
 */
export function validadeDe(metodo: MetodoPagamento, desde: Date, mbwaySegundos: number): Date {
  if (metodo === 'mbway') return new Date(desde.getTime() + mbwaySegundos * 1000)
  if (metodo === 'multibanco') {
    return proximaMeiaNoiteNoFuso(desde, TIME_ZONE)
  }
  return new Date(desde.getTime() + PAGINA_EXPIRY_SECONDS * 1000)
}

/**
 * How long an order may wait for its request to be made and recorded (a create whose answer was lost) before it is
 * given up: an MB WAY request may be on the phone, and paid, until its expiry; a reference or a page nobody was shown
 * can be paid by nobody, so the balance it holds is given back within minutes, not at the end of the day.
 */
export const aPedirDurante = (metodo: MetodoPagamento, mbwaySegundos: number) =>
  metodo === 'mbway' ? mbwaySegundos * 1000 : A_PEDIR_SEM_MBWAY_MS
const A_PEDIR_SEM_MBWAY_MS = 5 * MINUTE

/** The last day a Multibanco reference made at `desde` is payable (`YYYY-MM-DD`, Lisbon): that very day. */
export const multibancoValidaAte = (desde: Date) => diaNoFuso(desde, TIME_ZONE)

/** Whether a method may be chosen now: Multibanco not in the day's last MULTIBANCO_MINIMO_MS (its reference dies then). */
export const metodoAgora = (metodo: MetodoPagamento, agora: Date) =>
  metodo !== 'multibanco' ||
  proximaMeiaNoiteNoFuso(agora, TIME_ZONE).getTime() - agora.getTime() >= MULTIBANCO_MINIMO_MS

/**
 * After a request's expiry, this long before the order is given up on an answer that settles nothing (still pending, a
 * status the provider cannot give, an outage, a request never recorded): the phone cannot pay any more, but a callback
 * for a payment made in its last seconds may still be on its way; a payment that arrives later is refunded. The
 * provider's own definitive answer (expired, refused) is not late: it gives the order up at once (reconciliacao.ts).
 */
export const MARGEM_MS = 2 * MINUTE
/**
 * A create call still unanswered after this long is no longer in flight (the adapters give up well before: ifthenpay
 * after 15 s): an order left 'a-pedir' this long had a create whose outcome is unknown (a crash between the provider's
 * answer and writing it down), and may be matched by a callback's reference like one whose create got no readable
 * answer (`pagamento_incerto`). A younger one's create may still be on its way: never matched.
 */
const CRIAR_EM_CURSO_MS = MINUTE
/** A refund whose outcome is unknown is not sent again: an operator is reminded this often (decision 0012). */
export const REEMBOLSO_INCERTO_MS = DAY
/** The longest wait between two tries of a refund the provider refused, or two asks about a cancellation. */
const ATRASO_MAX_MS = HOUR

/** The reference an order's payment request carries (`E123`). */
export const referenciaDe = (id: number) => `E${id}`
/** 1, 2, 4 … minutes, at most ATRASO_MAX_MS. */
export const atraso = (tentativas: number) => Math.min(MINUTE * 2 ** Math.min(tentativas, 10), ATRASO_MAX_MS)

export interface EncomendasDeps {
  db: Database
  clock: Clock
  provider: PaymentProvider
  bus: EventBus
  expirySeconds: number
  /** Prices a cart; the menu's allergens for the kitchen ticket (talao-cozinha.ts). */
  catalogo: Pick<CatalogoService, 'calcular' | 'catalogo' | 'listLojasEncomenda'>
  fidelizacao: Pick<FidelizacaoService, 'encomendas' | 'listLojas'>
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** Counters shared by every process: each checkout may send an MB WAY request to a phone. */
  limiter: RateLimiter
  /** A store key's writes on the board: the till's limit (features/fidelizacao), one allowance for the counter. */
  escritasLoja: Limit
  /** Writes a notification in the order change's own transaction (features/notificacoes). */
  notificar?: (trx: DatabaseTransaction, n: NovaNotificacao) => Promise<unknown>
  /** Fiscal documents (features/faturas): what a paid or cancelled order owes, and what its POS sent. */
  faturas: Pick<FaturasService, 'exigir' | 'registar' | 'documentosDe' | 'lerDocumento' | 'atribuirCliente'>
  /** The stores' sellers and addresses, as the order's confirmation e-mail names them (features/restaurantes). */
  lojas: Pick<
    RestaurantesService,
    'lojasEncomendas' | 'definirOcupada' | 'definirPausa' | 'marcarPainel' | 'segredoMesas'
  >
  /** The consumer-arbitration entity the legal information names (features/conteudos): the confirmation names it too. */
  consumidor: Pick<ConteudosService['informacaoConsumidor'], 'publica'>
  /**
   * The kitchen printer's queue (features/impressoras): a paid order of a store with a printer queues its ticket in the
   * transaction that makes it paid (confirmacao.ts). Absent: nothing is printed.
   */
  impressao?: FilaImpressao
  /** Minutes each order in the kitchen adds to a new promise (FILA_MINUTOS_POR_ENCOMENDA; cozinha.ts). */
  filaMinutosPorEncomenda?: number
  /** The app's public address: the confirmation e-mail links to the order. */
  appUrl: string
  /** A guest's phone confirmed by SMS, and their order's link sent to it (features/conta; convidados.ts). */
  conta: ContaConvidados
  /**
   * Whether a store key, and a paired tablet's session, still hold: the platform's store and staff surfaces own them,
   * and an open board stream asks now and then.
   */
  acesso: {
    chaveAtiva: (chaveId: number) => Promise<boolean>
    sessaoPainelAtiva: (sessao: { id: number; chaveId: number }) => Promise<boolean>
  }
}

/**
 * It reached the store's board: paid (or paid with the balance), its purchase written in the same transaction for a
 * customer (a guest's is written if they join: convidados.ts).
 */
export const naLoja = (p: Encomenda) => p.paga_em !== null

/**
 * The order a store key acts on: unknown, or not on any board (not paid), 404; on another store's board, 403
 * (STORE-API.md "Common rules").
 */
export function daLojaOuErro(p: Encomenda | undefined, idLoja: number): Encomenda {
  if (!p || !naLoja(p)) throw notFound(encomendasMensagens.naoEncontrada)
  if (p.id_loja !== idLoja) throw new HttpError(403, encomendasMensagens.outraLoja, 'Outra loja')
  return p
}

/** An order as the sale its fiscal documents are for (features/faturas): named on the board by its code. */
export const vendaDe = (p: Encomenda) => ({
  origem: 'encomenda' as const,
  id: p.id,
  idLoja: p.id_loja,
  utilizadorId: p.utilizador_id,
  referencia: String(p.id),
})

/** What every part of the orders feature shares: its dependencies, the orders on the pool, and the rules of time. */
export function createContexto(deps: EncomendasDeps) {
  const { db, clock, provider, bus, expirySeconds, fidelizacao } = deps
  const repo = encomendasRepo(db)
  const daquiA = (ms: number) => new Date(clock.now().getTime() + ms).toISOString()
  /** Until when an order may wait for its payment request to be made and recorded. */
  const aPedirAte = (p: Encomenda) => Date.parse(p.criada_em) + aPedirDurante(metodoDe(p), expirySeconds) + MARGEM_MS
  /** Until when a request may stay unanswered before the order is given up. */
  const pendenteAte = (p: Encomenda) => (p.expira_em ? Date.parse(p.expira_em) + MARGEM_MS : aPedirAte(p))
  /** Orders created at or before this instant can have no create call in flight any more. */
  const criadaAte = () => daquiA(-CRIAR_EM_CURSO_MS)
  /**
   * Whether an order may take a request that a callback names by the order's reference (`E{id}`): it records none,
   * and its create's outcome is unknown (no readable answer, `pagamento_incerto`; or no create can still be in flight).
   * Never an order whose create was refused (no request exists), nor one whose create may still answer (its own
   * request would then be dropped for the one named), nor one already settled by a request. The same rule guards the
   * write (`liquidar`).
   */
  const porReferencia = (p: Encomenda) =>
    p.pagamento_provider === provider.nome &&
    p.pagamento_id === null &&
    (p.pagamento_estado === 'a-pedir' || (p.estado === ESTADO.cancelado && p.pagamento_estado === 'expirado')) &&
    (p.pagamento_incerto === 1 || p.criada_em <= criadaAte())

  /**
   * An order `porReferencia` will match once no create can be in flight any more: its create's outcome not known yet
   * and too young to tell (a crash between the provider's answer and writing it down looks like this for a minute).
   * A callback naming a request for it then is kept as its candidate, asked about from `criadaEmCursoAte` on.
   */
  const porReferenciaMaisTarde = (p: Encomenda) =>
    p.pagamento_provider === provider.nome &&
    p.pagamento_id === null &&
    p.pagamento_estado === 'a-pedir' &&
    p.pagamento_incerto !== 1 &&
    p.criada_em > criadaAte()
  /** When an order's create can no longer be in flight. */
  const criadaEmCursoAte = (p: Encomenda) => new Date(Date.parse(p.criada_em) + CRIAR_EM_CURSO_MS).toISOString()

  /** An order's store as its customer reads it: its name and its time zone (an Azores store's order reads in its time). */
  async function lojaDoPedido(idLoja: number): Promise<LojaDoPedido> {
    const loja = (await fidelizacao.listLojas([idLoja]))[0]
    return { nome: loja?.nome ?? `Loja ${idLoja}`, fuso: loja?.fuso ?? TIME_ZONE }
  }

  const nomeDaLoja = async (idLoja: number): Promise<string> => (await lojaDoPedido(idLoja)).nome

  /**
   * After a commit: the customer's screens and (once it reached the board) the store hear of it. An order given up
   * before its payment arrived never reaches the board, nor does the refund of that late payment.
   */
  function anunciar(p: Encomenda) {
    if (p.utilizador_id !== null) {
      bus.publish(canais.utilizador(p.utilizador_id), { tipo: 'encomenda', orderId: p.id, status: p.estado })
    }
    if (naLoja(p)) bus.publish(canais.loja(p.id_loja), { tipo: 'encomenda', id: p.id })
  }

  async function anunciarPorId(id: number) {
    const p = await repo.find(id)
    if (p) anunciar(p)
  }

  /** The fiscal documents of these orders (`ex`: the caller's transaction, to answer what it changed). */
  const documentosDe = (ids: number[], ex: Database = db) => deps.faturas.documentosDe('encomenda', ids, ex)

  return {
    ...deps,
    repo,
    ledger: fidelizacao.encomendas,
    daquiA,
    aPedirAte,
    pendenteAte,
    criadaAte,
    porReferencia,
    porReferenciaMaisTarde,
    criadaEmCursoAte,
    nomeDaLoja,
    lojaDoPedido,
    anunciar,
    anunciarPorId,
    documentosDe,
  }
}

export type Contexto = ReturnType<typeof createContexto>
