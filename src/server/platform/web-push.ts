import type { Agent } from 'node:https'
import webpush from 'web-push'
import type { Clock } from './clock.ts'
import { isoNow } from './clock.ts'
import type { Database } from './db.ts'

/**
 * Web Push at the process edge (RFC 8030 delivery, RFC 8291 payload encryption, RFC 8292 VAPID), through the
 * `web-push` library. Tested against a local push service that checks the VAPID signature and decrypts the payload
 * (src/server/testing/push-server.ts).
 */
export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

export interface PushDestino {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushSender {
  /** Sends one encrypted message; answers the push service's HTTP status (201 sent, 404/410 gone, 429/5xx later). */
  enviar(destino: PushDestino, payload: string, ttlSeconds: number): Promise<number>
}

const PUSH_TIMEOUT_MS = 10_000

/** `agent`: how to reach push services (tests: one that trusts the local push service's certificate). */
export function createWebPushSender(vapid: VapidKeys, agent?: Agent): PushSender {
  return {
    async enviar(destino, payload, ttlSeconds) {
      try {
        const res = await webpush.sendNotification(
          { endpoint: destino.endpoint, keys: { p256dh: destino.p256dh, auth: destino.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: ttlSeconds,
            urgency: 'normal',
            contentEncoding: 'aes128gcm',
            timeout: PUSH_TIMEOUT_MS,
            ...(agent ? { agent } : {}),
          },
        )
        return res.statusCode
      } catch (error) {
        if (error instanceof webpush.WebPushError) return error.statusCode
        throw error
      }
    },
  }
}

/**
 * The VAPID keys: from the environment when given; outside production, otherwise, a pair made once and kept in the
 * database (every process of a deployment signs with the same one, and subscriptions survive restarts). Null: off.
 */
export async function vapidKeys(
  db: Database,
  clock: Clock,
  env: { publicKey?: string; privateKey?: string; subject: string; production: boolean },
): Promise<VapidKeys | null> {
  if (env.publicKey && env.privateKey)
    return { publicKey: env.publicKey, privateKey: env.privateKey, subject: env.subject }
  if (env.production) return null
  const generated = webpush.generateVAPIDKeys()
  await db
    .insertInto('segredos')
    .values({ nome: 'vapid', valor: JSON.stringify(generated), criado_em: isoNow(clock) })
    .onConflict((oc) => oc.column('nome').doNothing())
    .execute()
  const row = await db.selectFrom('segredos').select('valor').where('nome', '=', 'vapid').executeTakeFirstOrThrow()
  const stored = JSON.parse(row.valor) as { publicKey: string; privateKey: string }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: env.subject }
}
