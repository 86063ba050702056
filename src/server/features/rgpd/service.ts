import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  type FicheiroPortabilidade,
  type PedidoRgpd,
  type ResumoCancelamento,
  RGPD_LINK_HORAS,
  rgpdMensagens,
  type TipoPedidoRgpd,
} from '../../../shared/rgpd.ts'
import { href, paths } from '../../../shared/routes.ts'
import { type Clock, DAY, HOUR, isoNow } from '../../platform/clock.ts'
import { sha256 } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { comporEmail, enfileirarEmail, maskEmail } from '../../platform/email.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { esquecerNaPlataforma } from '../../platform/esquecimento.ts'
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts'
import type { Sessao } from '../../platform/sessions.ts'
import type { CarteiraService } from '../carteira/service.ts'
import type { ContaService, PessoaEsquecida } from '../conta/service.ts'
import type { EncomendasService } from '../encomendas/service.ts'
import type { FaturasService } from '../faturas/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { NotificacoesService } from '../notificacoes/service.ts'

export const RGPD_LIMITES = {
  /** Requests (erasure and portability together) one account may make: each sends an e-mail. */
  pedidosPorConta: { max: 5, windowMs: HOUR } satisfies Limit,
  /** Spec §9: data kept up to a year after the registration ends. */
  retencaoAposFimMs: 365 * DAY,
  /** Accounts the retention job anonymises per round (the next round takes the rest). */
  anonimizarPorRonda: 100,
}

export interface RgpdDeps {
  db: Database
  clock: Clock
  limiter: RateLimiter
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
  settings: { appUrl: string }
  conta: Pick<ContaService, 'requireUser' | 'direitos'>
  fidelizacao: Pick<FidelizacaoService, 'direitos'>
  encomendas: Pick<EncomendasService, 'direitos'>
  notificacoes: Pick<NotificacoesService, 'direitos'>
  /** The copies of the fiscal documents of the person's orders and purchases (their NIF is in the QR code's text). */
  faturas: Pick<FaturasService, 'esquecerCliente'>
  /** The card in the wallets: its devices unregistered, its pass deleted, a Google object deactivated. */
  carteira?: Pick<CarteiraService, 'esquecerCliente'>
}

const ASSUNTOS: Record<TipoPedidoRgpd, string> = {
  esquecimento: 'Pedido de eliminação dos seus dados',
  portabilidade: 'Pedido de transferência dos seus dados',
}

const PARAGRAFOS: Record<TipoPedidoRgpd, { pedido: string; ligacao: string }> = {
  esquecimento: {
    pedido: 'Recebemos um pedido para eliminar a sua conta e os seus dados pessoais (direito ao esquecimento).',
    ligacao: 'Confirmar a eliminação da conta',
  },
  portabilidade: {
    pedido: 'Recebemos um pedido para transferir os seus dados pessoais (direito à portabilidade).',
    ligacao: 'Transferir os meus dados',
  },
}

/**
 * Acting on a request, or cancelling, needs only the account, complete or not: a provisional customer, or one in the
 * middle of a recovery, is not made to give more personal data before erasing it (GDPR Art. 12(2)).
 */
const DE_QUALQUER_CONTA = { allowTemporario: true }

const mesmoEndereco = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The customer's GDPR rights (docs/decisions/0017-rgpd.md): requests by e-mail with a single-use link bound
 * to the account, erasure in one transaction across every feature that holds the person's data, the portability file,
 * and the retention job. Each feature gives its own part (`direitos`); this module only composes them.
 */
export function createRgpdService(deps: RgpdDeps) {
  const { db, clock, limiter, log, settings, conta, fidelizacao, encomendas, notificacoes, faturas, carteira } = deps
  const linkInvalido = () => new HttpError(410, rgpdMensagens.linkInvalido, 'Link expirado')

  /** The request a link names, for the account signed in: 410 when unknown, used or expired; 403 another's. */
  async function pedidoDoLink(utilizadorId: number, token: string, tipo: TipoPedidoRgpd) {
    const pedido = await db
      .selectFrom('rgpd_pedidos')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('tipo', '=', tipo)
      .executeTakeFirst()
    if (!pedido || pedido.usado_em !== null || pedido.expira_em <= isoNow(clock)) throw linkInvalido()
    if (pedido.utilizador_id !== utilizadorId) throw new HttpError(403, rgpdMensagens.outraConta, 'Outra conta')
    return pedido
  }

  /** Marks a link used in the caller's transaction, only if it still can be: two clicks at once use it once. */
  async function gastar(trx: DatabaseTransaction, id: number): Promise<void> {
    const { numUpdatedRows } = await trx
      .updateTable('rgpd_pedidos')
      .set({ usado_em: isoNow(clock) })
      .where('id', '=', id)
      .where('usado_em', 'is', null)
      .where('expira_em', '>', isoNow(clock))
      .executeTakeFirst()
    if (numUpdatedRows !== 1n) throw linkInvalido()
  }

  async function resumoDe(utilizadorId: number): Promise<ResumoCancelamento> {
    const [saldos, pedidoEmCurso] = await Promise.all([
      fidelizacao.direitos.resumo(utilizadorId),
      encomendas.direitos.pedidoEmCurso(utilizadorId),
    ])
    return { ...saldos, pedidoEmCurso }
  }

  /**
   * The erasure, in one transaction: the ledger's lock first (a purchase or checkout of the account waits for it and
   * then finds no account), the check that no order is still open, each feature's part, the platform's, the requests,
   * and the account itself last (features/conta). `antes`: what must also happen in it (the link spent).
   */
  function esquecer(utilizadorId: number, antes?: (trx: DatabaseTransaction) => Promise<void>): Promise<boolean> {
    return conta.direitos.esquecer(utilizadorId, {
      bloquear: (trx) => fidelizacao.direitos.bloquear(trx, utilizadorId),
      apagar: async (trx: DatabaseTransaction, pessoa: PessoaEsquecida) => {
        await antes?.(trx)
        if (await encomendas.direitos.pedidoEmCurso(utilizadorId, trx)) {
          throw new HttpError(409, rgpdMensagens.pedidoEmCurso, 'Pedido em curso')
        }
        await fidelizacao.direitos.esquecerCliente(trx, utilizadorId)
        await encomendas.direitos.esquecerCliente(trx, utilizadorId)
        await notificacoes.direitos.esquecerCliente(trx, utilizadorId)
        await faturas.esquecerCliente(trx, utilizadorId)
        await carteira?.esquecerCliente(trx, utilizadorId)
        await esquecerNaPlataforma(trx, pessoa)
        await trx.deleteFrom('rgpd_pedidos').where('utilizador_id', '=', utilizadorId).execute()
      },
    })
  }

  return {
    /**
     * An erasure or portability request (spec §7: `{email}`). The same answer whatever the address: only the account's
     * own gets the e-mail, so a mistyped address on file, or a stranger's guess, hands nobody anything.
     */
    async pedir(sessao: Sessao, tipo: TipoPedidoRgpd, email: string): Promise<void> {
      const user = await conta.requireUser(sessao)
      const { allowed, retryAfterMs } = await limiter.hit(`rgpd:${user.id}`, RGPD_LIMITES.pedidosPorConta)
      if (!allowed) {
        throw new TooManyRequests(retryAfterMs, 'Demasiados pedidos. Tente novamente dentro de uma hora.')
      }
      if (!mesmoEndereco(user.email, email) || user.email === null) {
        log.info({ utilizador: user.id, tipo }, 'GDPR request for an address that is not the account’s: no e-mail')
        return
      }
      const para = user.email
      const token = randomBytes(32).toString('base64url')
      const agora = clock.now()
      const url = new URL(
        href(tipo === 'esquecimento' ? paths.rgpdEsquecimentoLink : paths.rgpdPortabilidadeLink, { token }),
        settings.appUrl,
      ).toString()
      const textos = PARAGRAFOS[tipo]
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('rgpd_pedidos')
          .values({
            utilizador_id: user.id,
            tipo,
            token_hash: sha256(token),
            criado_em: agora.toISOString(),
            expira_em: new Date(agora.getTime() + RGPD_LINK_HORAS * HOUR).toISOString(),
          })
          .execute()
        await enfileirarEmail(
          trx,
          comporEmail(para, ASSUNTOS[tipo], [
            user.nome ? `Olá, ${user.nome}.` : 'Olá.',
            textos.pedido,
            { texto: textos.ligacao, url },
            `O link é válido durante ${RGPD_LINK_HORAS} horas, só pode ser usado uma vez e só funciona com a sessão iniciada na sua conta.`,
            'Se não fez este pedido, ignore esta mensagem: nada será alterado.',
          ]),
          clock,
        )
      })
      log.info({ utilizador: user.id, tipo, para: maskEmail(para) }, 'GDPR request e-mailed')
    },

    /** The request a link names, while it can be used (the page shows what will happen before 'Confirmar'). */
    async consultar(sessao: Sessao, token: string): Promise<PedidoRgpd> {
      const user = await conta.requireUser(sessao, DE_QUALQUER_CONTA)
      const pedido = await db
        .selectFrom('rgpd_pedidos')
        .select('tipo')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()
      const p = await pedidoDoLink(user.id, token, pedido?.tipo ?? 'esquecimento')
      return {
        tipo: p.tipo,
        expiraEm: p.expira_em,
        resumo: p.tipo === 'esquecimento' ? await resumoDe(user.id) : null,
      }
    },

    /** What cancelling the account would lose (the profile's direct cancellation). */
    async resumo(sessao: Sessao): Promise<ResumoCancelamento> {
      const user = await conta.requireUser(sessao, DE_QUALQUER_CONTA)
      return resumoDe(user.id)
    },

    /**
     * The erasure link confirmed: the link spent and the account erased, together or not at all. A second click that
     * raced the first past the checks finds the account already erased (and its link with it): the link was used, 410.
     */
    async confirmarEsquecimento(sessao: Sessao, token: string): Promise<void> {
      const user = await conta.requireUser(sessao, DE_QUALQUER_CONTA)
      const pedido = await pedidoDoLink(user.id, token, 'esquecimento')
      if (!(await esquecer(user.id, (trx) => gastar(trx, pedido.id)))) throw linkInvalido()
      log.info({ utilizador: user.id }, 'account erased at the customer’s request')
    },

    /**
     * The erasure asked of the group in another way (by letter, at a store) and done from the back-office by an admin:
     * the same erasure as the customer's own, with `registar` (the audit entry) written in its transaction. False when
     * the account was already erased.
     */
    async esquecerAPedido(utilizadorId: number, registar: (trx: DatabaseTransaction) => Promise<void>) {
      const feito = await esquecer(utilizadorId, registar)
      if (feito) log.info({ utilizador: utilizadorId }, 'account erased on request, from the back-office')
      return feito
    },

    /** Spec §4: account cancellation from the profile, through the same confirmation; the session is the proof. */
    async cancelarConta(sessao: Sessao): Promise<void> {
      const user = await conta.requireUser(sessao, DE_QUALQUER_CONTA)
      await esquecer(user.id)
      log.info({ utilizador: user.id }, 'account cancelled by the customer')
    },

    /**
     * The portability file (GDPR Art. 20): everything the app holds about the customer, read first and the link spent
     * after, so that a failure to build it leaves the link usable.
     */
    async portabilidade(
      sessao: Sessao,
      token: string,
    ): Promise<{ nomeFicheiro: string; ficheiro: FicheiroPortabilidade }> {
      const user = await conta.requireUser(sessao, DE_QUALQUER_CONTA)
      const pedido = await pedidoDoLink(user.id, token, 'portabilidade')
      const [contaDados, fidelizacaoDados, pedidos, notificacoesDados] = await Promise.all([
        conta.direitos.exportarConta(user.id),
        fidelizacao.direitos.exportarCliente(user.id),
        encomendas.direitos.exportarCliente(user.id),
        notificacoes.direitos.exportarCliente(user.id),
      ])
      const agora = clock.now()
      const ficheiro: FicheiroPortabilidade = {
        formato: 'balcao-portabilidade/1',
        geradoEm: agora.toISOString(),
        notas: {
          valores: 'em cêntimos de euro',
          datas: 'ISO-8601 em UTC, salvo data e hora das transações (Europe/Lisbon)',
        },
        perfil: contaDados?.perfil ?? null,
        consentimentos: contaDados?.consentimentos ?? [],
        ...fidelizacaoDados,
        encomendas: pedidos,
        ...notificacoesDados,
      }
      await db.transaction().execute((trx) => gastar(trx, pedido.id))
      log.info({ utilizador: user.id }, 'portability file downloaded')
      return {
        nomeFicheiro: `balcao-dados-${agora.toISOString().slice(0, 10)}.json`,
        ficheiro,
      }
    },

    /**
     * The retention job (spec §9): a registration that ended over a year ago (a lapsed provisional account) loses
     * what it still holds, as an erasure would remove it; expired links are deleted. Safe on N processes: an account
     * already anonymised is skipped inside the erasure's transaction, and deletes by age find nothing the second time.
     */
    async reter(): Promise<{ anonimizadas: number }> {
      const agora = clock.now()
      const antes = new Date(agora.getTime() - RGPD_LIMITES.retencaoAposFimMs).toISOString()
      let anonimizadas = 0
      for (const id of await conta.direitos.terminadasPorAnonimizar(antes, RGPD_LIMITES.anonimizarPorRonda)) {
        try {
          if (await esquecer(id)) anonimizadas++
        } catch (error) {
          log.error({ utilizador: id, err: (error as Error).message }, 'retention: account not anonymised')
        }
      }
      await db.deleteFrom('rgpd_pedidos').where('expira_em', '<=', agora.toISOString()).execute()
      if (anonimizadas > 0) log.info({ anonimizadas }, 'retention: ended registrations anonymised')
      return { anonimizadas }
    },
  }
}

export type RgpdService = ReturnType<typeof createRgpdService>
