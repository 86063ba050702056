import { readFileSync } from 'node:fs'
import { type ApnsSettings, createApnsSender } from '../../platform/apns.ts'
import type { Clock } from '../../platform/clock.ts'
import { ContaDeServicoSchema, createGoogleWallet } from '../../platform/google-wallet.ts'
import type { CarteiraDeps } from './service.ts'

/** The wallets' settings, as the environment gives them (config.ts; decision 0047). */
export interface DefinicoesCarteira {
  APP_URL: string
  APPLE_WALLET_PASS_TYPE_ID?: string | undefined
  APPLE_WALLET_TEAM_ID?: string | undefined
  APPLE_WALLET_CERT?: string | undefined
  APPLE_WALLET_KEY?: string | undefined
  APPLE_WALLET_KEY_PASSPHRASE?: string | undefined
  APPLE_WALLET_WWDR?: string | undefined
  APPLE_APNS_KEY?: string | undefined
  APPLE_APNS_KEY_ID?: string | undefined
  APPLE_APNS_URL: string
  GOOGLE_WALLET_ISSUER_ID?: string | undefined
  GOOGLE_WALLET_CLASS_ID?: string | undefined
  GOOGLE_WALLET_SERVICE_ACCOUNT?: string | undefined
  GOOGLE_WALLET_API_URL: string
}

/** A PEM or JSON setting: its text, or the path of the file that holds it. */
function textoOuFicheiro(valor: string): string {
  const t = valor.trim()
  return t.startsWith('-----BEGIN') || t.startsWith('{') ? t : readFileSync(t, 'utf8')
}

/**
 * The wallets as the settings set them up: each with all its settings or not at all (config.ts checks it). A file that
 * cannot be read or a key that does not parse stops the start, as any other bad setting.
 */
export function carteirasDe(
  d: DefinicoesCarteira,
  clock: Clock,
  apnsCa?: string | Buffer,
): Pick<CarteiraDeps, 'apple' | 'google'> {
  const origem = new URL(d.APP_URL).origin
  let apple: CarteiraDeps['apple'] = null
  if (
    d.APPLE_WALLET_PASS_TYPE_ID &&
    d.APPLE_WALLET_TEAM_ID &&
    d.APPLE_WALLET_CERT &&
    d.APPLE_WALLET_KEY &&
    d.APPLE_WALLET_WWDR &&
    d.APPLE_APNS_KEY &&
    d.APPLE_APNS_KEY_ID
  ) {
    const apns: ApnsSettings = {
      url: d.APPLE_APNS_URL,
      teamId: d.APPLE_WALLET_TEAM_ID,
      keyId: d.APPLE_APNS_KEY_ID,
      key: textoOuFicheiro(d.APPLE_APNS_KEY),
      topic: d.APPLE_WALLET_PASS_TYPE_ID,
      ...(apnsCa ? { ca: apnsCa } : {}),
    }
    apple = {
      passe: {
        passTypeId: d.APPLE_WALLET_PASS_TYPE_ID,
        teamId: d.APPLE_WALLET_TEAM_ID,
        certificado: textoOuFicheiro(d.APPLE_WALLET_CERT),
        chave: textoOuFicheiro(d.APPLE_WALLET_KEY),
        chaveSenha: d.APPLE_WALLET_KEY_PASSPHRASE,
        wwdr: textoOuFicheiro(d.APPLE_WALLET_WWDR),
        webServiceUrl: `${origem}/api/carteira/apple`,
      },
      apns: createApnsSender(apns, clock),
    }
  }
  let google: CarteiraDeps['google'] = null
  if (d.GOOGLE_WALLET_ISSUER_ID && d.GOOGLE_WALLET_CLASS_ID && d.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    const conta = ContaDeServicoSchema.parse(JSON.parse(textoOuFicheiro(d.GOOGLE_WALLET_SERVICE_ACCOUNT)))
    google = {
      wallet: createGoogleWallet({ conta, apiUrl: d.GOOGLE_WALLET_API_URL, origens: [origem] }, clock),
      ids: { issuerId: d.GOOGLE_WALLET_ISSUER_ID, classId: d.GOOGLE_WALLET_CLASS_ID },
    }
  }
  return { apple, google }
}
