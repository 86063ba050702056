import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'

/**
 * A local push service speaking Web Push as a browser vendor's does (over HTTPS, as they all are), for the tests: it checks each request's VAPID
 * signature (RFC 8292: an ES256 JWT whose audience is this origin, with the server's key) and decrypts the payload
 * (RFC 8291, aes128gcm) with the private key of the "browser" it made the subscription for. What it answers is set per
 * subscription (201 by default; 410 when the browser unsubscribed; 503 when the service is down).
 */
export interface MensagemPush {
  subscricao: string
  payload: unknown
  ttl: number
  urgency: string | undefined
  /** The VAPID `sub` claim (the contact) and the server's public key as sent. */
  vapid: { sub: string; k: string }
}

const b64url = (b: Buffer) => b.toString('base64url')

function verificarVapid(authorization: string | undefined, origin: string, vapidPublicKey?: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!m?.[1] || !m[2]) throw new Error('no VAPID authorization')
  const [jwt, k] = [m[1], m[2]]
  if (vapidPublicKey && k !== vapidPublicKey) throw new Error('VAPID key is not the server’s')
  const [h, p, s] = jwt.split('.')
  if (!h || !p || !s) throw new Error('malformed JWT')
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string }
  if (header.alg !== 'ES256') throw new Error('JWT not ES256')
  const point = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  })
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))
  if (!ok) throw new Error('bad VAPID signature')
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string }
  if (claims.aud !== origin) throw new Error(`JWT audience ${claims.aud} is not ${origin}`)
  if (!claims.exp || claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000) {
    throw new Error('JWT expiry out of range')
  }
  return { sub: claims.sub ?? '', k }
}

/**
 * The service's certificate (self-signed, for 127.0.0.1, test-only): the app trusts it through `pushAgent` below.
 */
const CERT = readFileSync(new URL('./push-server.cert.pem', import.meta.url))
const KEY = readFileSync(new URL('./push-server.key.pem', import.meta.url))

/** What the app sends pushes through in tests: trusts the local service's certificate, and nothing else. */
export const pushAgent = () => new https.Agent({ ca: CERT, keepAlive: false })

export async function startPushServer(options: { vapidPublicKey?: string } = {}) {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>()
  const recebidas: MensagemPush[] = []
  const recusadas: string[] = []
  let origin = ''
  const server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const browser = id ? browsers.get(id) : undefined
      if (req.method !== 'POST' || !id || !browser) {
        res.writeHead(404).end()
        return
      }
      try {
        const vapid = verificarVapid(req.headers.authorization, origin, options.vapidPublicKey)
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
        const ttl = Number(req.headers.ttl)
        if (!Number.isInteger(ttl)) throw new Error('no TTL')
        if (browser.status >= 300) {
          res.writeHead(browser.status).end()
          return
        }
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth,
        })
        recebidas.push({
          subscricao: id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl,
          urgency: req.headers.urgency as string | undefined,
          vapid,
        })
        res.writeHead(201, { location: `${origin}/mensagem/${recebidas.length}` }).end()
      } catch (error) {
        recusadas.push((error as Error).message)
        res.writeHead(400).end((error as Error).message)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    recebidas,
    recusadas,
    /** A browser's subscription, as PushSubscription.toJSON() gives it. */
    subscrever() {
      const id = randomBytes(8).toString('hex')
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      browsers.set(id, { ecdh, auth, status: 201 })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
    },
    /** What the service answers for this subscription from now on. */
    responder(id: string, status: number) {
      const b = browsers.get(id)
      if (b) b.status = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
