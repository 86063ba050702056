import type { OfertaCarimbos } from '../../../shared/carimbos.ts'
import { type Cliente, limitesMensagens, type ProdutoComprado } from '../../../shared/fidelizacao.ts'
import { aniversarioMensagens } from '../../../shared/premios-aniversario.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { DAY, isoNow, lisbonToday } from '../../platform/clock.ts'
import { randomToken, sha256 } from '../../platform/crypto.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { fieldError, HttpError, notFound } from '../../platform/errors.ts'
import { type Answer, idempotent } from '../../platform/idempotency.ts'
import { createAniversarios } from './aniversarios.ts'
import { avisoDaCompra, avisoDaDevolucao } from './avisos.ts'
import {
  type AtorLoja,
  daEncomenda,
  devolucaoDe,
  type FidelizacaoContext,
  fidelizacaoMensagens,
  IDENTIFICACAO_VALIDADE_MS,
  LOJA_LIMITES,
  regrasDe,
  saldosDe,
  vendaDaCompra,
} from './context.ts'
import { createExpiracao } from './expiracao.ts'
import { compra, devolucao } from './ledger.ts'
import { parteDaDevolucao } from './ledger-carimbos.ts'
import { camposDoPremio } from './premio-campos.ts'
import { createPromocoes, lojaDaCompra } from './promocoes.ts'
import { fidelizacaoRepo } from './repository.ts'

/** The till (STORE-API.md "Loyalty at the till"): identifying the customer, purchases, refunds, provisional accounts. */
export function createBalcao(ctx: FidelizacaoContext) {
  const { db, clock, limiter, throttle, regrasAtuais, premioAtual, conta, onMovimento, notificar, repository } = ctx
  const { faturas, carimbos } = ctx
  const { limit, naoEncontrado, nomesDasLojas, toCliente, toTransacaoLoja, escrever, documentosDosMovimentos } = ctx
  const promocoes = createPromocoes(ctx)
  const aniversarios = createAniversarios(ctx)
  const expiracao = createExpiracao(ctx)

  /**
   * The birthday reward a purchase uses (decision 0053), read under the customer's ledger lock: on its own (a purchase
   * names one reward), and only while it is usable today and unused. An amount-off reward's value is what it takes off.
   */
  async function usarAniversario(trx: DatabaseTransaction, utilizadorId: number, hoje: string, itens: number) {
    if (itens > 0) {
      const { outraCompra } = aniversarioMensagens
      throw new HttpError(422, outraCompra, 'Erro', { usar_premio_aniversario: outraCompra })
    }
    const disponivel = await fidelizacaoRepo(trx).aniversarioDisponivel(utilizadorId, hoje)
    if (!disponivel) throw new HttpError(409, aniversarioMensagens.semAniversario, 'Sem prémio de aniversário')
    return { ...disponivel, valor: disponivel.tipo === 'valor' ? disponivel.valor : 0 }
  }

  return {
    /** STORE-API.md `clientes/identificar`: by QR, or by phone (with the security code when the customer uses one). */
    async identificar(
      ator: AtorLoja,
      input: { qr: string } | { telemovel: string; pais: string; codigo_seguranca?: string | undefined },
      { dizCodigoErrado = false }: { dizCodigoErrado?: boolean } = {},
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
        if (!(await conta.verifySecurityCode(cliente.id, input.codigo_seguranca))) {
          // The 403 above already told whoever holds the key that this number has an account with a code, so saying
          // the code was wrong tells nothing more; the Store API keeps its contract of one answer for both.
          if (!dizCodigoErrado) throw naoEncontrado()
          const { codigoErrado } = fidelizacaoMensagens
          throw new HttpError(403, codigoErrado, codigoErrado, { codigo_seguranca: codigoErrado })
        }
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
        usar_premio_aniversario?: 0 | 1 | undefined
        referencia: string
        produtos?: ProdutoComprado[] | undefined
        ofertas_carimbos?: OfertaCarimbos[] | undefined
      },
    ): Promise<Answer> {
      await limit(`loja:escritas:${ator.chaveId}`, LOJA_LIMITES.escritas, throttle)
      const nomes = await nomesDasLojas([ator.idLoja])
      const loja = nomes.get(ator.idLoja)
      const answer = await idempotent(
        db,
        clock,
        // The proof is a credential, like the key, not part of the purchase: a retry after identifying the customer
        // again (the tablet reloaded) is the same purchase, and answers as the first time.
        { chaveId: ator.chaveId, chave: idempotencyKey, pedido: { compra: { ...input, identificacao: undefined } } },
        async (trx) => {
          const ledger = fidelizacaoRepo(trx)
          // The lock first, then the account: an erasure holds this lock, and a purchase that waited on it finds the
          // account gone (404) rather than writing a movement and a notification for nobody.
          await ledger.lockCliente(input.cliente_id)
          const cliente = await conta.clienteById(input.cliente_id, trx)
          if (!cliente) throw naoEncontrado()
          // Spending needs the customer at the counter: a proof this store got from identifying them (STORE-API.md),
          // spent by this purchase. A key alone may only credit a customer by id (a POS catching up after an outage).
          // A proof given with a purchase that only earns is spent too, so that it cannot serve a later one.
          const aniversario = input.usar_premio_aniversario === 1
          const ofertas = input.ofertas_carimbos ?? []
          const gasta = input.saldo_a_usar > 0 || input.itens_a_redimir > 0 || aniversario || ofertas.length > 0
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
          const ultimo = await ledger.ultimoMovimento(cliente.id)
          // Benefits go to complete registrations only (spec §1); a completed account in the middle of a recovery
          // (temporary again until it sets a new password) still earns.
          const ganha = cliente.registoCompleto
          const regras = await regrasAtuais(trx)
          // What a reward is when it is used (decision 0051): an amount comes off the bill, a product is recorded.
          const hoje = lisbonToday(clock)
          const doAniversario = aniversario ? await usarAniversario(trx, cliente.id, hoje, input.itens_a_redimir) : null
          const premio = doAniversario ?? (input.itens_a_redimir > 0 ? await premioAtual(trx) : null)
          const valorPremio = !doAniversario && premio?.tipo === 'valor' ? premio.valor : 0
          // The promotions in force now at this store (decision 0052), read in this transaction as the rules are.
          const emVigor = await promocoes.emVigor(trx, lojaDaCompra(ator.idLoja, loja), isoNow(clock))
          const r = compra(
            saldosDe(ultimo),
            {
              total: input.total,
              saldoAUsar: input.saldo_a_usar,
              itensARedimir: input.itens_a_redimir,
              valorPremio,
              valorAniversario: doAniversario ? doAniversario.valor : null,
              promocoes: emVigor,
              produtos: input.produtos ?? [],
            },
            regras,
            ganha,
          )
          if ('recusa' in r) {
            if (r.recusa === 'saldo-acima-do-total') {
              const mensagem =
                valorPremio > 0 ? fidelizacaoMensagens.saldoAcimaDoRestante : fidelizacaoMensagens.saldoAcimaDoTotal
              throw new HttpError(422, mensagem, 'Erro', { saldo_a_usar: mensagem })
            }
            if (r.recusa === 'itens-insuficientes') {
              throw new HttpError(409, fidelizacaoMensagens.itensInsuficientes, 'Prémios insuficientes')
            }
            if (r.recusa === 'saldo-acima-do-maximo' || r.recusa === 'pontos-acima-do-maximo') {
              const saldo = r.recusa === 'saldo-acima-do-maximo'
              throw new HttpError(409, saldo ? limitesMensagens.saldo : limitesMensagens.pontos, 'Limite atingido')
            }
            throw new HttpError(409, fidelizacaoMensagens.saldoInsuficiente, 'Saldo insuficiente')
          }
          const movimento = await escrever(
            trx,
            cliente.id,
            ultimo,
            r.efeito,
            {
              tipo: 'compra',
              id_loja: ator.idLoja,
              chave_id: ator.chaveId,
              referencia: input.referencia,
              subtotal: input.total,
              desconto: input.saldo_a_usar + r.descontoPremio,
              valor_pago: r.valorPago,
              ganha: ganha ? 1 : 0,
              ...camposDoPremio(premio, r.descontoPremio),
              // The NIF the customer has chosen as this purchase is written, read in its transaction: what the till
              // was shown at identification, unless the customer changed it in the app since.
              nif: cliente.nif?.numero ?? null,
              nif_nome: cliente.nif?.nome ?? null,
            },
            regras,
          )
          await promocoes.registar(trx, movimento.id, r.promocoes)
          // The stamp cards, under the same ledger lock: an offer is given once, whatever the races (decision 0057).
          const cartoes = await carimbos.naCompra(trx, {
            utilizadorId: cliente.id,
            transacaoId: movimento.id,
            produtos: input.produtos ?? [],
            ofertas,
            ganha,
            identificado: provada,
          })
          if (doAniversario && !(await aniversarios.usar(trx, cliente.id, hoje, movimento.id))) {
            throw new Error('the birthday reward read under the ledger lock was gone when spent')
          }
          if (provada && prova) await ledger.ligarIdentificacao(prova, movimento.id)
          // A sale: its invoice is due from the POS (CIVA art. 29(1)(b)); features/faturas flags it until it comes.
          await faturas.exigir(trx, vendaDaCompra(movimento), 'venda', input.total)
          const avisoCliente = avisoDaCompra(movimento, input.total, loja, r.promocoes)
          if (avisoCliente && notificar) await notificar(trx, { utilizadorId: cliente.id, ...avisoCliente })
          const aviso = ganha ? null : fidelizacaoMensagens.semGanhos
          const transacao = { ...toTransacaoLoja(movimento, nomes, aviso, [], r.promocoes), carimbos: cartoes }
          return { status: 201, body: { data: { transacao } } }
        },
      )
      if (answer.status < 300) onMovimento?.(input.cliente_id)
      return answer
    },

    /** STORE-API.md `compras/{id}/devolucoes`: a refund, in proportion, never more than was paid. */
    async devolver(
      ator: AtorLoja,
      idempotencyKey: string,
      compraId: number,
      valor: number,
      produtos?: ProdutoComprado[] | undefined,
    ): Promise<Answer> {
      await limit(`loja:escritas:${ator.chaveId}`, LOJA_LIMITES.escritas, throttle)
      const nomes = await nomesDasLojas([ator.idLoja])
      let cliente: number | undefined
      const answer = await idempotent(
        db,
        clock,
        { chaveId: ator.chaveId, chave: idempotencyKey, pedido: { devolucao: compraId, valor, produtos } },
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
            id_loja: ator.idLoja,
            chave_id: ator.chaveId,
          })
          const completa = devolvido + valor === original.valor_pago
          const cartoes = await carimbos.naDevolucao(trx, {
            utilizadorId: original.utilizador_id,
            compraId: original.id,
            transacaoId: movimento.id,
            completa,
            parte: parteDaDevolucao(original.valor_pago, devolvido, valor),
            // An empty list says nothing of what came back: the stamps then come back in proportion to the money.
            produtos: produtos?.length ? produtos : null,
          })
          // Undone whole: the birthday reward it used is the customer's again.
          const aniversario = completa && (await aniversarios.devolver(trx, original.id))
          // Undone in part or whole: the invoice is matched by a credit note (CIVA art. 29(1)(b) and 36(1)).
          await faturas.exigir(trx, vendaDaCompra(original), 'credito', valor)
          const avisoCliente = avisoDaDevolucao(movimento, original, nomes.get(ator.idLoja), aniversario)
          // A refund of an erased customer's purchase still balances the group's books, but tells nobody.
          const ativo = (await conta.clienteById(original.utilizador_id, trx)) !== undefined
          if (avisoCliente && notificar && ativo) {
            await notificar(trx, { utilizadorId: original.utilizador_id, ...avisoCliente })
          }
          const perdeu = d.naoRecuperado.saldo > 0 || d.naoRecuperado.pontos > 0
          const aviso = perdeu
            ? fidelizacaoMensagens.naoRecuperado(d.naoRecuperado.saldo, d.naoRecuperado.pontos)
            : null
          return {
            status: 201,
            body: {
              data: {
                transacao: {
                  ...toTransacaoLoja(
                    movimento,
                    nomes,
                    aviso,
                    (await documentosDosMovimentos([movimento], trx))(movimento),
                  ),
                  carimbos: cartoes,
                },
                nao_recuperado: d.naoRecuperado,
                aviso,
              },
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
          const cliente = await conta.insertProvisional(plano, trx, ator.idLoja)
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
      const [documentos, aplicadas] = await Promise.all([
        documentosDosMovimentos(rows),
        repository.promocoesDe(rows.map((r) => r.id)),
      ])
      return rows.map((r) => {
        const porDevolver = r.valor_pago - Number(r.devolvido ?? 0)
        return {
          ...toTransacaoLoja(r, nomes, null, documentos(r), aplicadas.get(r.id)),
          por_devolver: porDevolver,
          // Paid wholly with balance: refunded once, whole; otherwise when nothing is left to refund.
          devolvida: r.valor_pago === 0 ? Number(r.devolucoes ?? 0) > 0 : porDevolver === 0,
          // Undone only by cancelling the order on the board (the refund above refuses it).
          encomenda: daEncomenda(r),
        }
      })
    },
  }
}
