import type { z } from 'zod'
import { LOJA_NAO_EXISTE } from '../../../shared/catalogo-ecra.ts'
import type { FinalizaEncomendaSchema } from '../../../shared/encomenda.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { METODOS_COM_PAGINA } from '../../../shared/metodos-pagamento.ts'
import type { EncomendaCliente, PedidoLinha } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { mensagens, toE164Mobile } from '../../../shared/validacao.ts'
import { isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import { type Database, isUniqueViolation } from '../../platform/db.ts'
import { enfileirarEmail } from '../../platform/email.ts'
import { fieldError, HttpError, notFound, TooManyRequests } from '../../platform/errors.ts'
import { reusedKey } from '../../platform/idempotency.ts'
import { PagamentoIndisponivel, PagamentoRecusado } from '../../platform/pagamentos.ts'
import type { Limit } from '../../platform/rate-limit.ts'
import { paraCliente, promocoesDe } from './apresentacao.ts'
import { premioDoCheckout } from './calculo.ts'
import { type Confirmacao, emailReferencia, ligacaoEncomenda } from './confirmacao.ts'
import {
  aPedirDurante,
  type Contexto,
  encomendasMensagens,
  MARGEM_MS,
  metodoAgora,
  multibancoValidaAte,
  naLoja,
  referenciaDe,
  validadeDe,
} from './contexto.ts'
import { type ConvidadoNaEncomenda, convidadosMensagens } from './convidados.ts'
import { type Dono, encomendasRepo } from './encomendas-repository.ts'
import { bloquearVagas, exigirProntaAntesDoFecho, type Levantamento, reservarHorario } from './levantamento.ts'
import type { Liquidacao } from './liquidacao.ts'
import type { Mesas } from './mesas.ts'
import { hashDoPedido } from './pedido-hash.ts'

/**
 * Checkouts per customer: a family's orders with room to spare. Each one may push an MB WAY request to a phone (any
 * phone), so a stolen or scripted account must not be able to ring someone's phone at will.
 */
export const LIMITE_ENCOMENDAS: Limit = { max: 10, windowMs: 10 * MINUTE }

type Finaliza = z.output<typeof FinalizaEncomendaSchema>
/** The checkout: the order written with its balance held, then its MB WAY payment request made and recorded. */
export function createFinalizacao(
  {
    db,
    clock,
    provider,
    expirySeconds,
    catalogo,
    ledger,
    log,
    limiter,
    repo,
    lojaDoPedido,
    anunciar,
    appUrl,
  }: Contexto,
  { falhar }: Liquidacao,
  { lerConfirmacao, aoPagar }: Confirmacao,
  levantamento: Pick<Levantamento, 'agendaDe'>,
  mesas: Pick<Mesas, 'daEncomenda'>,
) {
  return {
    /**
     * `POST /api/finaliza-encomenda` (spec §7): the order priced again from the menu, the balance held in the same
     * transaction, then the MB WAY request (or, with nothing left to pay, the purchase at once). The same
     * Idempotency-Key answers the same order; with another body, 422.
     */
    async finalizar(
      dono: Dono,
      chave: string,
      input: Finaliza,
      /**
       * `dataNascimento`: the customer's birth date (`YYYY-MM-DD`, null: none), for a line sold to adults only.
       * `convidado`: a guest's checkout (convidados.ts), their one order taken in the order's transaction (`usar`),
       * and what follows it once written (`aoCriar`: the SMS with its link).
       */
      { dataNascimento, convidado }: { dataNascimento: string | null; convidado?: ConvidadoNaEncomenda } = {
        dataNascimento: null,
      },
    ): Promise<EncomendaCliente> {
      const utilizadorId = 'utilizadorId' in dono ? dono.utilizadorId : null
      // A customer's e-mail is their account's; a guest may leave it out.
      if (utilizadorId !== null && input.email === '') throw fieldError('email', mensagens.obrigatorio)
      const { recipiente_proprio, levantar_em, mesa: codigoMesa, metodo } = input
      const pedidoHash = hashDoPedido(input)
      const loja = await lojaDoPedido(input.id_loja)
      const repetido = async (ex: Database) => {
        const p = await encomendasRepo(ex).findPorChave(dono, chave)
        if (!p) return undefined
        if (p.pedido_hash !== pedidoHash) throw reusedKey()
        return p
      }
      const antes = await repetido(db)
      if (antes) return paraCliente(antes, loja)

      // Priced from the store's current menu in its tier for this kind of sale, open stores only (the same rules as
      // the calculation).
      const { transaction, lines, embalagens, minutos, verificarIdade } = await catalogo.calcular(
        {
          idLoja: input.id_loja,
          cart: input.cart,
          usarPremio: false,
          tipo: input.id_tipo_entrega,
          recipienteProprio: recipiente_proprio === 1,
          dataNascimento,
        },
        0,
      )
      const total = transaction.total_transaction
      const linhas: PedidoLinha[] = lines.map((l) => ({
        produto: l.nome,
        qtd: l.qtd,
        complementos: l.complementares.map((c) => c.nome),
        opcoes: l.opcoes.map((o) => o.nome),
        porcao: l.porcao,
        observacoes: l.observacoes,
        total: l.total,
      }))
      const telemovelValido = input.telemovel !== '' && toE164Mobile(input.pais, input.telemovel) !== null
      // What the confirmation names, should the balance pay it all in the transaction below.
      const paraConfirmacao = await lerConfirmacao(input.id_loja)
      // The promise counts the kitchen as it is now: its queue, and what staff added while it is busy (cozinha.ts);
      // 'as soon as possible' must be ready before the store closes, and a slot is one it offers (levantamento.ts).
      // The store as the confirmation read it, not read again.
      const lojaEncomendas = paraConfirmacao.loja
      if (!lojaEncomendas) throw notFound(LOJA_NAO_EXISTE)
      const agenda = await levantamento.agendaDe(lojaEncomendas, minutos)
      if (levantar_em === null) exigirProntaAntesDoFecho(agenda)
      // From a table's QR code: the table of this store's the code names (mesas.ts).
      const mesa =
        codigoMesa === null
          ? null
          : await mesas.daEncomenda(codigoMesa, {
              idLoja: input.id_loja,
              tipo: input.id_tipo_entrega,
              levantarEm: levantar_em,
            })

      const { pedido, novo } = await db.transaction().execute(async (trx) => {
        if (utilizadorId !== null) {
          await ledger.bloquear(trx, utilizadorId)
          if (!(await ledger.clienteAtivo(trx, utilizadorId))) {
            throw new HttpError(401, encomendasMensagens.sessaoTerminada, 'Sessão terminada')
          }
        }
        const outro = await repetido(trx)
        if (outro) return { pedido: outro, novo: false }
        // A guest's code confirms one order, taken here; a retry sent at once waited on the guest's row: its order.
        if (convidado && !(await convidado.usar(trx))) {
          const primeiro = await repetido(trx)
          if (primeiro) return { pedido: primeiro, novo: false }
          throw new HttpError(409, convidadosMensagens.confirmacaoUsada, 'Telemóvel já confirmado')
        }
        // The slot's places are counted under the store's lock, and this order written before it is let go.
        let levantarEm: string | null = null
        if (levantar_em !== null) {
          await bloquearVagas(trx, input.id_loja)
          levantarEm = await reservarHorario(
            trx,
            input.id_loja,
            agenda,
            lojaEncomendas.capacidadeIntervalo,
            levantar_em,
          )
        }
        // The checkout limit is taken here, once the key is known to be new: the customer's checkouts wait for each
        // other (bloquear), so retries of one checkout sent at once (one Idempotency-Key) find the first one's order
        // above and count nothing. The hit is written in this transaction: a checkout refused (this limit, the phone,
        // the balance) leaves no order and spends nothing of the allowance, which bounds the orders, and so the MB WAY
        // requests, a customer makes.
        const quem = 'utilizadorId' in dono ? dono.utilizadorId : `convidado:${dono.convidadoId}`
        const { allowed, retryAfterMs } = await limiter.hit(`encomendas:${quem}`, LIMITE_ENCOMENDAS, trx)
        if (!allowed) throw new TooManyRequests(retryAfterMs)
        const saldo = utilizadorId === null ? 0 : await ledger.saldo(trx, utilizadorId) // a guest has none
        // 'Usar prémio' first (a guest holds none), then the balance off what is left (calculo.ts).
        const premio = await premioDoCheckout(ledger, trx, utilizadorId, input, lines, total)
        const descontoPremio = premio?.desconto ?? 0
        const desconto = input.usar_premio === 1 ? Math.min(saldo, total - descontoPremio) : 0
        const aPagar = total - descontoPremio - desconto
        const aceite = lojaEncomendas.metodosPagamento.includes(metodo) && provider.metodos.includes(metodo)
        if (aPagar > 0 && !(aceite && metodoAgora(metodo, clock.now()))) {
          const message = aceite ? encomendasMensagens.multibancoTarde : encomendasMensagens.metodoNaoAceite
          throw new HttpError(422, message, 'Método de pagamento', { metodo: message })
        }
        // MB WAY pays with the phone; another method keeps it only to reach the customer, and only a real one.
        if (aPagar > 0 && (metodo === 'mbway' || input.telemovel !== '') && !telemovelValido) {
          const message = input.telemovel === '' ? encomendasMensagens.telemovelMbway : mensagens.telemovelInvalido
          throw fieldError('telemovel', message)
        }
        const agora = isoNow(clock)
        const r = encomendasRepo(trx)
        let p = await r.insert({
          utilizador_id: utilizadorId,
          convidado_id: 'convidadoId' in dono ? dono.convidadoId : null,
          id_loja: input.id_loja,
          estado: aPagar > 0 ? ESTADO.pagamento : ESTADO.recebido,
          id_tipo_entrega: input.id_tipo_entrega,
          nome: input.nome,
          email: input.email,
          telemovel: input.telemovel,
          pais: input.pais,
          nif: input.nif,
          linhas: JSON.stringify(linhas),
          // Only the menu's codes, for 'Repetir' (cliente.ts `paraRepetir`): the lines above keep what was priced, the
          // note included (no second copy of the customer's words).
          carrinho: JSON.stringify(
            input.cart.map(({ id, qtd, complementares, opcoes }) => ({ id, qtd, complementares, opcoes })),
          ),
          // What the law adds (decision 0037): the packaging contribution (in `total`), the customer's own container
          // (asked of a take-away order only: eating in needs none), and whether staff check the age at pick-up.
          embalagens: JSON.stringify(embalagens),
          recipiente_proprio: recipiente_proprio === 1 && input.id_tipo_entrega === 0 ? 1 : 0,
          verificar_idade: verificarIdade ? 1 : 0,
          // A slot's order promises its time; its minutes say when the kitchen starts it (its products' own).
          minutos: levantarEm === null ? agenda.minutos : minutos,
          levantar_em: levantarEm,
          mesa,
          total,
          desconto,
          premio_id: premio?.id ?? null,
          desconto_premio: descontoPremio,
          valor_pago: aPagar,
          pagamento_provider: aPagar > 0 ? provider.nome : null,
          pagamento_metodo: aPagar > 0 ? metodo : null,
          pagamento_estado: aPagar > 0 ? 'a-pedir' : 'sem-pagamento',
          chave_idempotencia: chave,
          pedido_hash: pedidoHash,
          criada_em: agora,
          // The promotions of this moment, kept: its purchase, written when it is paid, earns under them.
          promocoes: JSON.stringify(await ledger.promocoesEmVigor(trx, input.id_loja, agora)),
          paga_em: aPagar > 0 ? null : agora,
          atualizada_em: agora,
          // The reconciliation gives it up then if its request was never made or recorded (see verificar).
          verificar_em: aPagar > 0 ? isoIn(clock, aPedirDurante(metodo, expirySeconds) + MARGEM_MS) : null,
        })
        const referencia = referenciaDe(p.id)
        if (aPagar > 0 && (desconto > 0 || premio) && utilizadorId !== null) {
          const reserva = await ledger.reservar(trx, {
            utilizadorId,
            idLoja: input.id_loja,
            valor: desconto,
            premio,
            referencia,
          })
          await r.mudar(p.id, {}, { reserva_id: reserva.id })
        } else if (aPagar === 0) {
          // The balance paid it all: the purchase now, no payment to wait for (a guest's, if they join: convidados.ts).
          if (utilizadorId !== null) {
            const compra = await ledger.comprar(trx, {
              utilizadorId,
              idLoja: input.id_loja,
              total,
              desconto,
              referencia,
              premio,
              ...promocoesDe(p),
            })
            await r.mudar(p.id, {}, { compra_id: compra.id, pontos_ganhos: compra.pontos_ganhos })
          }
          await aoPagar(trx, p, paraConfirmacao)
        }
        p = (await r.find(p.id)) ?? p
        return { pedido: p, novo: true }
      })
      if (!novo) return paraCliente(pedido, loja)
      if (convidado) await convidado.aoCriar(pedido)

      if (pedido.pagamento_estado === 'a-pedir') {
        try {
          const regresso = (volta: string) =>
            `${ligacaoEncomenda(appUrl, paths.finalizarPassoPagamento, pedido.id)}&volta=${volta}`
          const criado = await provider.criar({
            metodo,
            referencia: referenciaDe(pedido.id),
            valor: pedido.valor_pago,
            telemovel: pedido.telemovel,
            pais: pedido.pais,
            descricao: `Encomenda ${pedido.id} - ${loja.nome}`.slice(0, 100),
            ...(pedido.email ? { email: pedido.email } : {}),
            ...(metodo === 'multibanco' ? { validaAte: multibancoValidaAte(clock.now()) } : {}),
            ...(METODOS_COM_PAGINA.includes(metodo)
              ? { regresso: { sucesso: regresso('sucesso'), erro: regresso('erro'), cancelado: regresso('cancelado') } }
              : {}),
          })
          const { id } = criado
          const expira = criado.multibanco?.expiraEm ?? validadeDe(metodo, clock.now(), expirySeconds).toISOString()
          /**
           * Writes the request down, with the e-mail of a Multibanco reference in the same transaction; false when the
           * order is not as expected, or another order records the id.
           */
          const registar = async (
            de: Parameters<typeof repo.mudar>[1],
            values: Parameters<typeof repo.mudar>[2],
            { aPagar }: { aPagar: boolean },
          ) => {
            try {
              return await db.transaction().execute(async (trx) => {
                const ok = await encomendasRepo(trx).mudar(pedido.id, de, values)
                // Only for an order still waiting for it: never to pay an order already given up.
                const email =
                  ok && aPagar && criado.multibanco
                    ? emailReferencia(pedido, criado.multibanco, loja.nome, appUrl)
                    : null
                if (email) await enfileirarEmail(trx, email, clock)
                return ok
              })
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
              pagamento_url: criado.url ?? null,
              mb_entidade: criado.multibanco?.entidade ?? null,
              mb_referencia: criado.multibanco?.referencia ?? null,
              expira_em: expira,
              atualizada_em: isoNow(clock),
              verificar_em: isoNow(clock),
            },
            { aPagar: true },
          )
          // Given up while the provider was being asked (the process stalled past the request's expiry): the request
          // is recorded on the cancelled order all the same, and the reconciliation asks about it: paid after all, it
          // is refunded.
          const tarde =
            !registado &&
            (await registar(
              { estado: [ESTADO.cancelado], semPagamentoId: true },
              { pagamento_id: id, verificar_em: isoNow(clock), tentativas: 0 },
              { aPagar: false },
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
            log.warn({ encomenda: pedido.id, metodo, err: error }, 'payment request refused')
            const [campo, mensagem] =
              metodo === 'mbway'
                ? ['telemovel', encomendasMensagens.mbwayRecusado]
                : ['metodo', encomendasMensagens.pagamentoRecusado]
            await falhar(pedido.id, 'recusado', mensagem, ['a-pedir'], null)
            throw new HttpError(422, mensagem, 'Pagamento recusado', { [campo]: mensagem })
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
            return paraCliente(atual, loja)
          }
          throw new HttpError(502, encomendasMensagens.indisponivel, 'Erro')
        }
      }
      const atual = (await repo.find(pedido.id)) ?? pedido
      anunciar(atual)
      log.info({ encomenda: atual.id, total, aPagar: atual.valor_pago }, 'encomenda criada')
      return paraCliente(atual, loja)
    },
  }
}
