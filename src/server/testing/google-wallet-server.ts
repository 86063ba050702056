import { type KeyObject, verify } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local Google Wallet API, speaking the two endpoints the app uses: the OAuth 2.0 token endpoint (a JWT-bearer
 * assertion signed RS256 with the service account's key, its scope and audience checked) and the loyalty object's
 * PATCH (with the token it gave). An object exists once the customer "saved" it (`guardar`): a patch of another is
 * 404, as Google answers. It keeps every patch, and can be told to fail (503) to play an outage.
 */
export interface PatchGoogle {
  id: string
  corpo: Record<string, unknown>
}

export interface GoogleDeTeste {
  url: string
  tokenUri: string
  patches: PatchGoogle[]
  tokensDados: number
  guardar(objectId: string): void
  indisponivel(sim: boolean): void
  fechar(): Promise<void>
}

function verificarJwt(jwt: string, publica: KeyObject): Record<string, unknown> {
  const [h, p, s] = jwt.split('.')
  if (!h || !p || !s) throw new Error('JWT malformado')
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string }
  if (header.alg !== 'RS256') throw new Error('JWT não RS256')
  if (!verify('sha256', Buffer.from(`${h}.${p}`), publica, Buffer.from(s, 'base64url'))) {
    throw new Error('assinatura errada')
  }
  return JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>
}

export async function startGoogleWalletServer(opcoes: { publica: KeyObject; email: string }): Promise<GoogleDeTeste> {
  const patches: PatchGoogle[] = []
  const guardados = new Set<string>()
  const tokens = new Set<string>()
  let fora = false
  let porta = 0
  const estado = { tokensDados: 0 }
  const server = createServer((req, res) => {
    let corpo = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      corpo += c
    })
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (fora) return json(503, { error: { code: 503, message: 'unavailable' } })
      if (req.method === 'POST' && req.url === '/token') {
        try {
          const form = new URLSearchParams(corpo)
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant_type')
          const claims = verificarJwt(form.get('assertion') ?? '', opcoes.publica)
          if (claims.iss !== opcoes.email) throw new Error('iss')
          if (claims.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer') throw new Error('scope')
          if (claims.aud !== `http://127.0.0.1:${porta}/token`) throw new Error('aud')
          const token = `ya29.teste-${tokens.size + 1}`
          tokens.add(token)
          estado.tokensDados++
          return json(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' })
        } catch (error) {
          return json(400, { error: 'invalid_grant', error_description: (error as Error).message })
        }
      }
      const id = /^\/walletobjects\/v1\/loyaltyObject\/([^/?]+)$/.exec(req.url ?? '')?.[1]
      if (req.method === 'PATCH' && id) {
        const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1]
        if (!token || !tokens.has(token)) return json(401, { error: { code: 401 } })
        const objectId = decodeURIComponent(id)
        if (!guardados.has(objectId)) return json(404, { error: { code: 404, message: 'not found' } })
        const patch = JSON.parse(corpo) as Record<string, unknown>
        patches.push({ id: objectId, corpo: patch })
        return json(200, { id: objectId, ...patch })
      }
      return json(404, { error: { code: 404 } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  porta = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${porta}`,
    tokenUri: `http://127.0.0.1:${porta}/token`,
    patches,
    get tokensDados() {
      return estado.tokensDados
    },
    guardar: (objectId) => guardados.add(objectId),
    indisponivel: (sim) => {
      fora = sim
    },
    fechar: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
