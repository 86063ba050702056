import type { MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import { createCallback } from './callback.ts'
import { createEncomendasCliente } from './cliente.ts'
import { createConfirmacao } from './confirmacao.ts'
import { createContexto, type EncomendasDeps, metodoAgora } from './contexto.ts'
import { createConvidados } from './convidados.ts'
import { createCozinha } from './cozinha.ts'
import { createDireitosEncomendas } from './direitos.ts'
import { createDocumentosEncomendas } from './documentos.ts'
import { createFinalizacao } from './finalizacao.ts'
import { createLevantamento } from './levantamento.ts'
import { createLiquidacao } from './liquidacao.ts'
import { createMesas } from './mesas.ts'
import { createMetricasEncomendas } from './metricas.ts'
import { createQuadro } from './quadro.ts'
import { createReconciliacao } from './reconciliacao.ts'
import { createReembolsos } from './reembolsos.ts'
import { createRelatorioEncomendas } from './relatorio.ts'
import { createTalaoCozinha } from './talao-cozinha.ts'

export type { CatalogoService } from './catalogo.ts'
export { type EncomendasDeps, encomendasMensagens } from './contexto.ts'
export { type Convidado, convidadosMensagens } from './convidados.ts'
export { LIMITE_ENCOMENDAS } from './finalizacao.ts'
export type { AtorLoja, Resposta } from './quadro.ts'
export type { LinhaTalao, TalaoCozinha } from './talao-cozinha.ts'

/**
 * Orders from the app: checkout, payment, the store's board. Every change of an order is one transaction with its
 * ledger movements, made only from the state it expects (`mudar`), so that callbacks, the reconciliation and the board
 * may race and replay and the order still changes once. The provider is asked outside transactions, and what its
 * answer changes is written after: a crash in between leaves a state the reconciliation resumes from.
 *
 * Each part is a file of its own around one shared context (contexto.ts), built here in the order they depend on each
 * other: refunds; what a paid order owes (its invoice, its confirmation e-mail); settlement (paid, failed); the reconciliation, which settles what the provider says; the provider's
 * callback; the checkout; the customer's orders (a read past a request's expiry asks the provider through the
 * reconciliation); the store's board.
 */
export function createEncomendasService(deps: EncomendasDeps) {
  const contexto = createContexto(deps)
  const reembolsos = createReembolsos(contexto)
  const confirmacao = createConfirmacao(contexto)
  const liquidacao = createLiquidacao(contexto, reembolsos, confirmacao)
  const reconciliacao = createReconciliacao(contexto, liquidacao, reembolsos)
  const callback = createCallback(contexto, liquidacao, reconciliacao)
  const cozinha = createCozinha(contexto)
  const levantamento = createLevantamento(contexto, cozinha)
  const mesas = createMesas(contexto, deps.catalogo)
  const finalizacao = createFinalizacao(contexto, liquidacao, confirmacao, levantamento, mesas)
  const cliente = createEncomendasCliente(contexto, reconciliacao, liquidacao)
  const quadro = createQuadro(contexto, reembolsos)
  return {
    finalizar: finalizacao.finalizar,
    /** Guest checkout: the phone confirmed for one order, its link, its points for an account made after it. */
    convidados: createConvidados(contexto, deps.conta),
    doCliente: cliente.doCliente,
    desistir: cliente.desistir,
    atuais: cliente.atuais,
    historico: cliente.historico,
    paraRepetir: cliente.paraRepetir,
    direitos: createDireitosEncomendas(contexto),
    /** A customer's orders as the back-office lists them (newest first, at most `limite`), in cents. */
    daPessoa: (utilizadorId: number, limite = 50) =>
      deps.db
        .selectFrom('encomendas')
        .select(['id', 'id_loja', 'estado', 'total', 'pagamento_estado', 'minutos', 'criada_em'])
        .where('utilizador_id', '=', utilizadorId)
        .orderBy('id', 'desc')
        .limit(limite)
        .execute(),
    pontos: cliente.pontos,
    nomeDaLoja: contexto.nomeDaLoja,
    receberCallback: callback.receberCallback,
    verificarPorPagamento: callback.verificarPorPagamento,
    reconciliar: reconciliacao.reconciliar,
    acessoAtivo: quadro.acessoAtivo,
    listarLoja: quadro.listarLoja,
    listarHoje: quadro.listarHoje,
    daLoja: quadro.daLoja,
    avancar: quadro.avancar,
    cancelar: quadro.cancelar,
    cozinha,
    /** Of a store's payment methods, those the provider is set up for: what its checkout offers. */
    metodosAceites: (daLoja: readonly MetodoPagamento[]) =>
      daLoja.filter((m) => deps.provider.metodos.includes(m) && metodoAgora(m, deps.clock.now())),
    /** 'Levantar': what the checkout offers for a cart whose products take `minutos` to prepare. */
    levantamento: levantamento.opcoes,
    /** Ordering from the table: what a table's code opens, and the codes a store prints. */
    mesas: { abrir: mesas.abrir, paraImprimir: mesas.paraImprimir },
    /** An order's kitchen ticket, as the store's printer prints it (features/impressoras). */
    talao: createTalaoCozinha(contexto).talao,
    registarDocumento: createDocumentosEncomendas(contexto).registarDocumento,
    relatorio: createRelatorioEncomendas(deps.db),
    metricas: createMetricasEncomendas(deps.db, deps.clock),
  }
}

export type EncomendasService = ReturnType<typeof createEncomendasService>
