import { API_VERSION } from '../../../shared/api.ts'
import type { EstadoConvidado } from '../../../shared/convidado.ts'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { isoIn, isoNow } from '../../platform/clock.ts'
import { randomToken, sha256 } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { CONVIDADO_TTL_MS } from '../../platform/sessions.ts'
import type { ContaService } from '../conta/service.ts'
import { promocoesDe } from './apresentacao.ts'
import { type Contexto, encomendasMensagens, referenciaDe } from './contexto.ts'
import { type Encomenda, encomendasRepo } from './encomendas-repository.ts'

/** What a guest checkout asks of the account feature: the SMS code, under a sign-up's limits, and the link's SMS. */
export type ContaConvidados = Pick<ContaService, 'pedirCodigoConvidado' | 'confirmarConvidado' | 'enviarSmsConvidado'>

export const convidadosMensagens = {
  confirmacaoUsada: 'Este telemóvel já foi confirmado para outro pedido. Confirme-o de novo para fazer este.',
  confirmacaoExpirada: 'A confirmação do telemóvel expirou. Confirme-o de novo.',
  semConvidado: 'Confirme o seu telemóvel para fazer o pedido sem conta.',
  pontosJaGuardados: 'Os pontos desta compra já foram guardados.',
  contaIncompleta: 'Complete os seus dados pessoais para guardar os pontos desta compra.',
  umaSoCompra: 'Esta conta já guardou os pontos de um pedido feito sem conta: só a compra que cria a conta os ganha.',
  pontosNaoDisponiveis:
    'Os pontos só podem ser guardados numa conta criada depois do pedido, com o mesmo telemóvel, e depois de o pedido ser pago.',
}

/**
 * The link in the SMS: the server keeps the token on the device that opens it and sends it to the order
 * (routes.ts). A link cannot send the API's version header: it names it in the query, as the wallets' links do.
 */
export const SEGUIR_PATH = '/api/convidado/seguir'
const ligacaoSms = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}${SEGUIR_PATH}/${token}?v=${API_VERSION}`

/** The guests' rows, on the pool or inside a transaction. */
function convidadosRepo(db: Database) {
  return {
    findPorToken: (token: string) =>
      db.selectFrom('convidados').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst(),

    /** Takes the guest's one order: false when another order already took it. */
    async usar(id: number, agora: string): Promise<boolean> {
      const r = await db
        .updateTable('convidados')
        .set({ usado_em: agora })
        .where('id', '=', id)
        .where('usado_em', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },

    encomendaDe: (convidadoId: number) =>
      db.selectFrom('encomendas').selectAll().where('convidado_id', '=', convidadoId).executeTakeFirst(),
  }
}

/** A guest's checkout as the checkout runs it: their one order taken in its transaction, then what follows it. */
export type ConvidadoNaEncomenda = {
  usar: (trx: DatabaseTransaction) => Promise<boolean>
  aoCriar: (p: Encomenda) => Promise<void>
}

export type Convidado = NonNullable<Awaited<ReturnType<ReturnType<typeof convidadosRepo>['findPorToken']>>>

/**
 * Guest checkout (docs/decisions/0050). A visitor's phone is confirmed by an SMS code for one order; the device keeps
 * the guest's token (a cookie), and the SMS sent with the order carries it in a link, so either opens that order. A
 * guest never has a balance: nothing is held or earned at the checkout. If, after paying, the guest makes an account
 * with the same phone, that order's purchase is written to it, once.
 */
export function createConvidados({ db, clock, log, ledger, appUrl, faturas }: Contexto, conta: ContaConvidados) {
  const repo = convidadosRepo(db)

  return {
    pedirCodigo: (input: { telemovel: string; pais: string }, ip: string) => conta.pedirCodigoConvidado(input, ip),

    /** The code confirmed: a new guest, whose token (returned, kept only as its SHA-256) the device keeps. */
    async confirmar(hash: string, codigo: string, ip: string) {
      const token = randomToken()
      const phone = await conta.confirmarConvidado(hash, codigo, ip, async (trx, phone) => {
        const agora = isoNow(clock)
        await trx
          .insertInto('convidados')
          .values({
            telemovel: phone.telemovel,
            pais: phone.pais,
            telemovel_e164: phone.e164,
            token_hash: sha256(token),
            criado_em: agora,
            expira_em: isoIn(clock, CONVIDADO_TTL_MS),
          })
          .execute()
        return phone
      })
      return { token, convidado: { telemovel: phone.telemovel, pais: phone.pais, encomenda: null } }
    },

    /** The guest a device's token names, while it lasts; undefined for none, an unknown one or one expired. */
    async doToken(token: string | undefined): Promise<Convidado | undefined> {
      if (!token) return undefined
      const c = await repo.findPorToken(token)
      return c && c.expira_em > isoNow(clock) ? c : undefined
    },

    /** What the checkout shows of this device's guest: the phone, and whether it may still place its order. */
    async estado(token: string | undefined): Promise<EstadoConvidado> {
      const c = await this.doToken(token)
      if (!c) return { convidado: null }
      const encomenda = await repo.encomendaDe(c.id)
      return { convidado: { telemovel: c.telemovel, pais: c.pais, encomenda: encomenda?.id ?? null } }
    },

    /**
     * In the checkout's transaction: the guest's one order is this one. False when another order took it: on
     * PostgreSQL this waits for that order's transaction, which may be a retry of this very checkout (finalizacao.ts
     * then finds its order); otherwise a second order needs a new code.
     */
    usarNaEncomenda: (trx: DatabaseTransaction, c: Convidado): Promise<boolean> =>
      convidadosRepo(trx).usar(c.id, isoNow(clock)),

    /** After the order is written: its link by SMS to the confirmed phone. A failure leaves the order as it is. */
    async enviarLigacao(c: Convidado, token: string, p: Encomenda, nomeLoja: string): Promise<void> {
      const texto = `Balcão: o seu pedido n.º ${p.id} na ${nomeLoja} foi registado. Acompanhe-o em ${ligacaoSms(appUrl, token)}`
      if (!(await conta.enviarSmsConvidado(c.telemovel_e164, texto))) {
        log.warn({ encomenda: p.id }, "guest order's link SMS not sent; the device still follows it")
      }
    },

    /**
     * 'Guardar os pontos desta compra': the guest's paid order written as a purchase of the account, in one transaction,
     * once. Only an account made with the guest's phone after the order was placed (the purchase that creates the
     * account: nothing before it, nothing after it), and only an order paid and not cancelled. Returns the order.
     */
    async guardarPontos(
      c: Convidado,
      id: number,
      destino: { utilizadorId: number; telemovelE164: string | null; criadoEm: string },
    ): Promise<void> {
      const p = await repo.encomendaDe(c.id)
      if (p?.id !== id) throw notFound(encomendasMensagens.naoEncontrada)
      if (p.utilizador_id === destino.utilizadorId && p.compra_id !== null) {
        throw new HttpError(409, convidadosMensagens.pontosJaGuardados, 'Pontos já guardados')
      }
      const elegivel =
        destino.telemovelE164 === c.telemovel_e164 &&
        destino.criadoEm >= p.criada_em &&
        p.paga_em !== null &&
        p.estado !== ESTADO.cancelado
      if (!elegivel) throw new HttpError(422, convidadosMensagens.pontosNaoDisponiveis, 'Pontos não disponíveis')
      const guardados = await db.transaction().execute(async (trx) => {
        await ledger.bloquear(trx, destino.utilizadorId)
        // Read under the account's lock, which an erasure holds while it anonymises: never credited to an account gone.
        if (!(await ledger.clienteAtivo(trx, destino.utilizadorId))) {
          throw new HttpError(401, encomendasMensagens.sessaoTerminada, 'Sessão terminada')
        }
        // One guest order per account, the purchase that made it (a unique index on convidados backs this).
        const outro = await trx
          .selectFrom('convidados')
          .select('id')
          .where('utilizador_id', '=', destino.utilizadorId)
          .where('id', '!=', c.id)
          .executeTakeFirst()
        if (outro) throw new HttpError(422, convidadosMensagens.umaSoCompra, 'Pontos não disponíveis')
        // The order becomes the account's only from where it was: a guest's, paid, not cancelled, never credited. A
        // second request (another tab, a double tap), or a cancellation by the store, finds it otherwise and writes
        // nothing; on PostgreSQL the row's lock makes the later one wait for the first and read what it wrote.
        const r = await trx
          .updateTable('encomendas')
          .set({ utilizador_id: destino.utilizadorId, atualizada_em: isoNow(clock) })
          .where('id', '=', p.id)
          .where('convidado_id', '=', c.id)
          .where('utilizador_id', 'is', null)
          .where('compra_id', 'is', null)
          .where('paga_em', 'is not', null)
          .where('estado', '!=', ESTADO.cancelado)
          .executeTakeFirst()
        if (Number(r.numUpdatedRows) !== 1) return false
        const compra = await ledger.comprar(trx, {
          utilizadorId: destino.utilizadorId,
          idLoja: p.id_loja,
          total: p.total,
          desconto: 0,
          referencia: referenciaDe(p.id),
          ...promocoesDe(p),
        })
        await encomendasRepo(trx).mudar(p.id, {}, { compra_id: compra.id, pontos_ganhos: compra.pontos_ganhos })
        // Its invoice and credit note are the account's now: its erasure clears them.
        await faturas.atribuirCliente(trx, { origem: 'encomenda', id: p.id }, destino.utilizadorId)
        await trx
          .updateTable('convidados')
          .set({ utilizador_id: destino.utilizadorId, creditado_em: isoNow(clock) })
          .where('id', '=', c.id)
          .execute()
        return true
      })
      if (!guardados) {
        const atual = await repo.encomendaDe(c.id)
        if (atual?.utilizador_id === destino.utilizadorId && atual.compra_id !== null) {
          throw new HttpError(409, convidadosMensagens.pontosJaGuardados, 'Pontos já guardados')
        }
        throw new HttpError(422, convidadosMensagens.pontosNaoDisponiveis, 'Pontos não disponíveis')
      }
      log.info({ encomenda: p.id }, "guest's order credited to the account made after it")
    },
  }
}

export type Convidados = ReturnType<typeof createConvidados>
