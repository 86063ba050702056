import { SALDO_ACIMA_DO_RESTANTE } from '../../../shared/desconto-premio.ts'
import type { DocumentoFiscal } from '../../../shared/documentos.ts'
import {
  type Cliente,
  INT_MAX,
  limitesMensagens,
  type NifCliente,
  type PromocaoAplicada,
  type Transacao,
  type TransacaoLoja,
} from '../../../shared/fidelizacao.ts'
import { formatDateTime, formatMoney } from '../../../shared/format.ts'
import type { Premio } from '../../../shared/premios.ts'
import type { LojaNomeFuso } from '../../../shared/restaurantes.ts'
import { type Clock, isoNow, lisbonToday, MINUTE } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound, TooManyRequests } from '../../platform/errors.ts'
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts'
import type { ContaService } from '../conta/service.ts'
import type { FaturasService } from '../faturas/service.ts'
import type { NovaNotificacao } from '../notificacoes/service.ts'
import { createCarimbos } from './carimbos.ts'
import { aplicar, type devolucao, type Efeito, type Regras, type Saldos, ZERO } from './ledger.ts'
import { premiosDoMovimento, resumoDe } from './premio-campos.ts'
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
  codigoErrado: 'Código de segurança errado',
  identificacaoNecessaria: 'Identifique o cliente antes de usar o saldo',
  saldoInsuficiente: 'O saldo do cliente não chega para o valor indicado.',
  saldoAcimaDoTotal: 'O saldo a usar não pode ser maior do que o total.',
  saldoAcimaDoRestante: SALDO_ACIMA_DO_RESTANTE,
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
  /**
   * Told inside every movement's transaction, which it joins (the wallets' card: its update is queued with the
   * movement, or not at all).
   */
  aoMovimentar?: (trx: DatabaseTransaction, utilizadorId: number) => Promise<void>
  /** Told after a promotion changed (the campaigns that announce one show it). */
  aoAlterarPromocoes?: () => void
  /** Writes a notification in the movement's own transaction (features/notificacoes). */
  notificar?: (trx: DatabaseTransaction, n: NovaNotificacao) => Promise<unknown>
  conta: Pick<
    ContaService,
    | 'findCliente'
    | 'clienteById'
    | 'verifySecurityCode'
    | 'prepareProvisional'
    | 'insertProvisional'
    | 'sendProvisionalSms'
    | 'aniversariantes'
    | 'audiencia'
  >
  lojas: {
    listLojasPorId(idsLoja?: number[], db?: Database): Promise<(LojaNomeFuso & { restaurante_id: number })[]>
  }
  /** Fiscal documents (features/faturas): what a till purchase and its refund owe, and what the POS sent. */
  faturas: Pick<FaturasService, 'exigir' | 'registar' | 'documentosDe' | 'lerDocumento'>
}

export const saldosDe = (m: Movimento | undefined): Saldos =>
  m ? { saldo: m.saldo_actual, pontos: m.pontos_actual, itens: m.itens_actual } : ZERO

/** The refund movement of `valor` of a purchase, as the ledger's arithmetic (`devolucao`) worked it out. */
export const devolucaoDe = (original: Movimento, valor: number, d: ReturnType<typeof devolucao>) => ({
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
export const daEncomenda = (m: Movimento) => m.chave_id === null && /^E\d+$/.test(m.referencia ?? '')

/** A till purchase as the sale its fiscal documents are for (features/faturas): named by its POS reference. */
export const vendaDaCompra = (m: Movimento) => ({
  origem: 'compra' as const,
  id: m.id,
  idLoja: m.id_loja,
  utilizadorId: m.utilizador_id,
  referencia: m.referencia,
})

/** The rules a movement was made with (a refund undoes its purchase by them, whatever the rules are now). */
export const regrasDe = (m: Movimento): Regras => ({
  creditoPercent: m.taxa_credito / 100,
  pontosPorEuro: m.pontos_por_euro,
  patamar: m.patamar,
})

export const efeitoDe = (m: Movimento): Efeito => ({
  saldo_adicionado: m.saldo_adicionado,
  saldo_removido: m.saldo_removido,
  pontos_ganhos: m.pontos_ganhos,
  pontos_convertidos: m.pontos_convertidos,
  itens_adicionados: m.itens_adicionados,
  itens_redimidos: m.itens_redimidos,
})

/** What the parts of the loyalty service share: the movements as the app and the till see them, and their writing. */
export function createFidelizacaoContext(deps: FidelizacaoDeps) {
  const { db, clock, limiter, lojas } = deps
  /** The stamp cards (decision 0057), which the till, the app and the orders all read and write. */
  const carimbos = createCarimbos({ db, clock })

  /**
   * The rules in force now (features/fidelizacao/regras.ts): the back-office's, or the environment's until an admin
   * changes them. Read from the database on each purchase, in its transaction, so every process sees a change at once.
   */
  async function regrasAtuais(ex: Database = db): Promise<Regras> {
    const row = await ex
      .selectFrom('fidelizacao_regras')
      .select(['taxa_credito', 'pontos_por_euro', 'patamar'])
      .where('id', '=', 1)
      .executeTakeFirst()
    if (!row) return deps.regras
    return { creditoPercent: row.taxa_credito / 100, pontosPorEuro: row.pontos_por_euro, patamar: row.patamar }
  }

  /**
   * The programme's reward now (decision 0051): the newest definition, or null while the back-office has set none (a
   * reward is then only counted). Read in the purchase's transaction, as the rules are.
   */
  async function premioAtual(ex: Database = db): Promise<(Premio & { criado_em: string }) | null> {
    const row = await ex
      .selectFrom('premios')
      .select(['id', 'nome', 'tipo', 'valor', 'cod_produto', 'imagem', 'criado_em'])
      .where('finalidade', '=', 'pontos')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ?? null
  }

  /** The names of the stores these movements happened at (only those: a purchase must not read every store). */
  async function nomesDasLojas(
    idsLoja: number[],
    ex?: Database,
  ): Promise<Map<number, LojaNomeFuso & { restaurante_id: number }>> {
    return new Map((await lojas.listLojasPorId([...new Set(idsLoja)], ex)).map((l) => [l.id_loja, l]))
  }

  /**
   * The fiscal documents of each movement's sale, read at once for them all: a till purchase's own, a refund's
   * purchase's; for an app order's purchase and its refund, the order's (the POS sends them for the order). An
   * adjustment has none. `ex`: the caller's transaction.
   */
  async function documentosDosMovimentos(
    movimentos: Movimento[],
    ex: Database = db,
  ): Promise<(m: Movimento) => DocumentoFiscal[]> {
    const encomendaDe = (m: Movimento) =>
      m.tipo !== 'ajuste' && m.chave_id === null && /^E\d+$/.test(m.referencia ?? '')
        ? Number((m.referencia ?? '').slice(1))
        : null
    const compraDe = (m: Movimento) => (m.tipo === 'compra' ? m.id : m.tipo === 'devolucao' ? m.compra_id : null)
    const encomendas: number[] = []
    const compras: number[] = []
    for (const m of movimentos) {
      const encomenda = encomendaDe(m)
      const compra = compraDe(m)
      if (encomenda !== null) encomendas.push(encomenda)
      else if (compra !== null) compras.push(compra)
    }
    const [porEncomenda, porCompra] = await Promise.all([
      deps.faturas.documentosDe('encomenda', encomendas, ex),
      deps.faturas.documentosDe('compra', compras, ex),
    ])
    return (m) => {
      const encomenda = encomendaDe(m)
      if (encomenda !== null) return porEncomenda.get(encomenda) ?? []
      const compra = compraDe(m)
      return compra === null ? [] : (porCompra.get(compra) ?? [])
    }
  }

  function toTransacao(
    m: Movimento,
    nomes: Map<number, LojaNomeFuso>,
    idOpiniao: number | null,
    documentos: DocumentoFiscal[],
    promocoes: PromocaoAplicada[] = [],
  ): Transacao {
    const loja = nomes.get(m.id_loja)
    // In the store's own time: an Azores purchase reads as its receipt does.
    const [data = '', hora = ''] = formatDateTime(m.criado_em, loja?.fuso).split(' ')
    return {
      id: m.id,
      // Purchases, refunds, the back-office's adjustments and expiries are shown (an order's held balance is not a visit).
      tipo: m.tipo === 'devolucao' || m.tipo === 'ajuste' || m.tipo === 'expiracao' ? m.tipo : 'compra',
      id_loja: m.id_loja,
      loja: m.tipo === 'ajuste' ? 'Ajuste' : m.tipo === 'expiracao' ? 'Expiração' : (loja?.nome ?? `Loja ${m.id_loja}`),
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
      motivo: m.tipo === 'ajuste' ? m.motivo : null,
      documentos,
      promocoes,
    }
  }

  const toTransacaoLoja = (
    m: Movimento,
    nomes: Map<number, LojaNomeFuso>,
    aviso: string | null,
    documentos: DocumentoFiscal[],
    promocoes: PromocaoAplicada[] = [],
  ): TransacaoLoja => {
    const { motivo: _soNosAjustes, ...transacao } = toTransacao(m, nomes, null, documentos, promocoes)
    return { ...transacao, referencia: m.referencia, aviso, premios: premiosDoMovimento(m) }
  }

  async function toCliente(
    c: { id: number; nome: string | null; temporario: 0 | 1; nif: NifCliente | null },
    ex: Database = db,
  ) {
    const [ultimo, regras, premio, aniversario, cartoes] = await Promise.all([
      fidelizacaoRepo(ex).ultimoMovimento(c.id),
      regrasAtuais(ex),
      premioAtual(ex),
      fidelizacaoRepo(ex).aniversarioDisponivel(c.id, lisbonToday(clock)),
      carimbos.doCliente(c.id, ex),
    ])
    const saldos = saldosDe(ultimo)
    const { id, nome, temporario, nif } = c
    // Each reward held, named as what it gives when used (`itens` stays their count).
    const premios = premio ? Array.from({ length: Math.min(saldos.itens, 100) }, () => resumoDe(premio)) : []
    return {
      id,
      nome,
      ...saldos,
      patamar: regras.patamar,
      temporario,
      nif,
      premios,
      aniversario,
      carimbos: cartoes,
    } satisfies Cliente
  }

  /**
   * Writes one movement after the customer's newest, inside the caller's transaction (the customer locked), with the
   * rules it was made with (`regras`; unsaid: those in force now), which a later change of the rules never rewrites.
   */
  async function escrever(
    trx: DatabaseTransaction,
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
      | 'taxa_credito'
      | 'pontos_por_euro'
      | 'patamar'
    >,
    regras?: Regras,
  ): Promise<Movimento> {
    const antes = saldosDe(ultimo)
    const depois = aplicar(antes, efeito)
    // The last guard of every path that adds (the ceilings are checked where someone can be told; what no one can
    // refuse, a balance given back, stays far below this): a column past PostgreSQL's integer is a refusal, never a 500.
    if (depois.saldo > INT_MAX || depois.pontos > INT_MAX || depois.itens > INT_MAX) {
      const mensagem = depois.saldo > INT_MAX ? limitesMensagens.saldo : limitesMensagens.pontos
      throw new HttpError(409, mensagem, 'Limite atingido')
    }
    const usadas = regras ?? (await regrasAtuais(trx))
    const movimento = await fidelizacaoRepo(trx).insertMovimento({
      ...campos,
      ...efeito,
      taxa_credito: Math.round(usadas.creditoPercent * 100),
      pontos_por_euro: usadas.pontosPorEuro,
      patamar: usadas.patamar,
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
    await deps.aoMovimentar?.(trx, utilizadorId)
    return movimento
  }

  async function limit(key: string, rule: Limit, counters: RateLimiter = limiter) {
    const { allowed, retryAfterMs } = await counters.hit(key, rule)
    if (!allowed) throw new TooManyRequests(retryAfterMs)
  }

  const naoEncontrado = () => notFound(fidelizacaoMensagens.clienteNaoEncontrado)

  return {
    ...deps,
    repository: fidelizacaoRepo(db),
    carimbos,
    regrasAtuais,
    premioAtual,
    nomesDasLojas,
    documentosDosMovimentos,
    toTransacao,
    toTransacaoLoja,
    toCliente,
    escrever,
    limit,
    naoEncontrado,
  }
}

export type FidelizacaoContext = ReturnType<typeof createFidelizacaoContext>
