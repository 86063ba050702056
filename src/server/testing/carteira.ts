import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { setupTill } from '../features/fidelizacao/testing.ts'
import type { Dialect } from '../platform/db.ts'
import { APNS_CA, type ApnsDeTeste, startApnsServer } from './apns-server.ts'
import { certificadosDeTeste } from './carteira-certificados.ts'
import { type GoogleDeTeste, startGoogleWalletServer } from './google-wallet-server.ts'
import type { device } from './harness.ts'

export const ISSUER = '3388000000012345678'

/**
 * The wallet tests' scene: the till's (two stores, their keys, customers who sign up), with Apple Wallet and Google
 * Wallet set up against a local APNs and a local Google Wallet API, the certificates and keys the suite made.
 */
export function setupCarteira(dialect: Dialect) {
  const certs = certificadosDeTeste()
  let apns: ApnsDeTeste
  let google: GoogleDeTeste
  const till = setupTill(dialect, async () => {
    apns = await startApnsServer({
      publica: certs.apnsPublica,
      keyId: certs.apnsKeyId,
      teamId: certs.teamId,
      topic: certs.passTypeId,
    })
    google = await startGoogleWalletServer({ publica: certs.googlePublica, email: certs.googleEmail })
    return {
      config: {
        APP_URL: 'https://balcao.exemplo.pt',
        APPLE_WALLET_PASS_TYPE_ID: certs.passTypeId,
        APPLE_WALLET_TEAM_ID: certs.teamId,
        APPLE_WALLET_CERT: certs.certificado,
        APPLE_WALLET_KEY: certs.chave,
        APPLE_WALLET_WWDR: certs.wwdr,
        APPLE_APNS_KEY: certs.apnsChave,
        APPLE_APNS_KEY_ID: certs.apnsKeyId,
        APPLE_APNS_URL: apns.url,
        GOOGLE_WALLET_ISSUER_ID: ISSUER,
        GOOGLE_WALLET_CLASS_ID: 'fidelizacao',
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
          type: 'service_account',
          client_email: certs.googleEmail,
          private_key: certs.googleChave,
          token_uri: google.tokenUri,
        }),
        GOOGLE_WALLET_API_URL: google.url,
      },
      deps: { apnsCa: APNS_CA },
    }
  })
  afterEach(async () => {
    await apns.fechar()
    await google.fechar()
  })

  /** The customer's `.pkpass`, downloaded as the loyalty screen's link does (the version in the query). */
  async function descarregarPasse(d: ReturnType<typeof device>) {
    const res = await till.t.app.inject({
      method: 'GET',
      url: `/api/carteira/apple?v=${API_VERSION}`,
      headers: { cookie: `balcao_sessao=${d.cookie}` },
    })
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    return res
  }

  return {
    ...till,
    certs,
    get t() {
      return till.t
    },
    get clock() {
      return till.clock
    },
    get apns() {
      return apns
    },
    get google() {
      return google
    },
    descarregarPasse,
  }
}

/** A `.pkpass`'s files (a zip), read with unzip as any tool would. */
export function abrirPkpass(pkpass: Buffer): { ficheiros: Map<string, Buffer>; pasta: string; fechar(): void } {
  const pasta = mkdtempSync(join(tmpdir(), 'pkpass-'))
  const zip = join(pasta, 'passe.pkpass')
  writeFileSync(zip, pkpass)
  const nomes = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean)
  execFileSync('unzip', ['-q', '-o', zip, '-d', join(pasta, 'x')])
  const ficheiros = new Map(nomes.map((n) => [n, readFileSync(join(pasta, 'x', n))]))
  return { ficheiros, pasta: join(pasta, 'x'), fechar: () => rmSync(pasta, { recursive: true, force: true }) }
}

/** Whether openssl verifies the pass's signature of its manifest against `raiz` (Apple's root, here the suite's). */
export function verificarAssinatura(pasta: string, raiz: string): string {
  const ca = join(pasta, '..', 'raiz.pem')
  writeFileSync(ca, raiz)
  return execFileSync(
    'openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      join(pasta, 'signature'),
      '-content',
      join(pasta, 'manifest.json'),
      '-CAfile',
      ca,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
}
