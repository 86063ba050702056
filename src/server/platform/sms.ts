import type { FastifyBaseLogger } from 'fastify'
import { type Clock, isoNow } from './clock.ts'
import type { Database } from './db.ts'

/** Sends one text message to an E.164 number. Implementations: the development outbox and Twilio. */
export interface SmsProvider {
  readonly name: string
  send(to: string, text: string): Promise<void>
}

export class SmsDeliveryError extends Error {}

/** `+351912345678` → `+3519******78`: enough to tell numbers apart in a log, not enough to be personal data. */
export const maskPhone = (e164: string) =>
  `${e164.slice(0, 5)}${'*'.repeat(Math.max(0, e164.length - 7))}${e164.slice(-2)}`

/**
 * Development and tests: nothing leaves the machine. Messages are stored (readable at GET /api/dev/sms outside
 * production) and the log says one was sent, without its text, since texts carry codes.
 */
export function createOutboxSmsProvider(db: Database, clock: Clock, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'outbox',
    async send(to, text) {
      await db
        .insertInto('sms_outbox')
        .values({ para: to, texto: text, criado_em: isoNow(clock) })
        .execute()
      log.info({ to: maskPhone(to) }, 'SMS guardado na caixa de saída de desenvolvimento (GET /api/dev/sms)')
    },
  }
}

export interface TwilioSettings {
  accountSid: string
  authToken: string
  from: string
  /** https://api.twilio.com in production; a local server in tests. */
  apiUrl: string
  timeoutMs?: number
}

/** Twilio's Programmable Messaging REST API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, Basic auth. */
export function createTwilioSmsProvider(settings: TwilioSettings): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`
  return {
    name: 'twilio',
    async send(to, text) {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: settings.from, Body: text }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        })
      } catch (error) {
        throw new SmsDeliveryError(`Twilio unreachable: ${(error as Error).message}`)
      }
      if (response.status !== 201 && response.status !== 200) {
        const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string }
        throw new SmsDeliveryError(`Twilio ${response.status} ${body.code ?? ''} ${body.message ?? ''}`.trim())
      }
    },
  }
}

/** The outbox's messages after `before` are of no use to anyone: housekeeping removes them. */
export async function purgeSmsOutbox(db: Database, before: string): Promise<void> {
  await db.deleteFrom('sms_outbox').where('criado_em', '<', before).execute()
}

/** The development outbox, newest first; `para` narrows it to one E.164 number. */
export function listSmsOutbox(db: Database, limit: number, para?: string) {
  let query = db.selectFrom('sms_outbox').select(['para', 'texto', 'criado_em'])
  if (para) query = query.where('para', '=', para)
  return query.orderBy('id', 'desc').limit(limit).execute()
}
