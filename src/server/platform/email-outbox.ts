import type { Updateable } from 'kysely'
import type { EmailOutboxTable } from '../db/schema-platform.ts'
import { type Clock, DAY, isoIn, isoNow, MINUTE } from './clock.ts'
import type { Database } from './db.ts'
import { EmailDeliveryError, type EmailLog, type EmailTransport, maskEmail, semDadosPessoais } from './email.ts'
import { createOutboxLease } from './outbox-lease.ts'

/** Attempts before a message is given up: 30 s, 1, 2, 4 minutes apart, so about 8 minutes of an SMTP server's outage. */
export const EMAIL_TENTATIVAS = 5
/** The first wait after a failure; each next one doubles. */
export const EMAIL_ESPERA_MS = 30_000
/**
 * A process sending a message holds it this long; if it dies, another sends it after. Far longer than an SMTP
 * exchange may take (the transport's own limits), so that a slow send is not taken over and sent twice.
 */
export const EMAIL_RECLAMACAO_MS = 5 * MINUTE
/** Sent and given-up rows are kept this long (the development outbox, an operator's question), then purged. */
export const EMAIL_RETENCAO_MS = 7 * DAY
/** Claimed at a time: a batch a process sends before it claims more. */
const LOTE = 20
/** One pass stops claiming after this long; the next round goes on. */
const DURACAO_MS = 20_000

export interface EmailOutboxDeps {
  db: Database
  clock: Clock
  transport: EmailTransport
  log: EmailLog
}

interface Reclamado {
  id: number
  para: string
  assunto: string
  texto: string
  html: string
  tentativas: number
  /** The lease this process wrote: it settles the message only while the lease is still its own. */
  ate: string
}

/**
 * The e-mail outbox: due messages claimed by one process at a time, sent one after another, and settled (sent, retried
 * later with backoff, or given up) only while the claim is still the sender's: the claim, lease and settle it shares
 * with the push outbox (outbox-lease.ts).
 */
export function createEmailOutbox({ db, clock, transport, log }: EmailOutboxDeps) {
  const arrendamento = createOutboxLease(db, clock, 'email_outbox', EMAIL_RECLAMACAO_MS)

  /** Claims up to LOTE due messages. Answers the ones this process got, and how many were due. */
  async function reclamar(): Promise<{ reclamados: Reclamado[]; vistos: number }> {
    const devidos = await db
      .selectFrom('email_outbox')
      .select(['id', 'para', 'assunto', 'texto', 'html', 'tentativas'])
      .where('proxima_em', '<=', isoNow(clock))
      .where('enviado_em', 'is', null)
      .where('desistido_em', 'is', null)
      .orderBy('id')
      .limit(LOTE)
      .execute()
    if (devidos.length === 0) return { reclamados: [], vistos: 0 }
    const { ate, reclamados } = await arrendamento.reclamar(devidos.map((d) => d.id))
    return {
      reclamados: devidos.filter((d) => reclamados.has(d.id)).map((d) => ({ ...d, ate })),
      vistos: devidos.length,
    }
  }

  /** Writes what the send ended in, only while the claim is this process's: one that outlived it was taken over. */
  const liquidar = (m: Reclamado, valores: Updateable<EmailOutboxTable>) =>
    arrendamento.liquidar(m, async (trx) => {
      await trx.updateTable('email_outbox').set(valores).where('id', '=', m.id).execute()
    })

  async function falhou(m: Reclamado, erro: EmailDeliveryError | Error): Promise<void> {
    const permanente = erro instanceof EmailDeliveryError && erro.permanente
    const motivo = erro instanceof EmailDeliveryError ? erro.message : semDadosPessoais(erro.message)
    const tentativas = m.tentativas + 1
    if (!permanente && tentativas < EMAIL_TENTATIVAS) {
      const espera = EMAIL_ESPERA_MS * 2 ** m.tentativas
      if (!(await liquidar(m, { tentativas, proxima_em: isoIn(clock, espera), erro: motivo }))) return
      log.warn(
        { email: m.id, para: maskEmail(m.para), tentativas, esperaMs: espera, erro: motivo },
        'e-mail not sent: retried later',
      )
      return
    }
    if (!(await liquidar(m, { tentativas, desistido_em: isoNow(clock), erro: motivo }))) return
    log.error({ email: m.id, para: maskEmail(m.para), tentativas, erro: motivo }, 'e-mail given up')
  }

  async function enviarUm(m: Reclamado): Promise<boolean> {
    try {
      await transport.send(m)
    } catch (error) {
      await falhou(m, error as Error)
      return false
    }
    const liquidado = await liquidar(m, { enviado_em: isoNow(clock), tentativas: m.tentativas + 1, erro: null })
    if (liquidado) log.info({ email: m.id, para: maskEmail(m.para), transporte: transport.name }, 'e-mail sent')
    else log.warn({ email: m.id, transporte: transport.name }, 'e-mail sent after its claim was taken over')
    return liquidado
  }

  return {
    /**
     * Sends what is due, a claimed batch at a time, while there is more and for at most DURACAO_MS; answers how many
     * were sent. Safe on N processes at once: a message is claimed before it is sent, and settled only under its claim.
     */
    async despachar(): Promise<number> {
      const comeco = performance.now()
      let enviados = 0
      for (;;) {
        const { reclamados, vistos } = await reclamar()
        for (const m of reclamados) {
          try {
            if (await enviarUm(m)) enviados++
          } catch (error) {
            // The database failed after the send: the claim runs out and the message is sent again, once.
            log.error({ email: m.id, err: semDadosPessoais((error as Error).message) }, 'e-mail outbox write failed')
          }
        }
        if (vistos < LOTE || performance.now() - comeco > DURACAO_MS) return enviados
      }
    },

    /** Housekeeping: sent and given-up messages older than EMAIL_RETENCAO_MS, addresses and bodies with them. */
    async purgar(): Promise<void> {
      const antes = new Date(clock.now().getTime() - EMAIL_RETENCAO_MS).toISOString()
      await db.deleteFrom('email_outbox').where('enviado_em', '<', antes).execute()
      await db.deleteFrom('email_outbox').where('desistido_em', '<', antes).execute()
    },
  }
}

export type EmailOutbox = ReturnType<typeof createEmailOutbox>
