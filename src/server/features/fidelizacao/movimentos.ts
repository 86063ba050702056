import {
  type FidelizacaoDados,
  type ProdutoComprado,
  type Transacao,
  transacaoVisivel,
} from '../../../shared/fidelizacao.ts'
import { aniversarioAte, descricaoPremio } from '../../../shared/premios-textos.ts'
import { lisbonToday } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { createAniversarios, semAniversarioEncomenda } from './aniversarios.ts'
import { devolucaoDe, type FidelizacaoContext, fidelizacaoMensagens, regrasDe, saldosDe } from './context.ts'
import { createExpiracao } from './expiracao.ts'
import type { PromocaoEmVigor } from './ganhos-promocoes.ts'
import { compra, devolucao, type Efeito } from './ledger.ts'
import { camposDoPremio, premioDe } from './premio-campos.ts'
import { createPromocoes, lojaDaCompra } from './promocoes.ts'
import { fidelizacaoRepo, type Movimento } from './repository.ts'

/** The most movements a customer's private data carries (the screens show 4, or all). */
const TRANSACOES_MAX = 100

/** A movement that only holds or gives back balance. */
const SEM_EFEITO: Efeito = {
  saldo_adicionado: 0,
  saldo_removido: 0,
  pontos_ganhos: 0,
  pontos_convertidos: 0,
  itens_adicionados: 0,
  itens_redimidos: 0,
}

/** The customer's ledger as the app reads it: balances, totals, their transactions. */
export function createMovimentos(ctx: FidelizacaoContext) {
  const { regrasAtuais, premioAtual, opinioesAtivas, lojas, repository, nomesDasLojas, toTransacao } = ctx
  const { documentosDosMovimentos, clock, carimbos } = ctx
  const expiracao = createExpiracao(ctx)

  return {
    /** The loyalty part of a customer's private data: balances, totals, and the newest movements worth showing. */
    async partOf(utilizador: {
      id: number
      registoCompleto: boolean
    }): Promise<{ dados: FidelizacaoDados; transacoes: Transacao[] }> {
      const [totais, movimentos, regras, premio, aniversario, cartoes, expira] = await Promise.all([
        repository.totais(utilizador.id),
        repository.listMovimentos(utilizador.id, TRANSACOES_MAX),
        regrasAtuais(),
        premioAtual(),
        repository.aniversarioDisponivel(utilizador.id, lisbonToday(clock)),
        carimbos.doCliente(utilizador.id),
        expiracao.proxima(utilizador.id),
      ])
      const [nomes, documentos, promocoes] = await Promise.all([
        nomesDasLojas(movimentos.map((m) => m.id_loja)),
        documentosDosMovimentos(movimentos),
        repository.promocoesDe(movimentos.filter((m) => m.tipo === 'compra').map((m) => m.id)),
      ])
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
          premio: premio && premioDe(premio),
          aniversario,
          carimbos: cartoes,
          expiracao: expira,
        },
        // An order's held balance and its release are bookkeeping, not visits: the customer sees the purchase (and the
        // back-office's adjustments, with their reason).
        transacoes: movimentos
          .filter((m) => m.tipo === 'compra' || m.tipo === 'devolucao' || m.tipo === 'ajuste' || m.tipo === 'expiracao')
          .map((m) => toTransacao(m, nomes, m.id_opiniao, documentos(m), promocoes.get(m.id)))
          .filter(transacaoVisivel),
      }
    },

    /** The wallets' card: balances, what a reward is, and the birthday reward to use (`Bolo oferta, até …`). */
    async saldosDoCartao(utilizadorId: number) {
      const [ultimo, regras, premio, aniversario] = await Promise.all([
        repository.ultimoMovimento(utilizadorId),
        regrasAtuais(),
        premioAtual(),
        repository.aniversarioDisponivel(utilizadorId, lisbonToday(clock)),
      ])
      return {
        ...saldosDe(ultimo),
        patamar: regras.patamar,
        premio: premio ? descricaoPremio(premio) : null,
        aniversario: aniversario ? aniversarioAte(aniversario) : null,
      }
    },

    /** One of the customer's own transactions (the opinion screen); another's is 404. */
    async transacaoDoCliente(utilizadorId: number, transacaoId: number): Promise<Transacao> {
      const movimento = await repository.findMovimento(transacaoId)
      if (!movimento || movimento.utilizador_id !== utilizadorId) {
        throw notFound(fidelizacaoMensagens.transacaoNaoEncontrada)
      }
      const [opiniao, nomes, documentos, promocoes] = await Promise.all([
        repository.findOpiniaoDaTransacao(transacaoId),
        nomesDasLojas([movimento.id_loja]),
        documentosDosMovimentos([movimento]),
        repository.promocoesDe([movimento.id]),
      ])
      return toTransacao(movimento, nomes, opiniao?.id ?? null, documentos(movimento), promocoes.get(movimento.id))
    },

    listLojas: (idsLoja?: number[]) => lojas.listLojasPorId(idsLoja),

    /** The customers who bought at any of these stores (a restaurant's customers, for the back-office's composer). */
    clientesDasLojas: (idsLoja: number[]) => repository.clientesDasLojas(idsLoja),
  }
}

/**
 * Ordering's movements (features/encomendas), written inside the caller's transaction after `bloquear`: the balance an
 * order holds at checkout, given back when its payment fails or arrives, and the purchase itself when it is paid. One
 * place for the ledger's rules: the till's purchases and refunds use the same arithmetic.
 */
export function createMovimentosEncomendas(ctx: FidelizacaoContext) {
  const { regrasAtuais, premioAtual, conta, repository, escrever, nomesDasLojas, clock, carimbos } = ctx
  const promocoes = createPromocoes(ctx)
  const aniversarios = createAniversarios(ctx)
  const expiracao = createExpiracao(ctx)

  /**
   * An order's reward, by its definition: the birthday's is not counted in `itens` (decision 0053), it is held and
   * spent as its own row; the points' is one of `itens`.
   */
  async function tipoDoPremio(trx: DatabaseTransaction, premio: { id: number } | null | undefined) {
    if (!premio) return { itens: 0, aniversario: false }
    const definicao = await fidelizacaoRepo(trx).findPremio(premio.id)
    const aniversario = definicao?.finalidade === 'aniversario'
    return { itens: aniversario ? 0 : 1, aniversario }
  }

  return {
    bloquear: (trx: DatabaseTransaction, utilizadorId: number) => fidelizacaoRepo(trx).lockCliente(utilizadorId),

    /**
     * Whether the account still exists, read after `bloquear`: an erasure holds that lock while it anonymises, so a
     * checkout that waited on it sees the account gone and writes no order with the person's data after it.
     */
    clienteAtivo: async (trx: DatabaseTransaction, utilizadorId: number) =>
      (await conta.clienteById(utilizadorId, trx)) !== undefined,

    async saldo(trx: DatabaseTransaction, utilizadorId: number): Promise<number> {
      return saldosDe(await fidelizacaoRepo(trx).ultimoMovimento(utilizadorId)).saldo
    },

    /** The rewards the customer holds now, and what one is (null while the back-office has defined none). */
    async premios(trx: DatabaseTransaction, utilizadorId: number) {
      const [ultimo, premio] = await Promise.all([fidelizacaoRepo(trx).ultimoMovimento(utilizadorId), premioAtual(trx)])
      return { itens: saldosDe(ultimo).itens, premio }
    },

    /**
     * The birthday reward the customer may use today (decision 0053), with what it gives; a 409 when none, saying
     * when another order waiting for its payment holds it.
     */
    async aniversarioAUsar(trx: DatabaseTransaction, utilizadorId: number) {
      const [ledger, hoje] = [fidelizacaoRepo(trx), lisbonToday(clock)]
      const aniversario = await ledger.aniversarioDisponivel(utilizadorId, hoje)
      if (aniversario) return aniversario
      throw semAniversarioEncomenda(await ledger.aniversarioReservado(utilizadorId, hoje))
    },

    /**
     * Holds `valor` of the balance and the reward `premio` (a points reward one of `itens`, the birthday's its own
     * row), never more than there is: the ledger refuses a negative balance, a reward already used is a 409.
     */
    async reservar(
      trx: DatabaseTransaction,
      m: { utilizadorId: number; idLoja: number; valor: number; premio?: { id: number } | null; referencia: string },
    ) {
      const ultimo = await fidelizacaoRepo(trx).ultimoMovimento(m.utilizadorId)
      const { itens, aniversario } = await tipoDoPremio(trx, m.premio)
      if (saldosDe(ultimo).saldo < m.valor) throw new HttpError(409, fidelizacaoMensagens.saldoInsuficiente)
      if (saldosDe(ultimo).itens < itens) throw new HttpError(409, fidelizacaoMensagens.itensInsuficientes)
      const reserva = await escrever(
        trx,
        m.utilizadorId,
        ultimo,
        { ...SEM_EFEITO, saldo_removido: m.valor, itens_redimidos: itens },
        { tipo: 'reserva', id_loja: m.idLoja, referencia: m.referencia, ganha: 0 },
      )
      if (aniversario && !(await aniversarios.usar(trx, m.utilizadorId, lisbonToday(clock), reserva.id))) {
        throw semAniversarioEncomenda()
      }
      return reserva
    },

    /**
     * Gives back what `reservar` held (a held reward as a redemption undone, as a refund writes it). `paraComprar`:
     * the payment arrived and `comprar` follows in this transaction, so a birthday reward stays held for it (its last
     * day may have passed while the payment was on its way).
     */
    async libertar(
      trx: DatabaseTransaction,
      m: {
        utilizadorId: number
        idLoja: number
        valor: number
        premio?: { id: number } | null
        referencia: string
        paraComprar?: boolean
      },
    ) {
      const ultimo = await fidelizacaoRepo(trx).ultimoMovimento(m.utilizadorId)
      const { itens, aniversario } = await tipoDoPremio(trx, m.premio)
      if (aniversario && !m.paraComprar) await aniversarios.libertarReserva(trx, m.utilizadorId, m.referencia)
      return escrever(
        trx,
        m.utilizadorId,
        ultimo,
        { ...SEM_EFEITO, saldo_adicionado: m.valor, itens_redimidos: -itens },
        { tipo: 'libertacao', id_loja: m.idLoja, referencia: m.referencia, ganha: 0 },
      )
    },

    /**
     * The paid order as a purchase: the reward it redeemed (`premio`: its definition's id, and what it took off) and
     * the balance used come off, credit and points on what was paid go on.
     */
    async comprar(
      trx: DatabaseTransaction,
      m: {
        utilizadorId: number
        idLoja: number
        total: number
        desconto: number
        referencia: string
        premio?: { id: number; desconto: number } | null
        /** When the order was placed: the promotions in force then apply (decision 0052). */
        instante: string
        /** Those promotions as they were then (`promocoesEmVigor` at checkout); unsaid, read as they are now. */
        promocoes?: PromocaoEmVigor[] | undefined
        /** What it bought, by the menu's codes (the promotions on a product count them). */
        produtos: ProdutoComprado[]
        /**
         * The payment arrived (the money is taken): a birthday reward its checkout held and that is no longer found
         * does not refuse the purchase; it is told here. Unsaid (the checkout's own purchase), it is a 409.
         */
        aoFaltarAniversario?: () => void
      },
    ): Promise<Movimento> {
      const cliente = await conta.clienteById(m.utilizadorId, trx)
      const ganha = cliente?.registoCompleto ?? false
      const ultimo = await fidelizacaoRepo(trx).ultimoMovimento(m.utilizadorId)
      const regras = await regrasAtuais(trx)
      const premio = m.premio ? await fidelizacaoRepo(trx).findPremio(m.premio.id) : undefined
      const aniversario = premio?.finalidade === 'aniversario'
      const loja = (await nomesDasLojas([m.idLoja], trx)).get(m.idLoja)
      const pedido = {
        total: m.total,
        saldoAUsar: m.desconto,
        // The birthday reward takes off what the checkout priced it at (a product given: its price in the cart).
        itensARedimir: m.premio && !aniversario ? 1 : 0,
        valorPremio: aniversario ? 0 : (m.premio?.desconto ?? 0),
        valorAniversario: aniversario ? (m.premio?.desconto ?? 0) : null,
        promocoes: m.promocoes ?? (await promocoes.emVigor(trx, lojaDaCompra(m.idLoja, loja), m.instante)),
        produtos: m.produtos,
      }
      let r = compra(saldosDe(ultimo), pedido, regras, ganha)
      // A paid order cannot be refused (the money is taken): a customer at the ceiling earns nothing on it.
      if ('recusa' in r && (r.recusa === 'saldo-acima-do-maximo' || r.recusa === 'pontos-acima-do-maximo')) {
        r = compra(saldosDe(ultimo), pedido, regras, false)
      }
      if ('recusa' in r) throw new HttpError(409, fidelizacaoMensagens.saldoInsuficiente, 'Saldo insuficiente')
      const movimento = await escrever(
        trx,
        m.utilizadorId,
        ultimo,
        r.efeito,
        {
          tipo: 'compra',
          id_loja: m.idLoja,
          referencia: m.referencia,
          subtotal: m.total,
          desconto: m.desconto + r.descontoPremio,
          valor_pago: r.valorPago,
          ganha: ganha ? 1 : 0,
          ...camposDoPremio(premio, r.descontoPremio),
        },
        regras,
      )
      await promocoes.registar(trx, movimento.id, r.promocoes)
      // Its coffees stamp the card as the till's do (an order uses no offer: they are given at the counter).
      await carimbos.naCompra(trx, {
        utilizadorId: m.utilizadorId,
        transacaoId: movimento.id,
        produtos: m.produtos,
        ofertas: [],
        ganha: movimento.ganha === 1,
        identificado: true,
      })
      // The reward its checkout held; or, an order the balance and the reward paid whole, one usable today. A paid
      // order whose hold is gone takes no other (it was priced with that one): it is told.
      if (aniversario && !(await aniversarios.daReservaACompra(trx, m.utilizadorId, m.referencia, movimento.id))) {
        if (m.aoFaltarAniversario) m.aoFaltarAniversario()
        else if (!(await aniversarios.usar(trx, m.utilizadorId, lisbonToday(clock), movimento.id))) {
          throw semAniversarioEncomenda()
        }
      }
      return movimento
    },

    /** The promotions in force now at a store, as the order placed now keeps them for its purchase. */
    async promocoesEmVigor(trx: DatabaseTransaction, idLoja: number, instante: string): Promise<PromocaoEmVigor[]> {
      const loja = (await nomesDasLojas([idLoja], trx)).get(idLoja)
      return promocoes.emVigor(trx, lojaDaCompra(idLoja, loja), instante)
    },

    /** What is left of a purchase refunded whole (an order the store cancelled after it was paid). */
    async devolverTudo(trx: DatabaseTransaction, compraId: number): Promise<Movimento> {
      const ledger = fidelizacaoRepo(trx)
      const original = await ledger.findMovimento(compraId)
      if (original?.tipo !== 'compra') throw notFound(fidelizacaoMensagens.compraNaoEncontrada)
      const { devolvido, itensRevertidos, devolucoes } = await ledger.devolvidoDe(original.id)
      const valor = original.valor_pago - devolvido
      if (devolucoes > 0 && valor === 0) throw new HttpError(409, fidelizacaoMensagens.jaDevolvida)
      const ultimo = await ledger.ultimoMovimento(original.utilizador_id)
      const d = devolucao(
        saldosDe(ultimo),
        {
          valorPago: original.valor_pago,
          efeito: await expiracao.efeitoADesfazer(trx, original),
          devolvido,
          itensRevertidos,
        },
        valor,
        regrasDe(original),
      )
      const movimento = await escrever(trx, original.utilizador_id, ultimo, d.efeito, {
        ...devolucaoDe(original, valor, d),
        id_loja: original.id_loja,
      })
      await aniversarios.devolver(trx, original.id) // refunded whole: its birthday reward, if any, is given back
      await carimbos.naDevolucao(trx, {
        utilizadorId: original.utilizador_id,
        compraId: original.id,
        transacaoId: movimento.id,
        completa: true,
        parte: (x) => x,
        produtos: null,
      })
      return movimento
    },

    /** The customer's points and threshold now (the confirmation's points/threshold). */
    async pontos(utilizadorId: number): Promise<{ pontos: number; patamar: number }> {
      const [ultimo, regras] = await Promise.all([repository.ultimoMovimento(utilizadorId), regrasAtuais()])
      return { pontos: saldosDe(ultimo).pontos, patamar: regras.patamar }
    },
  }
}
