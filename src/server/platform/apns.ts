import { sign } from 'node:crypto'
import { type ClientHttp2Session, connect } from 'node:http2'
import type { Clock } from './clock.ts'

/** How long one provider token is used: Apple refuses one older than an hour, and one renewed more than every 20 min. */
const TOKEN_VIDA_MS = 40 * 60_000
/** A push APNs did not answer within this (connecting included) is a failure, retried later. */
const RESPOSTA_MS = 10_000

export interface ApnsSettings {
  /** `https://api.push.apple.com` (the sandbox: `https://api.sandbox.push.apple.com`; tests: a local HTTP/2 server). */
  url: string
  teamId: string
  /** The APNs authentication key's id (the `.p8` file's). */
  keyId: string
  /** The `.p8` key (PEM, EC P-256). */
  key: string
  /** The topic: for a Wallet pass, its pass type identifier. */
  topic: string
  /** A CA to trust besides the system's (tests: the local server's certificate). */
  ca?: string | Buffer
  /** The push's deadline, connecting included (RESPOSTA_MS unless a test says otherwise). */
  prazoMs?: number
}

/** What APNs answered a push: its status, and the reason it gave when it refused. */
export interface ApnsResposta {
  status: number
  motivo: string | null
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/**
 * APNs over HTTP/2 with token-based authentication (Apple's "Sending notification requests to APNs"): one connection
 * kept open and reused for every push, a provider token (ES256 JWT: `kid` the key's id, `iss` the team) made once and
 * renewed before its hour ends, or at once when APNs says it expired. A Wallet pass's push has an empty payload: it
 * only tells the device to ask the pass's web service what changed.
 */
export function createApnsSender(settings: ApnsSettings, clock: Clock) {
  let token: { valor: string; em: number } | null = null
  let sessao: ClientHttp2Session | null = null

  function providerToken(): string {
    const agora = clock.now().getTime()
    if (token && agora - token.em < TOKEN_VIDA_MS) return token.valor
    const header = base64url(JSON.stringify({ alg: 'ES256', kid: settings.keyId }))
    const claims = base64url(JSON.stringify({ iss: settings.teamId, iat: Math.floor(agora / 1000) }))
    const assinatura = sign('sha256', Buffer.from(`${header}.${claims}`), {
      key: settings.key,
      dsaEncoding: 'ieee-p1363',
    })
    token = { valor: `${header}.${claims}.${base64url(assinatura)}`, em: agora }
    return token.valor
  }

  function ligacao(): ClientHttp2Session {
    if (sessao && !sessao.closed && !sessao.destroyed) return sessao
    const nova = connect(settings.url, settings.ca ? { ca: settings.ca } : {})
    // A connection that fails is dropped and made again at the next push; the push that met it fails and is retried.
    nova.on('error', () => nova.destroy())
    nova.on('goaway', () => nova.close())
    // Nothing to send keeps no process alive.
    nova.unref()
    sessao = nova
    return nova
  }

  return {
    /** Pushes the empty notification to one device; answers what APNs said (status 0: no answer). */
    enviar(pushToken: string): Promise<ApnsResposta> {
      return new Promise((resolve) => {
        let feito = false
        const acabar = (r: ApnsResposta) => {
          if (feito) return
          feito = true
          clearTimeout(prazo)
          resolve(r)
        }
        // One deadline for the whole push, connection included: a stream opened on a session still connecting is not
        // reset by its own timeout, and a half-open connection never answers. Past it the session is dropped (the
        // next push makes a new one) and the push is retried later.
        const prazo = setTimeout(() => {
          sessao?.destroy()
          sessao = null
          acabar({ status: 0, motivo: 'sem resposta' })
        }, settings.prazoMs ?? RESPOSTA_MS)
        let pedido: ReturnType<ClientHttp2Session['request']>
        try {
          pedido = ligacao().request({
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(pushToken)}`,
            authorization: `bearer ${providerToken()}`,
            'apns-topic': settings.topic,
            'apns-priority': '5',
            'content-type': 'application/json',
          })
        } catch {
          acabar({ status: 0, motivo: 'sem ligação' })
          return
        }
        let status = 0
        let corpo = ''
        pedido.setEncoding('utf8')
        pedido.on('response', (headers) => {
          status = Number(headers[':status'] ?? 0)
        })
        pedido.on('data', (chunk: string) => {
          if (corpo.length < 4096) corpo += chunk
        })
        pedido.on('error', () => acabar({ status: 0, motivo: 'sem ligação' }))
        pedido.on('close', () => {
          let motivo: string | null = null
          try {
            motivo = corpo ? String((JSON.parse(corpo) as { reason?: unknown }).reason ?? '') || null : null
          } catch {
            motivo = null
          }
          // A token APNs no longer takes is made again for the next push.
          if (status === 403 && (motivo === 'ExpiredProviderToken' || motivo === 'InvalidProviderToken')) token = null
          acabar({ status, motivo })
        })
        pedido.end('{}')
      })
    },

    close(): void {
      sessao?.close()
      sessao = null
    },
  }
}

export type ApnsSender = ReturnType<typeof createApnsSender>
