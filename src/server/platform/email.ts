import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import nodemailer from 'nodemailer'
import { z } from 'zod'
import { type Clock, isoNow, systemClock } from './clock.ts'
import type { Database, DatabaseTransaction } from './db.ts'
import { dataResponse } from './http.ts'
import { withoutPhoneNumbers } from './logging.ts'

/** One message: a plain-text body and an HTML one, both in pt-PT, for one address. */
export interface Email {
  para: string
  assunto: string
  texto: string
  html: string
}

/** How a claimed message leaves: the development outbox (nowhere) or SMTP. */
export interface EmailTransport {
  readonly name: 'outbox' | 'smtp'
  send(email: Email): Promise<void>
}

/**
 * An SMTP failure. `permanente`: the server refused the recipient for good (5xx on the envelope), and sending again
 * would be refused again; everything else (4xx, a dropped connection, a timeout) may go through later.
 */
export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanente: boolean,
  ) {
    super(message)
  }
}

/** The name every message is signed with, as the SMS texts are. */
export const NOME_REMETENTE = 'Balcão'

/** Loose on purpose (the forms check addresses): enough to refuse what SMTP would choke on, a newline above all. */
const ENDERECO = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/

/**
 * `ana.silva@exemplo.pt` → `a***@e***.pt`: enough to tell messages apart in a log, not enough to be personal data. The
 * stars are a fixed number, so the mask gives away no length either.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  const domain = address.slice(at + 1)
  const dot = domain.lastIndexOf('.')
  return `${address.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ''}`
}

/** An SMTP server's answer quotes the address it refused: what is logged or kept of it goes through here. */
export const semDadosPessoais = (text: string) =>
  withoutPhoneNumbers(text.replace(/[^\s<>"'@,;:()]+@[^\s<>"'@,;:()]+/g, '[endereço]')).slice(0, 300)

const escaparHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A paragraph: text; a link (its text, then the address on a line of its own in the plain-text body); or lines kept
 * one under another (an order's lines, an address).
 */
export type Paragrafo = string | { texto: string; url: string } | { linhas: string[] }

/** Whether an address is one the outbox takes (enfileirarEmail refuses the others). */
export const emailEnviavel = (para: string) => ENDERECO.test(para)

/**
 * A message's two bodies from the same paragraphs, signed with the group's name: what the features write, so that every
 * e-mail reads alike and its HTML escapes what the customer typed.
 */
export function comporEmail(para: string, assunto: string, paragrafos: Paragrafo[]): Email {
  const emTexto = (p: Paragrafo) =>
    typeof p === 'string' ? p : 'linhas' in p ? p.linhas.join('\n') : `${p.texto}:\n${p.url}`
  const emHtml = (p: Paragrafo) =>
    typeof p === 'string'
      ? `<p>${escaparHtml(p)}</p>`
      : 'linhas' in p
        ? `<p>${p.linhas.map(escaparHtml).join('<br>\n')}</p>`
        : `<p><a href="${escaparHtml(p.url)}">${escaparHtml(p.texto)}</a></p>`
  const texto = [...paragrafos.map(emTexto), `Com os melhores cumprimentos,\n${NOME_REMETENTE}`].join('\n\n')
  const html = [
    '<!doctype html>',
    `<html lang="pt-PT"><head><meta charset="utf-8"><title>${escaparHtml(assunto)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f1f1f">',
    ...paragrafos.map(emHtml),
    `<p>Com os melhores cumprimentos,<br>${escaparHtml(NOME_REMETENTE)}</p>`,
    '</body></html>',
  ].join('\n')
  return { para, assunto, texto, html }
}

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits, and never while the
 * request waits (the jobs send the outbox, email-outbox.ts). `clock` is the caller's, so that a test clock governs
 * when it is due.
 */
export async function enfileirarEmail(trx: DatabaseTransaction, email: Email, clock: Clock = systemClock) {
  if (!ENDERECO.test(email.para)) throw new Error('endereço de e-mail inválido')
  if (/[\r\n]/.test(email.assunto)) throw new Error('assunto de e-mail com mudança de linha')
  const agora = isoNow(clock)
  await trx
    .insertInto('email_outbox')
    .values({
      para: email.para,
      assunto: email.assunto,
      texto: email.texto,
      html: email.html,
      proxima_em: agora,
      criado_em: agora,
    })
    .execute()
}

/**
 * Development and tests: nothing leaves the machine. "Sending" marks the row sent (the outbox does that for every
 * transport), which is what GET /api/dev/email lists.
 */
export function createOutboxEmailTransport(): EmailTransport {
  return { name: 'outbox', async send() {} }
}

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` or `smtps://…:465` (nodemailer's connection URL). */
  url: string
  /** `Balcão <nao-responder@exemplo.pt>`. */
  from: string
  /** Each SMTP step's limit: well inside the outbox's lease, so that no other process takes a message still being sent. */
  timeoutMs?: number
}

/** SMTP through nodemailer: a connection per message (a few a minute, not worth a pool's idle sockets). */
export function createSmtpEmailTransport(settings: SmtpSettings): EmailTransport {
  const timeout = settings.timeoutMs ?? 20_000
  const transporter = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // Our own logging says what is needed; nodemailer's would print addresses.
    logger: false,
    debug: false,
  })
  return {
    name: 'smtp',
    async send(email) {
      try {
        await transporter.sendMail({
          from: settings.from,
          to: email.para,
          subject: email.assunto,
          text: email.texto,
          html: email.html,
        })
      } catch (error) {
        const e = error as Error & { code?: string; responseCode?: number }
        const permanente = e.code === 'EENVELOPE' && (e.responseCode ?? 0) >= 500
        const codigo = [e.code, e.responseCode].filter(Boolean).join(' ')
        throw new EmailDeliveryError(semDadosPessoais(`${codigo} ${e.message}`.trim()), permanente)
      }
    },
  }
}

/** The messages sent, newest first: the development outbox's view. */
export function listEmailOutbox(db: Database, limit: number) {
  return (
    db
      .selectFrom('email_outbox')
      .select(['para', 'assunto', 'texto', 'html', 'enviado_em'])
      // Queued ones too (`enviado_em` null): a test server runs no jobs, and a developer sees a message the moment the
      // app wrote it, as with the SMS outbox. Given-up ones are not mail anyone will get.
      .where('desistido_em', 'is', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  )
}

const OutboxEmailSchema = z.object({
  para: z.string(),
  assunto: z.string(),
  texto: z.string(),
  html: z.string(),
  enviado_em: z.string().nullable(),
})

/**
 * GET /api/dev/email, outside production only (the door registers it then): loopback-only like every /api/dev/*
 * route (dev-endpoints.ts), and never cached, since messages will carry links that sign people in.
 */
export const emailDevRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dev/email',
    { schema: { response: dataResponse(z.array(OutboxEmailSchema)) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await listEmailOutbox(db, 50) }
    },
  )
}

export type EmailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
