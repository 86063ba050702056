import {
  type Cliente,
  type FidelizacaoDados,
  type Transacao,
  type TransacaoLoja,
  transacaoVisivel,
} from '../../../shared/fidelizacao.ts'
import { formatDateTime, formatMoney } from '../../../shared/format.ts'
import type { LojaNome } from '../../../shared/restaurantes.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { type Clock, DAY, isoNow, MINUTE } from '../../platform/clock.ts'
import { randomToken, sha256 } from '../../platform/crypto.ts'
import { type Database, isUniqueViolation } from '../../platform/db.ts'
import { fieldError, HttpError, notFound, TooManyRequests } from '../../platform/errors.ts'
import { escapeHtml } from '../../platform/html.ts'
import { type Answer, idempotent } from '../../platform/idempotency.ts'
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts'
import type { ContaService } from '../conta/service.ts'
import type { NovaNotificacao } from '../notificacoes/service.ts'
import { aplicar, compra, devolucao, type Efeito, type Regras, type Saldos, ZERO } from './ledger.ts'
import { fidelizacaoRepo, type Movimento } from './repository.ts'

/** The till's limits per store key (STORE-API.md: room for a busy counter, none for guessing security codes). */
export const LOJA_LIMITES = {
  identificacoes: { max: 300, windowMs: MINUTE } satisfies Limit,
  escritas: { max: 300, windowMs: MINUTE } satisfies Limit,
  /** Wrong security codes for one customer through one key; then the customer cannot be identified by code a while. */
  codigosErradosPorCliente: { max: 5, windowMs: 15 * MINUTE } satisfies Limit,
  /** Wrong security codes through one key, whatever the customer: a stolen key guessing across customers. */
  codigosErradosPorChave: { max: 30, windowMs: 15 * MINUTE } satisfies Limit,
}

export const fidelizacaoMensagens = {
  clienteNaoEncontrado: 'Cliente não encontrado.',
  codigoNecessario: 'Este cliente usa código de segurança: peça-lhe o código que a app mostra junto ao QR.',
  identificacaoNecessaria: 'Identifique o cliente antes de usar o saldo',
  saldoInsuficiente: 'O saldo do cliente não chega para o valor indicado.',
  saldoAcimaDoTotal: 'O saldo a usar não pode ser maior do que o total.',
  itensInsuficientes: 'O cliente não tem prémios suficientes.',
  semGanhos:
    'Registo incompleto: a compra ficou registada, mas o cliente só ganha saldo e pontos depois de completar o registo na app.',
  compraNaoEncontrada: 'Compra não encontrada.',
  jaDevolvida: 'Esta compra já foi devolvida.',
  outraLoja: 'Esta compra pertence a outra loja.',
  compraDeEncomenda:
    'Esta compra é de uma encomenda da app: não pode ser devolvida na caixa. Cancele a encomenda no quadro de encomendas (o MB WAY e o saldo usado voltam ao cliente).',
  devolucaoExcede: (resta: number) => `O valor excede o que falta devolver desta compra (${formatMoney(resta)}).`,
  naoRecuperado: (saldo: number, pontos: number) =>
    `Não foi possível recuperar ${[saldo > 0 ? `${formatMoney(saldo)} de saldo` : '', pontos > 0 ? `${pontos} ${pontos === 1 ? 'ponto' : 'pontos'}` : ''].filter(Boolean).join(' e ')} que o cliente já tinha usado.`,
  transacaoNaoEncontrada: 'Transação não encontrada.',
  opiniaoRepetida: 'Já deu a sua opinião sobre esta transação.',
  opinioesDesligadas: 'As opiniões não estão disponíveis para esta conta.',
  lojaDesconhecida: 'Loja desconhecida.',
}

/**
 * How long a store's proof of identification lets it spend the customer's balance (docs/decisions/0014): a visit to the
 * counter, from the scan to the bill, with room for a slow table; not long enough to keep a customer "open" for later.
 */
export const IDENTIFICACAO_VALIDADE_MS = 15 * MINUTE

/** Who is acting at the till: a store key (the Store API, or a tablet paired with it). */
export interface AtorLoja {
  chaveId: number
  idLoja: number
}

export interface FidelizacaoDeps {
  db: Database
  clock: Clock
  /** Counters that guard secrets (wrong security codes), shared by every process. */
  limiter: RateLimiter
  /** Throttles of a key's request rate, in this process (platform/rate-limit.ts createMemoryRateLimiter). */
  throttle: RateLimiter
  regras: Regras
  opinioesAtivas: boolean
  /** Told after a movement is committed: the customer's open screens read their balance and transactions again. */
  onMovimento?: (utilizadorId: number) => void
  /** Writes a notification in the movement's own transaction (features/notificacoes). */
  notificar?: (ex: Database, n: NovaNotificacao) => Promise<unknown>
  conta: Pick<
    ContaService,
    | 'findCliente'
    | 'clienteById'
    | 'verifySecurityCode'
    | 'prepareProvisional'
    | 'insertProvisional'
    | 'sendProvisionalSms'
  >
  lojas: { listLojasPorId(idsLoja?: number[]): Promise<LojaNome[]> }
}

/** The most movements a customer's private data carries (the screens show 4, or all). */
const TRANSACOES_MAX = 100

const saldosDe = (m: Movimento | undefined): Saldos =>
  m ? { saldo: m.saldo_actual, pontos: m.pontos_actual, itens: m.itens_actual } : ZERO

/** The refund movement of `valor` of a purchase, as the ledger's arithmetic (`devolucao`) worked it out. */
const devolucaoDe = (original: Movimento, valor: number, d: ReturnType<typeof devolucao>) => ({
  tipo: 'devolucao' as const,
  referencia: original.referencia,
  compra_id: original.id,
  subtotal: -valor,
  valor_pago: -valor,
  valor_devolvido: valor,
  itens_revertidos: d.itensRevertidos,
  saldo_nao_recuperado: d.naoRecuperado.saldo,
  pontos_nao_recuperados: d.naoRecuperado.pontos,
})

/** A purchase an app order wrote (features/encomendas): no store key, its reference the order's `E{id}`. */
const daEncomenda = (m: Movimento) => m.chave_id === null && /^E\d+$/.test(m.referencia ?? '')

/** A movement that only holds or gives back balance. */
const SEM_EFEITO: Efeito = {
  saldo_adicionado: 0,
  saldo_removido: 0,
  pontos_ganhos: 0,
  pontos_convertidos: 0,
  itens_adicionados: 0,
  itens_redimidos: 0,
}

const efeitoDe = (m: Movimento): Efeito => ({
  saldo_adicionado: m.saldo_adicionado,
  saldo_removido: m.saldo_removido,
  pontos_ganhos: m.pontos_ganhos,
  pontos_convertidos: m.pontos_convertidos,
  itens_adicionados: m.itens_adicionados,
  itens_redimidos: m.itens_redimidos,
})

/**
 * What a till purchase tells the customer (in the app, and by push where they allowed it): every spend of balance or
 * rewards, so that a spend they did not make cannot go unnoticed; otherwise the credit it earned. Nothing for a
 * purchase that neither spent nor earned.
 */
function avisoDaCompra(
  m: Movimento,
  total: number,
  loja: LojaNome | undefined,
): { titulo: string; texto: string; ligacao: string } | null {
  const onde = loja ? ` em ${escapeHtml(loja.nome)}` : ''
  const na = loja?.restaurante ?? 'loja'
  const ganhou = m.saldo_adicionado > 0 ? ` Ganhou ${formatMoney(m.saldo_adicionado)} de saldo.` : ''
  if (m.saldo_removido > 0 || m.itens_redimidos > 0) {
    const usou = [
      m.saldo_removido > 0 ? `${formatMoney(m.saldo_removido)} de saldo` : '',
      m.itens_redimidos > 0 ? `${m.itens_redimidos} ${m.itens_redimidos === 1 ? 'prémio' : 'prémios'}` : '',
    ]
      .filter(Boolean)
      .join(' e ')
    return {
      titulo: `Usou ${usou} na ${na}`,
      texto: `<p>Na sua compra de ${formatMoney(total)}${onde}.${ganhou} Se não foi o próprio, contacte-nos: pode ser uso indevido da sua conta.</p>`,
      ligacao: '/fidelizacao/transacoes',
    }
  }
  if (m.saldo_adicionado > 0) {
    return {
      titulo: `Ganhou ${formatMoney(m.saldo_adicionado)} de saldo na ${na}`,
      texto: `<p>Na sua compra de ${formatMoney(total)}${onde}. Use o saldo na próxima compra, na loja ou numa encomenda.</p>`,
      ligacao: '/fidelizacao/transacoes',
    }
  }
  return null
}

export function createFidelizacaoService({
  db,
  clock,
  limiter,
  throttle,
  regras,
  opinioesAtivas,
  conta,
  lojas,
  onMovimento,
  notificar,
}: FidelizacaoDeps) {
  const repository = fidelizacaoRepo(db)

  /** The names of the stores these movements happened at (only those: a purchase must not read every store). */
  async function nomesDasLojas(idsLoja: number[]): Promise<Map<number, LojaNome>> {
    return new Map((await lojas.listLojasPorId([...new Set(idsLoja)])).map((l) => [l.id_loja, l]))
  }

  function toTransacao(m: Movimento, nomes: Map<number, LojaNome>, idOpiniao: number | null = null): Transacao {
    const [data = '', hora = ''] = formatDateTime(m.criado_em).split(' ')
    const loja = nomes.get(m.id_loja)
    return {
      id: m.id,
      // Only purchases and refunds are shown (an order's held balance is not a visit).
      tipo: m.tipo === 'devolucao' ? 'devolucao' : 'compra',
      id_loja: m.id_loja,
      loja: loja?.nome ?? `Loja ${m.id_loja}`,
      restaurante: loja?.restaurante ?? '',
      data,
      hora,
      criado_em: m.criado_em,
      subtotal: m.subtotal,
      desconto: m.desconto,
      valor_pago: m.valor_pago,
      total_discount: m.tipo === 'compra' ? m.saldo_removido : 0,
      saldo_anterior: m.saldo_anterior,
      saldo_adicionado: m.saldo_adicionado,
      saldo_removido: m.saldo_removido,
      saldo_actual: m.saldo_actual,
      pontos_anterior: m.pontos_anterior,
      pontos_ganhos: m.pontos_ganhos,
      pontos_actual: m.pontos_actual,
      itens_redimidos: m.itens_redimidos,
      itens_adicionados: m.itens_adicionados,
      id_perfil: 1,
      id_opiniao: idOpiniao,
    }
  }

  const toTransacaoLoja = (m: Movimento, nomes: Map<number, LojaNome>, aviso: string | null): TransacaoLoja => ({
    ...toTransacao(m, nomes),
    referencia: m.referencia,
    aviso,
  })

  async function toCliente(c: { id: number; nome: string | null; temporario: 0 | 1 }, ex: Database = db) {
    const saldos = saldosDe(await fidelizacaoRepo(ex).ultimoMovimento(c.id))
    return { id: c.id, nome: c.nome, ...saldos, patamar: regras.patamar, temporario: c.temporario } satisfies Cliente
  }

  /** Writes one movement after the customer's newest, inside the caller's transaction (the customer locked). */
  async function escrever(
    trx: Database,
    utilizadorId: number,
    ultimo: Movimento | undefined,
    efeito: Efeito,
    campos: Omit<
      Parameters<ReturnType<typeof fidelizacaoRepo>['insertMovimento']>[0],
      | keyof Efeito
      | 'utilizador_id'
      | 'sequencia'
      | 'criado_em'
      | `${'saldo' | 'pontos' | 'itens'}_${'anterior' | 'actual'}`
    >,
  ): Promise<Movimento> {
    const antes = saldosDe(ultimo)
    const depois = aplicar(antes, efeito)
    return fidelizacaoRepo(trx).insertMovimento({
      ...campos,
      ...efeito,
      utilizador_id: utilizadorId,
      sequencia: (ultimo?.sequencia ?? 0) + 1,
      saldo_anterior: antes.saldo,
      saldo_actual: depois.saldo,
      pontos_anterior: antes.pontos,
      pontos_actual: depois.pontos,
      itens_anterior: antes.itens,
      itens_actual: depois.itens,
      criado_em: isoNow(clock),
    })
  }

  async function limit(key: string, rule: Limit, counters: RateLimiter = limiter) {
    const { allowed, retryAfterMs } = await counters.hit(key, rule)
    if (!allowed) throw new TooManyRequests(retryAfterMs)
  }

  const naoEncontrado = () => notFound(fidelizacaoMensagens.clienteNaoEncontrado)

  return {
    /** The loyalty part of a customer's private data: balances, totals, and the newest movements worth showing. */
    async partOf(utilizador: {
      id: number
      registoCompleto: boolean
    }): Promise<{ dados: FidelizacaoDados; transacoes: Transacao[] }> {
      const [totais, movimentos] = await Promise.all([
        repository.totais(utilizador.id),
        repository.listMovimentos(utilizador.id, TRANSACOES_MAX),
      ])
      const nomes = await nomesDasLojas(movimentos.map((m) => m.id_loja))
      // Newest first: the first movement's balances after are the customer's balances.
      const ultimo = movimentos[0]
      const saldos = saldosDe(ultimo)
      return {
        dados: {
          saldo: saldos.saldo,
          pontos: saldos.pontos,
          patamar: regras.patamar,
          itens: saldos.itens,
          ja_poupou: totais.jaPoupou,
          acumulado: totais.acumulado,
          total_valor_desconto: totais.jaPoupou,
          ve_rating: opinioesAtivas && utilizador.registoCompleto,
        },
        // An order's held balance and its release are bookkeeping, not visits: the customer sees the purchase.
        transacoes: movimentos
          .filter((m) => m.tipo === 'compra' || m.tipo === 'devolucao')
          .map((m) => toTransacao(m, nomes, m.id_opiniao))
          .filter(transacaoVisivel),
      }
    },

    /** STORE-API.md `clientes/identificar`: by QR, or by phone (with the security code when the customer uses one). */
    async identificar(
      ator: AtorLoja,
      input: { qr: string } | { telemovel: string; pais: string; codigo_seguranca?: string | undefined },
    ): Promise<{ cliente: Cliente; identificacao: string }> {
      await limit(`loja:identificar:${ator.chaveId}`, LOJA_LIMITES.identificacoes, throttle)
      const cliente = await conta.findCliente('qr' in input ? { qr: input.qr } : input)
      if (!cliente) throw naoEncontrado()
      if (!('qr' in input) && cliente.usarCodigoSeguranca) {
        if (!input.codigo_seguranca)
          throw new HttpError(403, fidelizacaoMensagens.codigoNecessario, 'Código de segurança')
        // Each try is counted before the code is checked (so parallel guesses cannot all slip under the limits) and
        // given back when the code was right.
        const tentativas = [
          [`loja:codigo:${ator.chaveId}:${cliente.id}`, LOJA_LIMITES.codigosErradosPorCliente],
          [`loja:codigo:${ator.chaveId}`, LOJA_LIMITES.codigosErradosPorChave],
        ] as const
        for (const [key, rule] of tentativas) await limit(key, rule)
        if (!(await conta.verifySecurityCode(cliente.id, input.codigo_seguranca))) throw naoEncontrado()
        for (const [key, rule] of tentativas) await limiter.release(key, rule)
      }
      // The proof that this store has the customer in front of it: what lets a purchase spend their balance.
      const identificacao = randomToken(24)
      const agora = clock.now()
      await repository.insertIdentificacao({
        token_hash: sha256(identificacao),
        id_loja: ator.idLoja,
        chave_id: ator.chaveId,
        utilizador_id: cliente.id,
        criado_em: agora.toISOString(),
        expira_em: new Date(agora.getTime() + IDENTIFICACAO_VALIDADE_MS).toISOString(),
      })
      return { cliente: await toCliente(cliente), identificacao }
    },

    /** STORE-API.md `compras`: one ledger movement, atomic and idempotent; never more balance than there is. */
    async registarCompra(
      ator: AtorLoja,
      idempotencyKey: string,
      input: {
        cliente_id: number
        identificacao?: string | undefined
        total: number
        saldo_a_usar: number
        itens_a_redimir: number
        referencia: string
      },
    ): Promise<Answer> {
      await limit(`loja:escritas:${ator.chaveId}`, LOJA_LIMITES.escritas, throttle)
      const nomes = await nomesDasLojas([ator.idLoja])
      const answer = await idempotent(
        db,
        clock,
        // The proof is a credential, like the key, not part of the purchase: a retry after identifying the customer
        // again (the tablet reloaded) is the same purchase, and answers as the first time.
        { chaveId: ator.chaveId, chave: idempotencyKey, pedido: { compra: { ...input, identificacao: undefined } } },
        async (trx) => {
          const cliente = await conta.clienteById(input.cliente_id, trx)
          if (!cliente) throw naoEncontrado()
          const ledger = fidelizacaoRepo(trx)
          // Spending needs the customer at the counter: a proof this store got from identifying them (STORE-API.md),
          // spent by this purchase. A key alone may only credit a customer by id (a POS catching up after an outage).
          // A proof given with a purchase that only earns is spent too, so that it cannot serve a later one.
          const gasta = input.saldo_a_usar > 0 || input.itens_a_redimir > 0
          const prova = input.identificacao ? sha256(input.identificacao) : null
          const provada =
            prova !== null &&
            (await ledger.gastarIdentificacao({
              tokenHash: prova,
              idLoja: ator.idLoja,
              utilizadorId: cliente.id,
              agora: isoNow(clock),
            }))
          if (gasta && !provada) {
            throw new HttpError(403, fidelizacaoMensagens.identificacaoNecessaria, 'Cliente não identificado')
          }
          await ledger.lockCliente(cliente.id)
          const ultimo = await ledger.ultimoMovimento(cliente.id)
          // Benefits go to complete registrations only (spec §1); a completed account in the middle of a recovery
          // (temporary again until it sets a new password) still earns.
          const ganha = cliente.registoCompleto
          const r = compra(
            saldosDe(ultimo),
            { total: input.total, saldoAUsar: input.saldo_a_usar, itensARedimir: input.itens_a_redimir },
            regras,
            ganha,
          )
          if ('recusa' in r) {
            if (r.recusa === 'saldo-acima-do-total') {
              throw new HttpError(422, fidelizacaoMensagens.saldoAcimaDoTotal, 'Erro', {
                saldo_a_usar: fidelizacaoMensagens.saldoAcimaDoTotal,
              })
            }
            if (r.recusa === 'itens-insuficientes') {
              throw new HttpError(409, fidelizacaoMensagens.itensInsuficientes, 'Prémios insuficientes')
            }
            throw new HttpError(409, fidelizacaoMensagens.saldoInsuficiente, 'Saldo insuficiente')
          }
          const movimento = await escrever(trx, cliente.id, ultimo, r.efeito, {
            tipo: 'compra',
            id_loja: ator.idLoja,
            chave_id: ator.chaveId,
            referencia: input.referencia,
            subtotal: input.total,
            desconto: input.saldo_a_usar,
            valor_pago: r.valorPago,
            ganha: ganha ? 1 : 0,
          })
          if (provada && prova) await ledger.ligarIdentificacao(prova, movimento.id)
          const avisoCliente = avisoDaCompra(movimento, input.total, nomes.get(ator.idLoja))
          if (avisoCliente && notificar) await notificar(trx, { utilizadorId: cliente.id, ...avisoCliente })
          const aviso = ganha ? null : fidelizacaoMensagens.semGanhos
          return { status: 201, body: { data: { transacao: toTransacaoLoja(movimento, nomes, aviso) } } }
        },
      )
      if (answer.status < 300) onMovimento?.(input.cliente_id)
      return answer
    },

    /** STORE-API.md `compras/{id}/devolucoes`: a refund, in proportion, never more than was paid. */
    async devolver(ator: AtorLoja, idempotencyKey: string, compraId: number, valor: number): Promise<Answer> {
      await limit(`loja:escritas:${ator.chaveId}`, LOJA_LIMITES.escritas, throttle)
      const nomes = await nomesDasLojas([ator.idLoja])
      let cliente: number | undefined
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave: idempotencyKey, pedido: { devolucao: compraId, valor } },
        async (trx) => {
          const ledger = fidelizacaoRepo(trx)
          const original = await ledger.findMovimento(compraId)
          if (original?.tipo !== 'compra') throw notFound(fidelizacaoMensagens.compraNaoEncontrada)
          cliente = original.utilizador_id
          if (original.id_loja !== ator.idLoja) throw new HttpError(403, fidelizacaoMensagens.outraLoja, 'Outra loja')
          // An app order's purchase (written by ordering, not by a till: no key, its reference `E{id}`) is undone only
          // by cancelling the order, which also refunds the MB WAY payment; a till refund would refund it twice.
          if (daEncomenda(original)) {
            throw new HttpError(409, fidelizacaoMensagens.compraDeEncomenda, 'Compra de uma encomenda')
          }
          await ledger.lockCliente(original.utilizador_id)
          const { devolvido, itensRevertidos, devolucoes } = await ledger.devolvidoDe(original.id)
          const resta = original.valor_pago - devolvido
          if (original.valor_pago === 0) {
            // Paid wholly with balance: one refund of 0 gives the balance (and the rewards) back.
            if (valor !== 0)
              throw new HttpError(409, fidelizacaoMensagens.devolucaoExcede(0), 'Devolução acima do pago')
            if (devolucoes > 0) throw new HttpError(409, fidelizacaoMensagens.jaDevolvida, 'Compra já devolvida')
          } else if (valor === 0) {
            throw fieldError('valor', mensagens.maiorQueZero)
          } else if (valor > resta) {
            throw new HttpError(409, fidelizacaoMensagens.devolucaoExcede(resta), 'Devolução acima do pago')
          }
          const ultimo = await ledger.ultimoMovimento(original.utilizador_id)
          const d = devolucao(
            saldosDe(ultimo),
            { valorPago: original.valor_pago, efeito: efeitoDe(original), devolvido, itensRevertidos },
            valor,
            regras,
          )
          const movimento = await escrever(trx, original.utilizador_id, ultimo, d.efeito, {
            ...devolucaoDe(original, valor, d),
            id_loja: ator.idLoja,
            chave_id: ator.chaveId,
          })
          const perdeu = d.naoRecuperado.saldo > 0 || d.naoRecuperado.pontos > 0
          const aviso = perdeu
            ? fidelizacaoMensagens.naoRecuperado(d.naoRecuperado.saldo, d.naoRecuperado.pontos)
            : null
          return {
            status: 201,
            body: {
              data: { transacao: toTransacaoLoja(movimento, nomes, aviso), nao_recuperado: d.naoRecuperado, aviso },
            },
          }
        },
      )
      if (answer.status < 300 && cliente !== undefined) onMovimento?.(cliente)
      return answer
    },

    /** STORE-API.md `clientes`: a provisional account, its SMS sent once it is written (not on a replay). */
    async criarProvisorio(
      ator: AtorLoja,
      idempotencyKey: string,
      input: { telemovel: string; pais: string },
    ): Promise<Answer> {
      await limit(`loja:escritas:${ator.chaveId}`, LOJA_LIMITES.escritas, throttle)
      let plano: Awaited<ReturnType<typeof conta.prepareProvisional>> | undefined
      let escrito = false
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave: idempotencyKey, pedido: { cliente: input } },
        async (trx) => {
          // The slow part (hashing the password) was done before the transaction; see below.
          if (!plano) throw new Error('provisional account not prepared')
          const cliente = await conta.insertProvisional(plano, trx)
          escrito = true
          return { status: 201, body: { data: { cliente: await toCliente(cliente, trx) } } }
        },
        async () => {
          plano = await conta.prepareProvisional(input)
        },
      )
      if (escrito && plano) await conta.sendProvisionalSms(plano)
      return answer
    },

    /** Forgets proofs of identification a day after they expired (the hourly job). */
    purgarIdentificacoes: () => repository.purgeIdentificacoes(new Date(clock.now().getTime() - DAY).toISOString()),

    /** The till's list: the store's newest purchases, with what is left to refund of each. */
    async comprasRecentes(ator: AtorLoja, limite = 20) {
      const [rows, nomes] = await Promise.all([
        repository.listComprasLoja(ator.idLoja, limite),
        nomesDasLojas([ator.idLoja]),
      ])
      return rows.map((r) => {
        const porDevolver = r.valor_pago - Number(r.devolvido ?? 0)
        return {
          ...toTransacaoLoja(r, nomes, null),
          por_devolver: porDevolver,
          // Paid wholly with balance: refunded once, whole; otherwise when nothing is left to refund.
          devolvida: r.valor_pago === 0 ? Number(r.devolucoes ?? 0) > 0 : porDevolver === 0,
          // Undone only by cancelling the order on the board (the refund above refuses it).
          encomenda: daEncomenda(r),
        }
      })
    },

    /** Spec §2 opinion: of a shop, or of one of the customer's own transactions (once). */
    async opinar(
      utilizador: { id: number; registoCompleto: boolean },
      input: {
        loja: number
        rating1: number | null
        rating2: number | null
        rating3: number | null
        comentario: string
      },
      transacaoId?: number,
    ): Promise<{ id: number }> {
      let idLoja = input.loja
      if (transacaoId !== undefined) {
        if (!(opinioesAtivas && utilizador.registoCompleto)) {
          throw new HttpError(403, fidelizacaoMensagens.opinioesDesligadas)
        }
        const movimento = await repository.findMovimento(transacaoId)
        // An opinion is of a purchase the customer made; a refund is no visit to give one about.
        if (movimento?.utilizador_id !== utilizador.id || movimento.tipo !== 'compra') {
          throw notFound(fidelizacaoMensagens.transacaoNaoEncontrada)
        }
        if (await repository.findOpiniaoDaTransacao(transacaoId)) {
          throw new HttpError(409, fidelizacaoMensagens.opiniaoRepetida)
        }
        idLoja = movimento.id_loja
      } else if (!(await nomesDasLojas([idLoja])).has(idLoja)) {
        throw fieldError('loja', fidelizacaoMensagens.lojaDesconhecida)
      }
      try {
        const id = await repository.insertOpiniao({
          utilizador_id: utilizador.id,
          transacao_id: transacaoId ?? null,
          id_loja: idLoja,
          rating1: input.rating1,
          rating2: input.rating2,
          rating3: input.rating3,
          comentario: input.comentario,
          criado_em: isoNow(clock),
        })
        return { id }
      } catch (error) {
        // Two submissions of one transaction's opinion at once: the unique transaction keeps one.
        if (isUniqueViolation(error)) throw new HttpError(409, fidelizacaoMensagens.opiniaoRepetida)
        throw error
      }
    },

    /** One of the customer's own transactions (the opinion screen); another's is 404. */
    async transacaoDoCliente(utilizadorId: number, transacaoId: number): Promise<Transacao> {
      const movimento = await repository.findMovimento(transacaoId)
      if (!movimento || movimento.utilizador_id !== utilizadorId) {
        throw notFound(fidelizacaoMensagens.transacaoNaoEncontrada)
      }
      const opiniao = await repository.findOpiniaoDaTransacao(transacaoId)
      return toTransacao(movimento, await nomesDasLojas([movimento.id_loja]), opiniao?.id ?? null)
    },

    listLojas: (idsLoja?: number[]) => lojas.listLojasPorId(idsLoja),

    /**
     * Ordering's movements (features/encomendas), written inside the caller's transaction after `bloquear`: the
     * balance an order holds at checkout, given back when its payment fails or arrives, and the purchase itself when
     * it is paid. One place for the ledger's rules: the till's purchases and refunds use the same arithmetic.
     */
    encomendas: {
      bloquear: (trx: Database, utilizadorId: number) => fidelizacaoRepo(trx).lockCliente(utilizadorId),

      async saldo(trx: Database, utilizadorId: number): Promise<number> {
        return saldosDe(await fidelizacaoRepo(trx).ultimoMovimento(utilizadorId)).saldo
      },

      /** Holds `valor` of the balance (never more than there is: the ledger refuses a negative balance). */
      async reservar(trx: Database, m: { utilizadorId: number; idLoja: number; valor: number; referencia: string }) {
        const ultimo = await fidelizacaoRepo(trx).ultimoMovimento(m.utilizadorId)
        if (saldosDe(ultimo).saldo < m.valor) throw new HttpError(409, fidelizacaoMensagens.saldoInsuficiente)
        return escrever(
          trx,
          m.utilizadorId,
          ultimo,
          { ...SEM_EFEITO, saldo_removido: m.valor },
          {
            tipo: 'reserva',
            id_loja: m.idLoja,
            referencia: m.referencia,
            ganha: 0,
          },
        )
      },

      async libertar(trx: Database, m: { utilizadorId: number; idLoja: number; valor: number; referencia: string }) {
        const ultimo = await fidelizacaoRepo(trx).ultimoMovimento(m.utilizadorId)
        return escrever(
          trx,
          m.utilizadorId,
          ultimo,
          { ...SEM_EFEITO, saldo_adicionado: m.valor },
          {
            tipo: 'libertacao',
            id_loja: m.idLoja,
            referencia: m.referencia,
            ganha: 0,
          },
        )
      },

      /** The paid order as a purchase: the balance used comes off, credit and points on what was paid go on. */
      async comprar(
        trx: Database,
        m: { utilizadorId: number; idLoja: number; total: number; desconto: number; referencia: string },
      ): Promise<Movimento> {
        const cliente = await conta.clienteById(m.utilizadorId, trx)
        const ganha = cliente?.registoCompleto ?? false
        const ultimo = await fidelizacaoRepo(trx).ultimoMovimento(m.utilizadorId)
        const r = compra(saldosDe(ultimo), { total: m.total, saldoAUsar: m.desconto, itensARedimir: 0 }, regras, ganha)
        if ('recusa' in r) throw new HttpError(409, fidelizacaoMensagens.saldoInsuficiente, 'Saldo insuficiente')
        return escrever(trx, m.utilizadorId, ultimo, r.efeito, {
          tipo: 'compra',
          id_loja: m.idLoja,
          referencia: m.referencia,
          subtotal: m.total,
          desconto: m.desconto,
          valor_pago: r.valorPago,
          ganha: ganha ? 1 : 0,
        })
      },

      /** What is left of a purchase refunded whole (an order the store cancelled after it was paid). */
      async devolverTudo(trx: Database, compraId: number): Promise<Movimento> {
        const ledger = fidelizacaoRepo(trx)
        const original = await ledger.findMovimento(compraId)
        if (original?.tipo !== 'compra') throw notFound(fidelizacaoMensagens.compraNaoEncontrada)
        const { devolvido, itensRevertidos, devolucoes } = await ledger.devolvidoDe(original.id)
        const valor = original.valor_pago - devolvido
        if (devolucoes > 0 && valor === 0) throw new HttpError(409, fidelizacaoMensagens.jaDevolvida)
        const ultimo = await ledger.ultimoMovimento(original.utilizador_id)
        const d = devolucao(
          saldosDe(ultimo),
          { valorPago: original.valor_pago, efeito: efeitoDe(original), devolvido, itensRevertidos },
          valor,
          regras,
        )
        return escrever(trx, original.utilizador_id, ultimo, d.efeito, {
          ...devolucaoDe(original, valor, d),
          id_loja: original.id_loja,
        })
      },

      /** The customer's points and threshold now (the confirmation's points/threshold). */
      async pontos(utilizadorId: number): Promise<{ pontos: number; patamar: number }> {
        return { pontos: saldosDe(await repository.ultimoMovimento(utilizadorId)).pontos, patamar: regras.patamar }
      },
    },
  }
}

export type FidelizacaoService = ReturnType<typeof createFidelizacaoService>
