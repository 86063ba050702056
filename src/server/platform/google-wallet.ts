import { sign } from 'node:crypto'
import { z } from 'zod'
import type { Clock } from './clock.ts'

/** Google's "Add to Google Wallet" link: the signed JWT follows it. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/'
const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer'
/** An answer Google did not give within this is a failure, retried later. */
const RESPOSTA_MS = 10_000

/** The fields of a service account's JSON key that signing and the token need. */
export const ContaDeServicoSchema = z.object({
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
})
export type ContaDeServico = z.infer<typeof ContaDeServicoSchema>

export interface GoogleWalletSettings {
  conta: ContaDeServico
  /** `https://walletobjects.googleapis.com` (tests: a local server speaking its object endpoint). */
  apiUrl: string
  /** The origins the save link may be used from (the app's). */
  origens: string[]
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/**
 * Google Wallet's REST API with a service account (Google's "Using OAuth 2.0 for Server to Server Applications"): a
 * JWT signed RS256 with the account's key is the save link's payload, and another, exchanged at the token endpoint,
 * is the access token of the object patches (kept until a minute before it expires).
 */
export function createGoogleWallet(settings: GoogleWalletSettings, clock: Clock) {
  const { conta, apiUrl, origens } = settings
  let acesso: { token: string; ate: number } | null = null

  function jwt(claims: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))
    const corpo = base64url(JSON.stringify(claims))
    const assinatura = sign('sha256', Buffer.from(`${header}.${corpo}`), conta.private_key)
    return `${header}.${corpo}.${base64url(assinatura)}`
  }

  const segundos = () => Math.floor(clock.now().getTime() / 1000)

  async function tokenDeAcesso(): Promise<string> {
    if (acesso && clock.now().getTime() < acesso.ate) return acesso.token
    const iat = segundos()
    const assertion = jwt({ iss: conta.client_email, scope: SCOPE, aud: conta.token_uri, iat, exp: iat + 3600 })
    const res = await fetch(conta.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(RESPOSTA_MS),
    })
    if (!res.ok) throw new Error(`token do Google Wallet recusado (${res.status})`)
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string') throw new Error('token do Google Wallet sem access_token')
    const vida = typeof body.expires_in === 'number' ? body.expires_in : 3600
    acesso = { token: body.access_token, ate: clock.now().getTime() + Math.max(0, vida - 60) * 1000 }
    return acesso.token
  }

  return {
    /** The "Add to Google Wallet" link of a loyalty object: the object travels in the link, signed. */
    linkGuardar(objeto: Record<string, unknown>): string {
      const token = jwt({
        iss: conta.client_email,
        aud: 'google',
        typ: 'savetowallet',
        iat: segundos(),
        origins: origens,
        payload: { loyaltyObjects: [objeto] },
      })
      return `${GOOGLE_SAVE_URL}${token}`
    },

    /** Patches a loyalty object; answers Google's status (404: the customer never saved it). */
    async atualizar(objectId: string, patch: Record<string, unknown>): Promise<number> {
      const token = await tokenDeAcesso()
      const res = await fetch(`${apiUrl}/walletobjects/v1/loyaltyObject/${encodeURIComponent(objectId)}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(patch),
        signal: AbortSignal.timeout(RESPOSTA_MS),
      })
      // A token Google no longer takes is asked again for the next patch.
      if (res.status === 401) acesso = null
      await res.arrayBuffer()
      return res.status
    },
  }
}

export type GoogleWallet = ReturnType<typeof createGoogleWallet>
