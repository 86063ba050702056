import type { FastifyBaseLogger } from 'fastify'
import { type Clock, isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { PushSender } from '../../platform/web-push.ts'

/** A customer's devices that may receive pushes; past this, the oldest is let go (a phone replaced many times). */
export const SUBSCRICOES_POR_CLIENTE = 10
/** Sends tried this many times (30 s, 1, 2, 4 min apart) before they are given up. */
export const PUSH_TENTATIVAS = 5
/** How long a push service keeps a message for a device that is off: a notification older than a day is old news. */
const TTL_SECONDS = 24 * 3600
/** A process sending a message holds it this long; if it dies, another sends it after. */
const RECLAMACAO_MS = MINUTE
/**
 * The outbox's limits: sends in flight at once (a slow push service, up to its 10 s timeout, holds one of them up,
 * not the others); sends claimed at a time (three rounds of the senders: a claim waits at most ~30 s for its turn,
 * well within its minute); how much one call goes on taking, in claims and in time (the next call, 2 s later,
 * takes the rest); and the devices a notification for everyone is queued for per transaction (a few milliseconds of
 * the write lock each, so that the app's other writes go on between them).
 */
export const PUSH_LIMITES = { concorrencia: 10, lote: 30, lotesPorVez: 20, duracaoMs: 20_000, loteDifusao: 500 }
/** The push service will never take another message for this device: gone (404, 410), or unreadable (400). */
const DISPOSITIVO_PERDIDO = new Set([400, 404, 410])
/**
 * Refused for its signature: a subscription made with another VAPID key than ours (after a key change: autopush says
 * 401, FCM 403), which the browser replaces when the customer next opens the app. But the same answers come for the
 * server's own faults (a bad VAPID subject, a clock a day off), and then for every device: so a device is let go for
 * them only when another send of the same pass went through; when none did, the sends are retried and the devices kept.
 */
const ASSINATURA_RECUSADA = new Set([401, 403])

/** A claimed send, with what it takes to send it. */
interface Devido {
  id: number
  tentativas: number
  revogada_em: string | null
  expira_em: string
  subscricao_id: number
  endpoint: string
  p256dh: string
  auth: string
  notificacao_id: number
  titulo: string
  texto: string
  ligacao: string | null
  /** When it was claimed (the session's expiry is checked against it). */
  agora: string
}

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

const paraTexto = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Web Push for notifications (issue 11): the customer's devices, and an outbox that sends each notification to each of
 * them outside any request, retried with backoff, safe with several processes (a send is claimed before it is made).
 */
export function createPushService({ db, clock, sender, endpointsLocais, log, limites }: PushDeps) {
  const { concorrencia, lote, lotesPorVez, duracaoMs, loteDifusao } = { ...PUSH_LIMITES, ...limites }
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
      .innerJoin('sessoes as s', 's.id', 'p.sessao_id')
      .select('p.id')
      .where('s.revogada_em', 'is', null)
      .where('s.expira_em', '>', agora)
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
   * round, which resumes where it stopped. Answers how many sends were queued.
   */
  async function difundir(): Promise<number> {
    if (!sender) return 0
    let enfileirados = 0
    try {
      for (;;) {
        // Read outside the transaction: an outbox round with nothing to fan out takes no write lock. The batch below
        // moves the mark only from where it was read here, so a stale read queues nothing twice.
        const difusao = await db
          .selectFrom('push_difusoes')
          .selectAll()
          .orderBy('notificacao_id')
          .limit(1)
          .executeTakeFirst()
        if (!difusao) return enfileirados
        enfileirados += await db.transaction().execute(async (trx) => {
          const agora = isoNow(clock)
          const ids = (
            await dispositivos(trx, agora)
              .where('p.id', '>', difusao.enfileiradas_ate)
              .where('p.id', '<=', difusao.subscricoes_ate)
              .limit(loteDifusao)
              .execute()
          ).map((r) => r.id)
          const ultima = ids.at(-1)
          const acabou = ultima === undefined || ids.length < loteDifusao || ultima >= difusao.subscricoes_ate
          const daqui = { notificacao_id: difusao.notificacao_id, enfileiradas_ate: difusao.enfileiradas_ate }
          const movida = acabou
            ? (
                await trx
                  .deleteFrom('push_difusoes')
                  .where('notificacao_id', '=', daqui.notificacao_id)
                  .where('enfileiradas_ate', '=', daqui.enfileiradas_ate)
                  .executeTakeFirst()
              ).numDeletedRows
            : (
                await trx
                  .updateTable('push_difusoes')
                  .set({ enfileiradas_ate: ultima })
                  .where('notificacao_id', '=', daqui.notificacao_id)
                  .where('enfileiradas_ate', '=', daqui.enfileiradas_ate)
                  .executeTakeFirst()
              ).numUpdatedRows
          if (movida === 0n) return 0
          return enfileirarPara(trx, difusao.notificacao_id, ids, agora)
        })
      }
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

  /**
   * Claims up to `n` due sends, a customer's own first, then the oldest: moves them a minute ahead, only if they are
   * still due (so another process claiming at the same time gets the others). Answers those claimed and how many were
   * due (fewer than `n`: nothing more is waiting).
   */
  async function reclamar(n: number): Promise<{ reclamados: Devido[]; vistos: number }> {
    const agora = isoNow(clock)
    // Two reads, each in the order of the sends' ids (an index's, not a sort of everything due): a customer's own,
    // then the broadcasts' in what room is left.
    const devidosDe = (paraTodos: boolean, limite: number) =>
      db
        .selectFrom('push_envios as e')
        .innerJoin('push_subscricoes as s', 's.id', 'e.subscricao_id')
        .innerJoin('notificacoes as n', 'n.id', 'e.notificacao_id')
        .innerJoin('sessoes as ss', 'ss.id', 's.sessao_id')
        .select([
          'ss.revogada_em',
          'ss.expira_em',
          'e.id',
          'e.tentativas',
          's.id as subscricao_id',
          's.endpoint',
          's.p256dh',
          's.auth',
          'n.id as notificacao_id',
          'n.titulo',
          'n.texto',
          'n.ligacao',
        ])
        .where('e.proxima_em', '<=', agora)
        .where('n.utilizador_id', paraTodos ? 'is' : 'is not', null)
        .orderBy('e.id')
        .limit(limite)
        .execute()
    const proprios = await devidosDe(false, n)
    const devidos = proprios.length < n ? [...proprios, ...(await devidosDe(true, n - proprios.length))] : proprios
    if (devidos.length === 0) return { reclamados: [], vistos: 0 }
    const claimed = await db
      .updateTable('push_envios')
      .set({ proxima_em: isoIn(clock, RECLAMACAO_MS) })
      .where(
        'id',
        'in',
        devidos.map((d) => d.id),
      )
      .where('proxima_em', '<=', agora)
      .returning('id')
      .execute()
    const ids = new Set(claimed.map((r) => r.id))
    return { reclamados: devidos.filter((d) => ids.has(d.id)).map((d) => ({ ...d, agora })), vistos: devidos.length }
  }

  /** Another try later for a send that may yet go through (with the attempts left), or it is given up. */
  async function adiar(d: Devido, erro: string): Promise<void> {
    if (d.tentativas + 1 < PUSH_TENTATIVAS) {
      await db
        .updateTable('push_envios')
        .set({ tentativas: d.tentativas + 1, proxima_em: isoIn(clock, 30_000 * 2 ** d.tentativas), erro })
        .where('id', '=', d.id)
        .execute()
      return
    }
    log.error({ envio: d.id, erro, tentativas: d.tentativas + 1 }, 'push given up')
    await db.deleteFrom('push_envios').where('id', '=', d.id).execute()
  }

  /**
   * Sends one claimed message and settles it: 'enviado' when the push service took it, 'assinatura' when it refused
   * the signature (settled by the pass: ASSINATURA_RECUSADA).
   */
  async function enviarUm(d: Devido): Promise<'enviado' | 'assinatura' | 'falhou'> {
    if (!sender) return 'falhou'
    if (d.revogada_em !== null || d.expira_em <= d.agora) {
      // Signed out (or ended elsewhere) since it was queued: the device is no longer this customer's to tell.
      await apagar(db, [d.subscricao_id])
      return 'falhou'
    }
    const payload = JSON.stringify({
      id: d.notificacao_id,
      titulo: d.titulo,
      texto: paraTexto(d.texto).slice(0, 300),
      ligacao: d.ligacao ?? '/notificacoes',
    })
    let status: number
    try {
      status = await sender.enviar({ endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth }, payload, TTL_SECONDS)
    } catch (error) {
      status = 0
      log.warn({ err: (error as Error).message, envio: d.id }, 'push send failed')
    }
    if (status >= 200 && status < 300) {
      await db.deleteFrom('push_envios').where('id', '=', d.id).execute()
      return 'enviado'
    }
    if (ASSINATURA_RECUSADA.has(status)) return 'assinatura'
    if (DISPOSITIVO_PERDIDO.has(status)) {
      // It will never take another: kept, it would fail every later one too.
      if (status === 400) log.warn({ envio: d.id, status }, 'push refused for good: device let go')
      await apagar(db, [d.subscricao_id])
    } else if (status === 0 || status === 429 || status >= 500) {
      await adiar(d, status === 0 ? 'sem resposta' : `HTTP ${status}`)
    } else {
      log.error({ envio: d.id, status, tentativas: d.tentativas + 1 }, 'push given up')
      await db.deleteFrom('push_envios').where('id', '=', d.id).execute()
    }
    return 'falhou'
  }

  return {
    ativo: sender !== null,
    subscrever,

    /** Housekeeping: devices whose session ended (signed out, expired, ended elsewhere) are let go. */
    async purgar(): Promise<void> {
      const agora = isoNow(clock)
      const mortas = await db
        .selectFrom('push_subscricoes as p')
        .innerJoin('sessoes as s', 's.id', 'p.sessao_id')
        .select('p.id')
        .where((eb) => eb.or([eb('s.revogada_em', 'is not', null), eb('s.expira_em', '<=', agora)]))
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
    async seguirSessao(ex: Database, { de, para, utilizadorId }: { de: number; para: number; utilizadorId: number }) {
      await ex
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

    /**
     * The outbox: what is due is claimed (a conditional update, so two processes never send the same one), sent by
     * `concorrencia` senders at once, and then deleted; a device gone or refused for good (400/401/403/404/410) is
     * forgotten; a failure waits 30 s, 1, 2, 4 minutes. A customer's own ("O seu pedido está pronto") go before those
     * for everyone, whose thousands would otherwise hold it up. It goes on while there is more due, up to
     * `lotesPorVez` claims or `duracaoMs`. Answers how many were sent.
     */
    async despachar(): Promise<number> {
      if (!sender) return 0
      // A fan-out to everyone that its sender did not finish (it stopped, or failed midway) is resumed first.
      await difundir()
      const comeco = performance.now()
      const fila: Devido[] = []
      let esgotado = false
      let lotes = 0
      let falha: unknown
      let aReclamar: Promise<void> | null = null
      const reclamarMais = async () => {
        if (lotes >= lotesPorVez || performance.now() - comeco > duracaoMs) {
          esgotado = true
          return
        }
        lotes++
        try {
          const { reclamados, vistos } = await reclamar(lote)
          fila.push(...reclamados)
          if (vistos < lote) esgotado = true
        } catch (error) {
          falha = error
          esgotado = true
        }
      }
      const proximo = async (): Promise<Devido | undefined> => {
        while (fila.length === 0 && !esgotado) {
          aReclamar ??= reclamarMais().finally(() => {
            aReclamar = null
          })
          await aReclamar
        }
        return fila.shift()
      }
      let enviados = 0
      const recusados: Devido[] = []
      const remetente = async () => {
        for (let d = await proximo(); d; d = await proximo()) {
          try {
            const resultado = await enviarUm(d)
            if (resultado === 'enviado') enviados++
            if (resultado === 'assinatura') recusados.push(d)
          } catch (error) {
            log.error({ err: (error as Error).message, envio: d.id }, 'push outbox write failed')
          }
        }
      }
      await Promise.all(Array.from({ length: concorrencia }, remetente))
      if (recusados.length > 0) {
        try {
          if (enviados > 0) {
            log.warn(
              { envios: recusados.map((d) => d.id) },
              'push signature refused (another VAPID key): devices let go',
            )
            await apagar(
              db,
              recusados.map((d) => d.subscricao_id),
            )
          } else {
            log.error(
              { envios: recusados.map((d) => d.id) },
              'every push of the pass refused its signature (401/403): check VAPID keys, VAPID_SUBJECT and the clock; devices kept, sends retried',
            )
            for (const d of recusados) await adiar(d, 'assinatura recusada')
          }
        } catch (error) {
          log.error({ err: (error as Error).message }, 'push outbox write failed')
        }
      }
      if (falha) throw falha
      return enviados
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
