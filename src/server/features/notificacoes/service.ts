import type { Notificacao } from '../../../shared/notificacoes.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { canais, type EventBus, NOTIFICACOES_ALTERADAS } from '../../platform/eventos.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import type { ContaService } from '../conta/service.ts'
import { createDireitosNotificacoes } from './direitos.ts'
import { porLotes } from './lotes.ts'
/** The newest this many are listed: older ones have long been read or stopped mattering. */
import { createMetricasNotificacoes } from './metricas.ts'
import type { PushService } from './push.ts'
export const NOTIFICACOES_LISTADAS = 50
/** Customers a composed message is written to per transaction (a few milliseconds of the write lock). */
export const LOTE_CAMPANHA = 100
/** Notifications of other processes announced in one round at most; the rest in the next. */
const NOVAS_POR_RONDA = 500

/** A provisional account is reminded this many days before it lapses. */
export const LEMBRETES_PROVISORIO = [
  { dias: 7, chave: 'provisorio-7d', titulo: 'A sua conta expira dentro de 7 dias' },
  { dias: 1, chave: 'provisorio-1d', titulo: 'A sua conta expira amanhã' },
] as const

/**
 * A notification opens a screen of this app: a path, never `//host` or `/\host` (which browsers read as another site).
 * Anything else is dropped rather than sent to a page link or the service worker.
 */
export const LIGACAO_DA_APP = /^\/(?![/\\])[\w\-/?=&.%~]*$/

export interface NovaNotificacao {
  /** null: for everyone. */
  utilizadorId: number | null
  titulo: string
  /** HTML; sanitised here, whoever wrote it. */
  texto: string
  ligacao?: string | null
  /** Sent once per customer: a second one with the same key is not written. */
  chave?: string | null
  /** The back-office's composed message it is part of (its delivery counts). */
  campanhaId?: number | null
}

/** How a composed message went out: its notifications, their pushes taken and given up, and how many were read. */
export interface EntregaCampanha {
  destinatarios: number
  push_enviados: number
  push_falhados: number
  lidas: number
}

export interface NotificacoesDeps {
  db: Database
  clock: Clock
  bus: EventBus
  /** The customer's read mark is kept on the account (conta's). */
  conta: Pick<ContaService, 'notificacoesLidasAte' | 'marcarNotificacoesLidas'> & {
    audiencia: Pick<ContaService['audiencia'], 'notificacoesLidasAteDe'>
  }
  /** Provisional accounts (conta's) that lapse within `dias` days and have not completed their registration. */
  provisoriosAExpirar(dias: number): Promise<number[]>
  provisionalDays: number
  /**
   * Each notification also goes to the customer's devices (Web Push), through the outbox: queued in the same
   * transaction, or for everyone, fanned out in batches after it (`difundir`).
   */
  push?: Pick<PushService, 'enfileirar' | 'difundir'>
  /** Customers a composed message is written to per transaction (default `LOTE_CAMPANHA`). */
  loteCampanha?: number
}

/**
 * Notifications (spec §2/§3/§4): per customer or for everyone, newest first; reading is all or nothing (one
 * mark per customer). Other features write theirs inside their own transactions (`escrever`) and their open screens
 * hear of it through the events they already send after the commit; `enviar` is for a notification on its own.
 */
export function createNotificacoesService({
  db,
  clock,
  bus,
  conta,
  provisoriosAExpirar,
  provisionalDays,
  push,
  loteCampanha = LOTE_CAMPANHA,
}: NotificacoesDeps) {
  /**
   * Writes one, in the caller's transaction (the type demands one: a notification beside a change that rolls back must
   * go with it); answers its id, or null when its `chave` was already sent.
   */
  async function escrever(trx: DatabaseTransaction, n: NovaNotificacao): Promise<number | null> {
    const row = await trx
      .insertInto('notificacoes')
      .values({
        utilizador_id: n.utilizadorId,
        titulo: n.titulo,
        texto: sanitizeHtml(n.texto),
        ligacao: n.ligacao && LIGACAO_DA_APP.test(n.ligacao) ? n.ligacao : null,
        chave: n.chave ?? null,
        campanha_id: n.campanhaId ?? null,
        criada_em: isoNow(clock),
      })
      .onConflict((oc) => oc.columns(['utilizador_id', 'chave']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (row && push) await push.enfileirar(trx, row.id, n.utilizadorId)
    return row?.id ?? null
  }

  const anunciar = (utilizadorId: number | null) =>
    bus.publish(utilizadorId === null ? canais.todos : canais.utilizador(utilizadorId), NOTIFICACOES_ALTERADAS)

  /**
   * One notification on its own (the operators' command, the reminders), and its open screens told. `registar`: what
   * must be written with it, in its transaction (the command's audit entry).
   */
  async function enviar(
    n: NovaNotificacao,
    registar?: (trx: DatabaseTransaction, id: number) => Promise<void>,
  ): Promise<number | null> {
    const id = await db.transaction().execute(async (trx) => {
      const escrita = await escrever(trx, n)
      if (escrita !== null) await registar?.(trx, escrita)
      return escrita
    })
    if (id === null) return id
    anunciar(n.utilizadorId)
    // Its devices get it now rather than at the next outbox round, which resumes the fan-out if this one stops.
    if (n.utilizadorId === null) await push?.difundir()
    return id
  }

  /**
   * A message composed in the back-office starts going out: `reclamar` (the composer's claim of its message, a
   * conditional update) and the mark its writing starts from, in one transaction; false when the claim found it
   * already sent. `escreverCampanha` then writes it.
   */
  async function iniciarCampanha(
    campanhaId: number,
    reclamar: (trx: DatabaseTransaction) => Promise<boolean>,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await reclamar(trx))) return false
      await trx
        .insertInto('campanhas_escrita')
        .values({ campanha_id: campanhaId, criada_em: isoNow(clock) })
        .onConflict((oc) => oc.column('campanha_id').doNothing())
        .execute()
      return true
    })
  }

  /**
   * Writes a composed message to its audience, with push to their devices through the outbox, `LOTE_CAMPANHA`
   * customers per transaction from the mark its writing got to (lotes.ts, as the fan-out to the devices): the app's
   * other writes go on between batches, and a stop midway is resumed by the next call (`campanhasPorEscrever`).
   * `destinatarios`: who it is for after the mark, read in the batch's transaction, so a consent withdrawn before
   * the batch is honoured; `contar`: the composer's count of what each batch wrote, in the batch's transaction. Each
   * notification is keyed by the message, so none is written twice. After each batch its open screens are told.
   */
  async function escreverCampanha(
    campanhaId: number,
    n: { titulo: string; texto: string; ligacao: string | null },
    fonte: {
      destinatarios(trx: DatabaseTransaction, depoisDe: number, limite: number): Promise<number[]>
      contar(trx: DatabaseTransaction, escritas: number): Promise<void>
    },
    maxLotes?: number,
  ): Promise<{ escritas: number; acabou: boolean }> {
    return porLotes(
      db,
      {
        lote: loteCampanha,
        proxima: async () => {
          const r = await db
            .selectFrom('campanhas_escrita')
            .select('escritas_ate')
            .where('campanha_id', '=', campanhaId)
            .executeTakeFirst()
          return r && { ate: r.escritas_ate }
        },
        seguintes: (trx, marca) => fonte.destinatarios(trx, marca.ate, loteCampanha),
        mover: async (trx, marca, para) => {
          const r =
            para === null
              ? (
                  await trx
                    .deleteFrom('campanhas_escrita')
                    .where('campanha_id', '=', campanhaId)
                    .where('escritas_ate', '=', marca.ate)
                    .executeTakeFirst()
                ).numDeletedRows
              : (
                  await trx
                    .updateTable('campanhas_escrita')
                    .set({ escritas_ate: para })
                    .where('campanha_id', '=', campanhaId)
                    .where('escritas_ate', '=', marca.ate)
                    .executeTakeFirst()
                ).numUpdatedRows
          return r > 0n
        },
        escrever: async (trx, _marca, ids) => {
          let total = 0
          for (const utilizadorId of ids) {
            const id = await escrever(trx, { utilizadorId, ...n, chave: `campanha-${campanhaId}`, campanhaId })
            if (id !== null) total++
          }
          await fonte.contar(trx, total)
          return total
        },
        depois: (_marca, ids) => {
          for (const utilizadorId of ids) anunciar(utilizadorId)
        },
      },
      maxLotes,
    )
  }

  /** The composed messages whose writing is still under way (stopped midway), oldest first. */
  async function campanhasPorEscrever(): Promise<number[]> {
    const rows = await db.selectFrom('campanhas_escrita').select('campanha_id').orderBy('campanha_id').execute()
    return rows.map((r) => r.campanha_id)
  }

  /** How a composed message went out (the back-office's delivery counts). */
  async function entregaDaCampanha(campanhaId: number): Promise<EntregaCampanha> {
    const rows = await db
      .selectFrom('notificacoes')
      .select(['id', 'utilizador_id', 'push_enviados', 'push_falhados'])
      .where('campanha_id', '=', campanhaId)
      .execute()
    const lidasAte = await conta.audiencia.notificacoesLidasAteDe(
      rows.flatMap((r) => (r.utilizador_id === null ? [] : [r.utilizador_id])),
    )
    return {
      destinatarios: rows.length,
      push_enviados: rows.reduce((s, r) => s + r.push_enviados, 0),
      push_falhados: rows.reduce((s, r) => s + r.push_falhados, 0),
      lidas: rows.filter((r) => r.utilizador_id !== null && r.id <= (lidasAte.get(r.utilizador_id) ?? 0)).length,
    }
  }

  return {
    escrever,
    enviar,
    iniciarCampanha,
    escreverCampanha,
    campanhasPorEscrever,
    entregaDaCampanha,
    direitos: createDireitosNotificacoes(db),
    metricas: createMetricasNotificacoes(db, clock),

    /** The customer's (theirs and everyone's), newest first; a guest's: everyone's, none read (the device knows). */
    async listar(utilizadorId: number | null): Promise<Notificacao[]> {
      let query = db
        .selectFrom('notificacoes')
        .select(['id', 'titulo', 'texto', 'ligacao', 'criada_em'])
        .orderBy('id', 'desc')
        .limit(NOTIFICACOES_LISTADAS)
      query =
        utilizadorId === null
          ? query.where('utilizador_id', 'is', null)
          : query.where((eb) => eb.or([eb('utilizador_id', '=', utilizadorId), eb('utilizador_id', 'is', null)]))
      const [rows, lidasAte] = await Promise.all([
        query.execute(),
        utilizadorId === null ? Promise.resolve(Number.POSITIVE_INFINITY) : conta.notificacoesLidasAte(utilizadorId),
      ])
      return rows.map((r) => ({
        id: r.id,
        timestamp: Math.floor(Date.parse(r.criada_em) / 1000),
        titulo: r.titulo,
        texto: r.texto,
        read: utilizadorId === null ? false : r.id <= lidasAte,
        ligacao: r.ligacao,
      }))
    },

    /**
     * Everything up to `ate` is read (the screen was left). Never beyond the newest the customer may see (a crafted
     * `ate` cannot mark tomorrow's as read), never backwards; the customer's other screens are told.
     */
    async marcarLidas(utilizadorId: number, ate: number): Promise<void> {
      const newest = await db
        .selectFrom('notificacoes')
        .select((eb) => eb.fn.max('id').as('id'))
        .where((eb) => eb.or([eb('utilizador_id', '=', utilizadorId), eb('utilizador_id', 'is', null)]))
        .executeTakeFirst()
      const mark = Math.min(ate, Number(newest?.id ?? 0))
      if (await conta.marcarNotificacoesLidas(utilizadorId, mark)) anunciar(utilizadorId)
    },

    /**
     * Tells this process's open screens of the notifications written after `depoisDe`, by whichever process wrote
     * them, and answers the newest id it has seen; with `null`, only that id (where to start). On SQLite the bus is
     * this process's own, so one written by another process (`npm run notify`) would otherwise reach no open screen.
     */
    async anunciarEscritasDepoisDe(depoisDe: number | null): Promise<number> {
      if (depoisDe === null) {
        const newest = await db
          .selectFrom('notificacoes')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
        return Number(newest?.id ?? 0)
      }
      const rows = await db
        .selectFrom('notificacoes')
        .select(['id', 'utilizador_id'])
        .where('id', '>', depoisDe)
        .orderBy('id')
        .limit(NOVAS_POR_RONDA)
        .execute()
      for (const utilizadorId of new Set(rows.map((r) => r.utilizador_id))) anunciar(utilizadorId)
      return rows.at(-1)?.id ?? depoisDe
    },

    /** Housekeeping: a provisional account is told 7 days and 1 day before it lapses, once each. */
    async lembrarProvisorios(): Promise<number> {
      let enviadas = 0
      for (const lembrete of LEMBRETES_PROVISORIO) {
        for (const utilizadorId of await provisoriosAExpirar(lembrete.dias)) {
          const id = await enviar({
            utilizadorId,
            chave: lembrete.chave,
            titulo: lembrete.titulo,
            texto: `<p>Complete o seu registo na app para manter o saldo e os pontos que já ganhou. Sem registo, a conta termina ${lembrete.dias === 1 ? 'amanhã' : `dentro de ${lembrete.dias} dias`} (${provisionalDays} dias depois de criada na loja).</p>`,
            ligacao: '/alterar-dados-pessoais',
          })
          if (id !== null) enviadas++
        }
      }
      return enviadas
    },
  }
}

export type NotificacoesService = ReturnType<typeof createNotificacoesService>
