import type { FastifyBaseLogger } from 'fastify'
import type { SqlBool } from 'kysely'
import { type Clock, isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { createOutboxLease } from '../../platform/outbox-lease.ts'
import { sessaoAtivaEm } from '../../platform/sessions.ts'
import type { PushSender } from '../../platform/web-push.ts'

/** Sends tried this many times (30 s, 1, 2, 4 min apart) before they are given up. */
export const PUSH_TENTATIVAS = 5
/** How long a push service keeps a message for a device that is off: a notification older than a day is old news. */
const TTL_SECONDS = 24 * 3600
/** A process sending a message holds it this long; if it dies, another sends it after. */
const RECLAMACAO_MS = MINUTE
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
  /** Its device's session was still good when it was claimed. */
  sessao_ativa: SqlBool
  subscricao_id: number
  endpoint: string
  p256dh: string
  auth: string
  notificacao_id: number
  titulo: string
  texto: string
  ligacao: string | null
  /** The end of the lease this process wrote: the send is settled only while it is still its own. */
  ate: string
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

export interface PushOutboxDeps {
  db: Database
  clock: Clock
  sender: PushSender | null
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  limites: { concorrencia: number; lote: number; lotesPorVez: number; duracaoMs: number }
  /** Lets devices go, with whatever was still to be sent to them. */
  apagar(ex: Database, subscricoes: number[]): Promise<void>
  /** Queues what fan-outs to everyone are still to queue (push.ts). */
  difundir(): Promise<number>
}

/**
 * The push outbox: sends claimed by one process at a time, made by a few senders at once, retried with backoff, and
 * settled by what the push service answered, only while the claim is still the sender's: the claim, lease and settle
 * it shares with the e-mail outbox (platform/outbox-lease.ts).
 */
export function createPushOutbox({ db, clock, sender, log, limites, apagar, difundir }: PushOutboxDeps) {
  const { concorrencia, lote, lotesPorVez, duracaoMs } = limites
  const arrendamento = createOutboxLease(db, clock, 'push_envios', RECLAMACAO_MS)

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
        .select((eb) => [
          sessaoAtivaEm(eb.ref('s.sessao_id'), agora).as('sessao_ativa'),
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
    const { ate, reclamados } = await arrendamento.reclamar(devidos.map((d) => d.id))
    return {
      reclamados: devidos.filter((d) => reclamados.has(d.id)).map((d) => ({ ...d, ate })),
      vistos: devidos.length,
    }
  }

  /** Counts a notification's push as taken or given up (the back-office's delivery counts). */
  async function contar(
    trx: DatabaseTransaction,
    d: Devido,
    resultado: 'push_enviados' | 'push_falhados',
  ): Promise<void> {
    await trx
      .updateTable('notificacoes')
      .set((eb) => ({ [resultado]: eb(resultado, '+', 1) }))
      .where('id', '=', d.notificacao_id)
      .execute()
  }

  /** The send is done with (sent or given up): gone from the outbox and counted, while the claim is still ours. */
  const encerrar = (d: Devido, resultado: 'push_enviados' | 'push_falhados') =>
    arrendamento.liquidar(d, async (trx) => {
      await trx.deleteFrom('push_envios').where('id', '=', d.id).execute()
      await contar(trx, d, resultado)
    })

  /** The device will take nothing more: let go (with what was still to be sent to it), and this send counted failed. */
  const largar = (d: Devido) =>
    arrendamento.liquidar(d, async (trx) => {
      await apagar(trx, [d.subscricao_id])
      await contar(trx, d, 'push_falhados')
    })

  /** Another try later for a send that may yet go through (with the attempts left), or it is given up. */
  async function adiar(d: Devido, erro: string): Promise<void> {
    if (d.tentativas + 1 < PUSH_TENTATIVAS) {
      await arrendamento.liquidar(d, async (trx) => {
        await trx
          .updateTable('push_envios')
          .set({ tentativas: d.tentativas + 1, proxima_em: isoIn(clock, 30_000 * 2 ** d.tentativas), erro })
          .where('id', '=', d.id)
          .execute()
      })
      return
    }
    if (await encerrar(d, 'push_falhados'))
      log.error({ envio: d.id, erro, tentativas: d.tentativas + 1 }, 'push given up')
  }

  /**
   * Sends one claimed message and settles it: 'enviado' when the push service took it, 'assinatura' when it refused
   * the signature (settled by the pass: ASSINATURA_RECUSADA).
   */
  async function enviarUm(d: Devido): Promise<'enviado' | 'assinatura' | 'falhou'> {
    if (!sender) return 'falhou'
    if (!d.sessao_ativa) {
      // Signed out (or ended elsewhere) since it was queued: the device is no longer this customer's to tell.
      await largar(d)
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
      // Taken over meanwhile (it outlived its lease): the other sender counts it.
      return (await encerrar(d, 'push_enviados')) ? 'enviado' : 'falhou'
    }
    if (ASSINATURA_RECUSADA.has(status)) return 'assinatura'
    if (DISPOSITIVO_PERDIDO.has(status)) {
      // It will never take another: kept, it would fail every later one too.
      if (status === 400) log.warn({ envio: d.id, status }, 'push refused for good: device let go')
      await largar(d)
    } else if (status === 0 || status === 429 || status >= 500) {
      await adiar(d, status === 0 ? 'sem resposta' : `HTTP ${status}`)
    } else if (await encerrar(d, 'push_falhados')) {
      log.error({ envio: d.id, status, tentativas: d.tentativas + 1 }, 'push given up')
    }
    return 'falhou'
  }

  return {
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
            for (const d of recusados) await largar(d)
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
