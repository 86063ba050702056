import type { FastifyBaseLogger } from 'fastify'
import { type Clock, isoNow } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import { sessaoAtivaEm } from '../../platform/sessions.ts'
import type { PushSender } from '../../platform/web-push.ts'
import { porLotes } from './lotes.ts'
import { createPushOutbox } from './push-outbox.ts'

export { PUSH_TENTATIVAS } from './push-outbox.ts'

/** A customer's devices that may receive pushes; past this, the oldest is let go (a phone replaced many times). */
export const SUBSCRICOES_POR_CLIENTE = 10
/**
 * The outbox's limits: sends in flight at once (a slow push service, up to its 10 s timeout, holds one of them up,
 * not the others); sends claimed at a time (three rounds of the senders: a claim waits at most ~30 s for its turn,
 * well within its minute); how much one call goes on taking, in claims and in time (the next call, 2 s later,
 * takes the rest); and the devices a notification for everyone is queued for per transaction (a few milliseconds of
 * the write lock each, so that the app's other writes go on between them).
 */
export const PUSH_LIMITES = { concorrencia: 10, lote: 30, lotesPorVez: 20, duracaoMs: 20_000, loteDifusao: 500 }

export interface Subscricao {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushDeps {
  db: Database
  clock: Clock
  /** null: Web Push is off (no VAPID keys in production). */
  sender: PushSender | null
  /** Endpoints over http or on this machine (tests' local push service); never in production. */
  endpointsLocais: boolean
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  /** The outbox's limits (tests make them small). */
  limites?: Partial<typeof PUSH_LIMITES>
}

/**
 * The browsers' push services (Chrome and Android's FCM, Firefox's autopush, Edge's WNS, Safari's APNs web push): the
 * only hosts the server will POST to for a device. An allow-list, since a name outside it could resolve anywhere,
 * this machine and the network behind it included.
 */
export const SERVICOS_PUSH = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
]

/**
 * The endpoints `endpointAceite` takes in production, as the pattern the OpenAPI document states (from the same list):
 * https, a host that is one of SERVICOS_PUSH or under it (labels of letters, digits and single hyphens), port 443 at
 * most said, then a path of printable ASCII.
 */
export const ENDPOINT_PUSH_PATTERN = (() => {
  const hosts = SERVICOS_PUSH.map((s) => s.replaceAll('.', '\\.')).join('|')
  return `^https://(?:[a-z0-9]+(?:-[a-z0-9]+)*\\.)*(?:${hosts})(?::443)?/[\\x21-\\x7e]*$`
})()

/**
 * The server POSTs to the endpoint a browser hands it: only https, to a browser vendor's push service, unless the
 * tests' local push service (on this machine) is allowed.
 */
export function endpointAceite(endpoint: string, locais: boolean): boolean {
  // Printable ASCII only: WHATWG URL parsing drops tabs and newlines that the sending library's older parser would
  // end the host at (https://10.0.0.5<TAB>.fcm.googleapis.com), so both must read the same text.
  if (!/^[\x21-\x7e]+$/.test(endpoint)) return false
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  if (locais) return true
  const host = url.hostname.toLowerCase()
  return (url.port === '' || url.port === '443') && SERVICOS_PUSH.some((s) => host === s || host.endsWith(`.${s}`))
}

/**
 * Web Push for notifications: the customer's devices, and an outbox that sends each notification to each of
 * them outside any request, retried with backoff, safe with several processes (a send is claimed before it is made).
 */
export function createPushService({ db, clock, sender, endpointsLocais, log, limites }: PushDeps) {
  const { loteDifusao, ...limitesDoEnvio } = { ...PUSH_LIMITES, ...limites }
  async function subscrever(utilizadorId: number, sessaoId: number, s: Subscricao): Promise<void> {
    if (!sender) throw new HttpError(503, 'As notificações no dispositivo não estão disponíveis.', 'Indisponível')
    if (!endpointAceite(s.endpoint, endpointsLocais)) {
      throw new HttpError(400, 'Endereço de notificações inválido.', 'Pedido inválido', {
        endpoint: 'Endereço de notificações inválido.',
      })
    }
    // Kept as the URL parser reads it: what is checked is what is sent to.
    const endpoint = new URL(s.endpoint).href
    await db.transaction().execute(async (trx) => {
      const antes = await trx
        .selectFrom('push_subscricoes')
        .select(['id', 'utilizador_id'])
        .where('endpoint', '=', endpoint)
        .executeTakeFirst()
      // The same browser signed in as someone else now gets that person's notifications, never the other's: not
      // even those still waiting to be sent.
      if (antes && antes.utilizador_id !== utilizadorId) {
        await trx.deleteFrom('push_envios').where('subscricao_id', '=', antes.id).execute()
      }
      await trx
        .insertInto('push_subscricoes')
        .values({
          utilizador_id: utilizadorId,
          sessao_id: sessaoId,
          endpoint,
          ...s.keys,
          criada_em: isoNow(clock),
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            utilizador_id: utilizadorId,
            sessao_id: sessaoId,
            p256dh: s.keys.p256dh,
            auth: s.keys.auth,
          }),
        )
        .execute()
      const todas = await trx
        .selectFrom('push_subscricoes')
        .select('id')
        .where('utilizador_id', '=', utilizadorId)
        .orderBy('id', 'desc')
        .execute()
      const aMais = todas.slice(SUBSCRICOES_POR_CLIENTE).map((r) => r.id)
      if (aMais.length > 0) await apagar(trx, aMais)
    })
  }

  /**
   * Devices whose session is still good, in id order: a signed-out phone, or one whose session was ended (a password
   * changed after a theft), gets nothing more.
   */
  const dispositivos = (ex: Database, agora: string) =>
    ex
      .selectFrom('push_subscricoes as p')
      .select('p.id')
      .where((eb) => sessaoAtivaEm(eb.ref('p.sessao_id'), agora))
      .orderBy('p.id')

  /** One send of the notification per device; one already queued is left as it is. Answers how many were queued. */
  async function enfileirarPara(ex: Database, notificacaoId: number, subscricoes: number[], agora: string) {
    if (subscricoes.length === 0) return 0
    const { numInsertedOrUpdatedRows } = await ex
      .insertInto('push_envios')
      .values(
        subscricoes.map((subscricao_id) => ({
          subscricao_id,
          notificacao_id: notificacaoId,
          proxima_em: agora,
          criado_em: agora,
        })),
      )
      .onConflict((oc) => oc.columns(['subscricao_id', 'notificacao_id']).doNothing())
      .executeTakeFirst()
    return Number(numInsertedOrUpdatedRows ?? 0)
  }

  /**
   * Queues the notifications for everyone still being fanned out, `loteDifusao` devices per transaction, so that no
   * transaction holds the write lock for all of them. Each batch moves its fan-out's mark in its own transaction, and
   * only from where it read it (a process that read the same mark moves nothing and reads again): several processes,
   * or one resuming after a stop midway, queue each device once. A failure is logged and left to the next outbox
   * round, which resumes where it stopped (lotes.ts, as a composed message's writing). Answers how many sends were
   * queued.
   */
  async function difundir(): Promise<number> {
    if (!sender) return 0
    let enfileirados = 0
    try {
      const { escritas } = await porLotes(db, {
        lote: loteDifusao,
        proxima: async () => {
          const difusao = await db
            .selectFrom('push_difusoes')
            .selectAll()
            .orderBy('notificacao_id')
            .limit(1)
            .executeTakeFirst()
          return difusao && { ...difusao, ate: difusao.enfileiradas_ate }
        },
        seguintes: async (trx, difusao) =>
          (
            await dispositivos(trx, isoNow(clock))
              .where('p.id', '>', difusao.ate)
              .where('p.id', '<=', difusao.subscricoes_ate)
              .limit(loteDifusao)
              .execute()
          ).map((r) => r.id),
        ultima: (difusao) => difusao.subscricoes_ate,
        mover: async (trx, difusao, para) => {
          const r =
            para === null
              ? (
                  await trx
                    .deleteFrom('push_difusoes')
                    .where('notificacao_id', '=', difusao.notificacao_id)
                    .where('enfileiradas_ate', '=', difusao.ate)
                    .executeTakeFirst()
                ).numDeletedRows
              : (
                  await trx
                    .updateTable('push_difusoes')
                    .set({ enfileiradas_ate: para })
                    .where('notificacao_id', '=', difusao.notificacao_id)
                    .where('enfileiradas_ate', '=', difusao.ate)
                    .executeTakeFirst()
                ).numUpdatedRows
          return r > 0n
        },
        escrever: async (trx, difusao, ids) => {
          const n = await enfileirarPara(trx, difusao.notificacao_id, ids, isoNow(clock))
          enfileirados += n
          return n
        },
      })
      return escritas
    } catch (error) {
      log.error(
        { err: (error as Error).message, enfileirados },
        'push fan-out stopped: the next outbox round resumes it',
      )
      return enfileirados
    }
  }

  async function apagar(ex: Database, ids: number[]): Promise<void> {
    await ex.deleteFrom('push_envios').where('subscricao_id', 'in', ids).execute()
    await ex.deleteFrom('push_subscricoes').where('id', 'in', ids).execute()
  }

  return {
    ativo: sender !== null,
    subscrever,

    /** Housekeeping: devices whose session ended (signed out, expired, ended elsewhere) are let go. */
    async purgar(): Promise<void> {
      const agora = isoNow(clock)
      // Every subscription has its session row (deleting a session deletes its subscriptions).
      const mortas = await db
        .selectFrom('push_subscricoes as p')
        .select('p.id')
        .where((eb) => eb.not(sessaoAtivaEm(eb.ref('p.sessao_id'), agora)))
        .execute()
      if (mortas.length > 0)
        await apagar(
          db,
          mortas.map((r) => r.id),
        )
    },

    /**
     * The device's session was renewed for the same customer (a phone change): its subscriptions go with it, in the
     * renewal's transaction, or they would belong to a session that has ended and get nothing more.
     */
    async seguirSessao(
      trx: DatabaseTransaction,
      { de, para, utilizadorId }: { de: number; para: number; utilizadorId: number },
    ) {
      await trx
        .updateTable('push_subscricoes')
        .set({ sessao_id: para })
        .where('sessao_id', '=', de)
        .where('utilizador_id', '=', utilizadorId)
        .execute()
    },

    /** The device no longer wants them (or signs out): only the customer's own subscription. */
    async cancelar(utilizadorId: number, endpoint: string): Promise<void> {
      const rows = await db
        .selectFrom('push_subscricoes')
        .select('id')
        .where('endpoint', '=', URL.canParse(endpoint) ? new URL(endpoint).href : endpoint)
        .where('utilizador_id', '=', utilizadorId)
        .execute()
      if (rows.length > 0)
        await apagar(
          db,
          rows.map((r) => r.id),
        )
    },

    /**
     * In the notification's own transaction: one send per device of the customer's (a handful). One for everyone is
     * only recorded as a fan-out to make, up to the newest device now; `difundir` queues it after the commit.
     */
    async enfileirar(ex: Database, notificacaoId: number, utilizadorId: number | null): Promise<void> {
      if (!sender) return
      const agora = isoNow(clock)
      if (utilizadorId !== null) {
        const ids = await dispositivos(ex, agora).where('p.utilizador_id', '=', utilizadorId).execute()
        await enfileirarPara(
          ex,
          notificacaoId,
          ids.map((r) => r.id),
          agora,
        )
        return
      }
      const ultima = await ex
        .selectFrom('push_subscricoes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
      const subscricoesAte = Number(ultima?.id ?? 0)
      if (subscricoesAte === 0) return
      await ex
        .insertInto('push_difusoes')
        .values({ notificacao_id: notificacaoId, subscricoes_ate: subscricoesAte, criada_em: agora })
        .onConflict((oc) => oc.column('notificacao_id').doNothing())
        .execute()
    },

    difundir,

    despachar: createPushOutbox({ db, clock, sender, log, limites: limitesDoEnvio, apagar, difundir }).despachar,
  }
}

export type PushService = ReturnType<typeof createPushService>
