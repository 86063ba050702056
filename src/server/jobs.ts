import type { FastifyInstance } from 'fastify'
import { momentoNoFuso } from '../shared/fusos.ts'
import type { Config } from './config.ts'
import { DAY, HOUR, lisbonToday, MINUTE } from './platform/clock.ts'
import { IDEMPOTENCY_TTL_DAYS, purgeIdempotency } from './platform/idempotency.ts'
import { purgeOldLimits } from './platform/rate-limit.ts'
import { EVENTOS_RETENCAO_MS, purgarEventos } from './platform/registo-eventos.ts'
import { sessoesRepo } from './platform/sessions.ts'
import type { Services } from './services.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly jobs, callable by hand (tests, operators). */
    housekeeping(): Promise<void>
    /** Asks the payment provider about every unsettled order (at start and every minute); how many it looked at. */
    reconciliarPagamentos(): Promise<number>
    /** Sends the e-mail outbox's due messages (every few seconds); how many were sent. */
    despacharEmails(): Promise<number>
    /** The retention job (spec §9): ended registrations anonymised a year after, expired GDPR links deleted. */
    reter(): Promise<{ anonimizadas: number }>
    /** Sends the back-office's composed notifications now due (every few seconds); how many went out. */
    despacharNotificacoes(): Promise<number>
    /** Sends the kitchen printers' due tickets (every 2 s); how many printed. */
    despacharImpressoes(): Promise<number>
    /** Sends the wallets' due card updates (every 5 s); how many were delivered. */
    despacharCarteira(): Promise<number>
  }
}

/** How often the push outbox is sent: a notification reaches a phone within a few seconds. */
const PUSH_ROUND_MS = 2_000

/** How often composed notifications are looked for: a scheduled one goes out within seconds of its time. */
const COMPOSTAS_ROUND_MS = 5_000

/** How often the e-mail outbox is sent: nobody waits on an e-mail by the second, and an idle round is one indexed read. */
const EMAIL_ROUND_MS = 5_000

/** How often the kitchen printers' tickets are sent: a paid order prints within seconds; an idle round is one read. */
const IMPRESSOES_ROUND_MS = 2_000

/** How often the wallets' card updates are sent: a purchase reaches the card in a wallet within seconds. */
const CARTEIRA_ROUND_MS = 5_000

/**
 * How often a process on SQLite looks for notifications other processes wrote: one indexed read of a few ids, and a
 * notification reaches open screens within about a second.
 */
const NOTIFICACOES_ROUND_MS = 1_000

/** Runs `run` at start, then every `everyMs`; a round still running when the next is due is not started twice. */
function schedule(app: FastifyInstance, name: string, everyMs: number, run: () => Promise<unknown>) {
  let running = false
  const safeRun = async () => {
    if (running) return
    running = true
    try {
      await run()
    } catch (err) {
      app.log.error({ err }, `${name} failed`)
    } finally {
      running = false
    }
  }
  const timer = setInterval(safeRun, everyMs)
  timer.unref()
  app.addHook('onReady', async () => void safeRun())
  app.addHook('onClose', async () => clearInterval(timer))
}

/**
 * The scheduled work, all of it, and why each is safe when N processes run it at once on one database:
 *
 * - **Push outbox**, every 2 s: each send is claimed by a conditional update before it is made, so two processes never
 *   send the same one; a claim left by a crashed process is taken again once its lease ends, and a send is settled
 *   (deleted, counted, retried) only while its claim is still the sender's (platform/outbox-lease.ts, the e-mail's too).
 * - **E-mail outbox**, every 5 s: the same claim as the push outbox (a conditional update with a five-minute lease),
 *   and a message is marked sent, retried or given up only while its claim is still the sender's
 *   (platform/email-outbox.ts, docs/decisions/0016).
 * - **Kitchen printers**, every 2 s: the same claim and lease (two minutes), and at most once: a ticket is marked as
 *   going out under its claim before its first byte goes, never due again after, and settled by its sender only; one
 *   whose sender died mid-send is found in doubt and left for staff to reprint (features/impressoras/despacho.ts,
 *   docs/decisions/0043).
 * - **Wallet updates**, every 5 s: the same claim and lease (a minute); an APNs push per registered device and a patch
 *   of each saved Google object, retried with backoff while Apple or Google is down (features/carteira/envios.ts,
 *   docs/decisions/0047).
 * - **Payment reconciliation**, at start and every minute: asks the provider about unsettled orders. Every change of an
 *   order is made only from the state it expects (the first writer wins), so two processes settling one order change
 *   it once; a refund is claimed before the provider is called (docs/decisions/0012).
 * - **Housekeeping**, at start and every hour: reminders to provisional accounts (each keyed, so sent once), the day's
 *   birthday rewards (one per customer and year by the table's unique key, its notification in the same transaction:
 *   docs/decisions/0053), the expiry of credit and points and its notices (once a Lisbon day per process; each
 *   customer's expiry worked out again and written under their ledger lock, each notice keyed: docs/decisions/0058),
 *   lapsing
 *   provisional accounts past 30 days, and purging what has served its time (push sends, e-mails sent or given up a week ago, kitchen tickets settled a week ago, counters, the event log past an hour (its newest row kept), idempotency
 *   records, identification proofs, stale sessions, old SMS challenges, ended staff sessions and old staff sign-in failures). Each step is a conditional update or a delete
 *   by age: run twice, the second finds nothing to do. Each runs on its own: one that fails is logged and the others
 *   still run.
 * - **Retention**, at start and every hour (spec §9, docs/decisions/0017): registrations that ended over a year ago
 *   (lapsed provisional accounts) anonymised as an erasure would, and expired GDPR links deleted. Each account is
 *   anonymised under the ledger's lock and only if it still holds data, so two processes anonymise it once; the
 *   deletes are by age.
 * - **Composed notifications**, every 5 s (the back-office's composer): each due message is claimed by a
 *   conditional update from `agendada` in the same transaction that writes its notifications (each keyed by the
 *   message, once per customer), so two processes or two rounds send it once, and one scheduled before a restart is
 *   sent after it.
 * - **Notifications of other processes**, every second, on SQLite only (its bus does not leave the process; on
 *   PostgreSQL LISTEN/NOTIFY carries them): each process reads the ids past the newest it has seen and tells its own
 *   open screens. It only reads, and publishes on its own bus (whose log write is an insert), so N processes each do
 *   it for their own screens
 *   (docs/decisions/0013).
 *
 * Tests run none of them on a timer (NODE_ENV=test) and call them by hand.
 */
export function registerJobs(app: FastifyInstance, config: Config, s: Services): void {
  const { db, clock } = s
  // Each step on its own: one that fails (a table locked, a bug in one purge) is logged and leaves the others to run,
  // rather than silently skipping every step after it each hour until someone reads the log.
  let expiracaoVista: string | null = null
  let avisosVistos: string | null = null
  const passos: [string, () => Promise<unknown>][] = [
    ['provisional reminders', () => s.notificacoes.lembrarProvisorios()],
    ['birthday rewards', () => s.fidelizacao.aniversarios.atribuir()],
    [
      'loyalty expiry',
      async () => {
        // Once a Lisbon day per process: the run reads the whole ledger, and its cut moves only once a month (the
        // notices count days). Written under each customer's ledger lock and worked out again there, so another
        // process, or a run again, expires nothing twice (docs/decisions/0058).
        const hoje = lisbonToday(clock)
        if (expiracaoVista !== hoje) {
          const expirados = await s.fidelizacao.expiracao.expirar()
          if (expirados > 0) app.log.info({ expirados }, 'loyalty expiry')
          expiracaoVista = hoje
        }
        // The notices in the day (a push at midnight wakes people), once it is 10:00 in Lisbon.
        if (avisosVistos !== hoje && momentoNoFuso(clock.now(), 'Europe/Lisbon').hora >= '10:00') {
          const avisos = await s.fidelizacao.expiracao.avisar()
          if (avisos > 0) app.log.info({ avisos }, 'loyalty expiry notices')
          avisosVistos = hoje
        }
      },
    ],
    ['push purge', () => s.push.purgar()],
    ['e-mail purge', () => s.email.purgar()],
    ['kitchen tickets purge', () => s.impressoras.purgar()],
    [
      'provisional accounts lapse',
      async () => {
        const lapsed = await s.conta.lapseProvisionalAccounts()
        if (lapsed > 0) app.log.info({ lapsed }, 'provisional accounts lapsed')
      },
    ],
    ['rate limits purge', () => purgeOldLimits(db, new Date(clock.now().getTime() - DAY).toISOString())],
    ['event log purge', () => purgarEventos(db, new Date(clock.now().getTime() - EVENTOS_RETENCAO_MS).toISOString())],
    [
      'idempotency purge',
      () => purgeIdempotency(db, new Date(clock.now().getTime() - IDEMPOTENCY_TTL_DAYS * DAY).toISOString()),
    ],
    ['identification proofs purge', () => s.fidelizacao.purgarIdentificacoes()],
    ['stale sessions purge', () => sessoesRepo(db, clock).purgeStale()],
    ['SMS challenges purge', () => s.conta.purgeOldChallenges()],
    ['staff access purge', () => s.admin.acesso.purgar()],
    ['staff customer finds purge', () => s.admin.pessoas.purgarEncontrados()],
  ]
  const housekeeping = async () => {
    const falhados: string[] = []
    for (const [passo, correr] of passos) {
      try {
        await correr()
      } catch (err) {
        falhados.push(passo)
        app.log.error({ err, passo }, `housekeeping step failed: ${passo}`)
      }
    }
    // Said to the caller too (an operator's or a test's call, the scheduler's log), after every step had its turn.
    if (falhados.length > 0) throw new Error(`housekeeping: ${falhados.join(', ')} failed`)
  }
  app.decorate('housekeeping', housekeeping)
  app.decorate('reconciliarPagamentos', () => s.encomendas.reconciliar())
  app.decorate('despacharEmails', () => s.email.despachar())
  app.decorate('reter', () => s.rgpd.reter())
  app.decorate('despacharNotificacoes', () => s.admin.notificacoes.despachar())
  app.decorate('despacharImpressoes', () => s.impressoras.despachar())
  app.decorate('despacharCarteira', () => s.carteira.despachar())
  if (config.NODE_ENV === 'test') return
  schedule(app, 'push outbox', PUSH_ROUND_MS, () => s.push.despachar())
  schedule(app, 'e-mail outbox', EMAIL_ROUND_MS, () => s.email.despachar())
  schedule(app, 'kitchen printers', IMPRESSOES_ROUND_MS, () => s.impressoras.despachar())
  schedule(app, 'wallet updates', CARTEIRA_ROUND_MS, () => s.carteira.despachar())
  schedule(app, 'composed notifications', COMPOSTAS_ROUND_MS, () => s.admin.notificacoes.despachar())
  schedule(app, 'payment reconciliation', MINUTE, () => s.encomendas.reconciliar())
  schedule(app, 'housekeeping', HOUR, housekeeping)
  schedule(app, 'retention', HOUR, () => s.rgpd.reter())
  if (!s.busEntreProcessos) {
    let vistaAte: number | null = null
    schedule(app, 'notifications of other processes', NOTIFICACOES_ROUND_MS, async () => {
      vistaAte = await s.notificacoes.anunciarEscritasDepoisDe(vistaAte)
    })
  }
}
