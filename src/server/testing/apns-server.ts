import { type KeyObject, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2'
import type { AddressInfo } from 'node:net'

/**
 * A local APNs (Apple's "Sending notification requests to APNs"), over HTTP/2 and TLS as Apple's is: it checks each
 * push's provider token (an ES256 JWT whose `kid` is the key's id and `iss` the team, signed with the APNs key) and
 * topic, keeps what it received, and answers per device token as told (200 by default; 410 `Unregistered` for a device
 * that removed the pass; 503 when "Apple" is down). Its certificate is the tests' own for 127.0.0.1 (`APNS_CA`).
 */
export const APNS_CA = readFileSync(new URL('./push-server.cert.pem', import.meta.url))
const KEY = readFileSync(new URL('./push-server.key.pem', import.meta.url))

export interface PushApns {
  token: string
  topic: string | undefined
  payload: string
}

export interface ApnsDeTeste {
  url: string
  recebidos: PushApns[]
  /** Refusals (the provider token or topic were wrong), with the reason APNs gave. */
  recusados: string[]
  responder(token: string, status: number, reason?: string): void
  /** The HTTP/2 connections it took. */
  sessoes(): number
  fechar(): Promise<void>
}

export async function startApnsServer(opcoes: {
  publica: KeyObject
  keyId: string
  teamId: string
  topic: string
}): Promise<ApnsDeTeste> {
  const recebidos: PushApns[] = []
  const recusados: string[] = []
  const respostas = new Map<string, { status: number; reason?: string | undefined }>()
  const server: Http2SecureServer = createSecureServer({ cert: APNS_CA, key: KEY }, (req, res) => {
    let corpo = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      corpo += c
    })
    req.on('end', () => {
      const recusar = (status: number, reason: string) => {
        recusados.push(reason)
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ reason }))
      }
      const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(req.url ?? '')?.[1]
      if (req.method !== 'POST' || !token) return recusar(404, 'BadPath')
      const jwt = /^bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1]
      const [h, p, s] = (jwt ?? '').split('.')
      if (!h || !p || !s) return recusar(403, 'MissingProviderToken')
      const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; kid?: string }
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { iss?: string; iat?: number }
      const assinado = verify(
        'sha256',
        Buffer.from(`${h}.${p}`),
        { key: opcoes.publica, dsaEncoding: 'ieee-p1363' },
        Buffer.from(s, 'base64url'),
      )
      if (header.alg !== 'ES256' || header.kid !== opcoes.keyId || claims.iss !== opcoes.teamId || !assinado) {
        return recusar(403, 'InvalidProviderToken')
      }
      if (req.headers['apns-topic'] !== opcoes.topic) return recusar(400, 'TopicDisallowed')
      const resposta = respostas.get(token) ?? { status: 200 }
      if (resposta.status === 200) {
        recebidos.push({ token, topic: req.headers['apns-topic'] as string, payload: corpo })
        res.writeHead(200, { 'apns-id': '00000000-0000-0000-0000-000000000000' }).end()
        return
      }
      res
        .writeHead(resposta.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ reason: resposta.reason }))
    })
  })
  const sessoes = new Set<ServerHttp2Session>()
  let ligacoes = 0
  server.on('session', (sessao) => {
    ligacoes++
    sessoes.add(sessao)
    sessao.on('close', () => sessoes.delete(sessao))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    recebidos,
    recusados,
    responder: (token, status, reason) => respostas.set(token, { status, reason }),
    sessoes: () => ligacoes,
    fechar: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        // Open sessions (the app's kept connection) would hold close() until they end.
        for (const s of sessoes) s.destroy()
      }),
  }
}
