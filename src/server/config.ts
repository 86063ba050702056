import { z } from 'zod'
import { MINUTOS_POR_ENCOMENDA_NA_FILA } from '../shared/cozinha.ts'
import { DIAL_CODES } from '../shared/dial-codes.ts'
import { CONTRIBUICAO_EMBALAGEM_PADRAO } from '../shared/embalagens.ts'
import { HASH_COST_DEFAULT, HASH_COST_MAX, HASH_COST_MIN, parseDataKey } from './platform/crypto.ts'
import { MBWAY_EXPIRY_SECONDS_DEFAULT } from './platform/pagamentos.ts'

/** Everything the server reads from the environment, checked once at boot. */
/** The calling codes the app's phone field offers: SMS_PAISES names some of them. */
const INDICATIVOS = new Set<string>(Object.values(DIAL_CODES))

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Interface to listen on; unset: all interfaces in production, only this machine otherwise. */
  HOST: z.string().min(1).optional(),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), as Fastify's trustProxy: `false` (the
   * default outside production), a hop count, or a comma-separated list of addresses/CIDRs. Never `true`: any client
   * could then pick its own IP and walk around every per-IP limit. Required in production: behind a proxy it decides
   * whether each customer has an address of their own or all share the proxy's (and its per-IP limits).
   */
  TRUST_PROXY: z
    .string()
    .refine((v) => v !== 'true', 'use um número de saltos ou uma lista de endereços, nunca true')
    .optional(),
  /**
   * Opens `/metrics` (Prometheus) to a scraper presenting it as `Authorization: Bearer …`; unset, `/metrics` does not
   * exist (404). At least 24 characters: it guards figures about customers' activity.
   */
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN tem de ter pelo menos 24 caracteres').optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .min(1)
    .default('sqlite:./data/balcao.sqlite')
    .refine((v) => /^(postgres(ql)?:\/\/|sqlite:|file:|:memory:|[./\w])/.test(v), 'URL de base de dados inválida'),
  /**
   * PostgreSQL behind PgBouncer in transaction pooling (decision 0055): DATABASE_URL is PgBouncer's, and this is
   * PostgreSQL's own address for what a pooler cannot carry: the event bus's LISTEN (one connection per process) and
   * the migrations (a session lock; a connection of their own while they run). Unset: DATABASE_URL (no pooler).
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'URL PostgreSQL (postgres://…)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the API serves alone when it is missing. */
  WEB_DIST: z.string().default('dist/web'),
  /** Loyalty credit as a percent of each purchase (spec §1 and §9 give 5 and 10; 5 is the legal text's). */
  LOYALTY_CREDIT_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /** Points per whole euro paid (STORE-API.md `pontos_ganhos`). */
  LOYALTY_POINTS_PER_EURO: z.coerce.number().int().min(0).max(1000).default(1),
  /** Points that make one reward (the spec's `patamar`). */
  LOYALTY_POINTS_THRESHOLD: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Complete accounts may leave opinions on their transactions (`ve_rating`). */
  OPINIONS_ENABLED: z.stringbool().default(true),
  /**
   * The app's public address, as SMS texts, invitations and GDPR e-mails give it. Required in production, where the
   * address the server listens on is not the one customers reach (links would say localhost). Unset elsewhere: the
   * address this server listens on (appUrlOf), so a development server on another port links to itself.
   */
  APP_URL: z.url().optional(),
  /** Minimum age to join (spec §5 validates 16; the terms text says 18). */
  MINIMUM_AGE: z.coerce.number().int().min(0).max(120).default(16),
  /**
   * The single-use packaging contribution a take-away order pays per package of plastic, aluminium or multimaterial
   * (Portaria 331-E/2021), cents with VAT: what the law sets, changed only when it does (decision 0037).
   */
  CONTRIBUICAO_EMBALAGEM_CENTIMOS: z.coerce.number().int().min(0).max(500).default(CONTRIBUICAO_EMBALAGEM_PADRAO),
  /** Fill an empty database with the demo group's content at start (never in production unless asked). */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * Whether the demo runs its promotion ('Dobro de pontos' on Sundays, decision 0052): `false` leaves it out, for the
   * e2e journeys, whose points must not depend on the day they run.
   */
  SEED_DEMO_PROMOCOES: z.enum(['true', 'false']).default('true'),
  /**
   * Which SMS provider sends codes: the development outbox, or Twilio. Unset: the outbox; required in production (the
   * outbox would deliver nothing).
   */
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).optional(),
  /**
   * The countries whose numbers get SMS, by calling code, comma-separated (decision 0054: SMS-pumping fraud runs
   * through far-away premium ranges). Portugal alone unless the group serves others.
   */
  SMS_PAISES: z
    .string()
    .default('351')
    .transform((v) => v.split(',').map((p) => p.trim()))
    .refine(
      (codigos) => codigos.every((c) => INDICATIVOS.has(c)),
      'indicativos de país separados por vírgulas, como a app os conhece (351,34)',
    ),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** Sender: a Twilio number in E.164 or an alphanumeric sender id. */
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /**
   * How e-mail leaves: the development outbox (GET /api/dev/email outside production) or SMTP. Unset: the outbox;
   * required in production, where the outbox would deliver nothing.
   */
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).optional(),
  /** nodemailer's connection URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'smtp://… ou smtps://…')
    .optional(),
  /** The sender every message carries: `Balcão <nao-responder@exemplo.pt>`. */
  EMAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]+$/, 'um endereço, com ou sem nome: Balcão <nao-responder@exemplo.pt>')
    .optional(),
  /**
   * Who takes MB WAY payments (STORE-API.md "Payments"): the sandbox (answered at /api/dev/pagamentos) or ifthenpay.
   * Unset: the sandbox; required in production, where the sandbox is refused (it would take no money).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'ifthenpay']).optional(),
  /**
   * Minutes a store's board (tablet or POS stream) may be away before its online orders pause themselves until it is
   * back (decision 0041); 0: never.
   */
  // At least 3: a board is marked at most once a minute and checked every 30 s, so a shorter wait would flicker.
  PAUSA_SEM_PAINEL_MIN: z.coerce
    .number()
    .int()
    .max(1440)
    .refine((m) => m === 0 || m >= 3, '0 (nunca) ou de 3 a 1440 minutos')
    .default(10),
  /** Minutes each order still in a store's kitchen adds to a new order's promise (decision 0041). */
  FILA_MINUTOS_POR_ENCOMENDA: z.coerce.number().int().min(0).max(30).default(MINUTOS_POR_ENCOMENDA_NA_FILA),
  /** How long the customer has to accept an MB WAY request on the phone (the sandbox's expiry; MB WAY's is 240). */
  MBWAY_EXPIRY_SECONDS: z.coerce.number().int().min(10).max(3600).default(MBWAY_EXPIRY_SECONDS_DEFAULT),
  /**
   * Minutes a paid order, a till purchase, a refund or a cancellation may wait for its fiscal document from the POS
   * before the board, the back-office and the metrics flag it (STORE-API.md "Invoices", docs/decisions/0038).
   */
  FISCAL_DOCUMENT_ALARM_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(10),
  /** ifthenpay's MB WAY key (the account's "MB WAY key" for this app); unset: no MB WAY. */
  IFTHENPAY_MBWAY_KEY: z.string().optional(),
  /** ifthenpay's Multibanco key ("MB KEY", dynamic references); unset: no Multibanco. */
  IFTHENPAY_MB_KEY: z.string().optional(),
  /** ifthenpay's card key ("CCARD KEY"); unset: no card. */
  IFTHENPAY_CCARD_KEY: z.string().optional(),
  /** ifthenpay's gateway key (Pay by Link), whose page shows Apple Pay and Google Pay; needed by both. */
  IFTHENPAY_GATEWAY_KEY: z.string().optional(),
  /** The gateway's Apple Pay account key; unset: no Apple Pay. */
  IFTHENPAY_APPLEPAY_KEY: z.string().optional(),
  /** The gateway's Google Pay account key; unset: no Google Pay. */
  IFTHENPAY_GOOGLEPAY_KEY: z.string().optional(),
  /** The anti-phishing key ifthenpay sends with each callback (set when registering the callback URL). */
  IFTHENPAY_ANTI_PHISHING_KEY: z.string().optional(),
  /** ifthenpay's back-office key (refunds). */
  IFTHENPAY_BACKOFFICE_KEY: z.string().optional(),
  IFTHENPAY_API_URL: z.url().default('https://api.ifthenpay.com'),
  /**
   * Key that signs anonymous visitors' tokens (at least 32 characters). Unset: one is made once and kept in the
   * database, shared by every process on it.
   */
  SESSION_SECRET: z.string().min(32, 'pelo menos 32 caracteres').optional(),
  /**
   * The SESSION_SECRET being rotated out: anonymous tokens it signed are still believed, and replaced on the device's
   * next call by ones the new secret signs (docs/operations.md, "Rotate keys"). Remove it once a few weeks have passed.
   */
  SESSION_SECRET_PREVIOUS: z.string().min(32, 'pelo menos 32 caracteres').optional(),
  /**
   * The key of the values kept encrypted at rest (the customer's security code): 32 random bytes in base64
   * (`openssl rand -base64 32`). Required in production. Unset elsewhere: one is made once and kept in `encryption.key`
   * beside the SQLite file (./data on PostgreSQL), never in the database (docs/decisions/0004).
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseDataKey(v) !== undefined, '32 bytes aleatórios em base64 (openssl rand -base64 32)')
    .optional(),
  /**
   * scrypt cost of new password, key and code hashes, as log2 N (14: N = 16384). Production refuses less; tests that do
   * not test hashing run at the minimum.
   */
  HASH_COST: z.coerce.number().int().min(HASH_COST_MIN).max(HASH_COST_MAX).default(HASH_COST_DEFAULT),
  /**
   * How long a public content answer may be served from memory before it is read again (decision 0008): the bound on
   * staleness for content changed behind the app's back (another process, a seed against a running server).
   */
  READ_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * Web Push's VAPID keys (base64url, as `npx web-push generate-vapid-keys` prints them) and the contact push services
   * may write to (`mailto:` or `https:`). Unset outside production: a pair is made once and kept in the database.
   * Unset in production: Web Push is off (the app does not offer it).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'chave pública VAPID (base64url)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'chave privada VAPID (base64url)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'mailto:… ou https://…')
    .default('mailto:apoio@balcao.pt'),
  /**
   * Push endpoints over plain http or on this machine, refused in production (the server POSTs to whatever URL a
   * browser hands it); tests point subscriptions at a local push service.
   */
  PUSH_ENDPOINTS_LOCAIS: z.enum(['true', 'false']).default('false'),
  /**
   * The development endpoints (`/api/dev/*`: the SMS and e-mail outboxes, the sandbox's payments) answer
   * other machines too, not only this one (loopback); refused in production, where they do not exist.
   */
  DEV_ENDPOINTS_REMOTE: z.enum(['true', 'false']).default('false'),
  /**
   * Apple Wallet (decision 0047): the pass type identifier and team, the pass type certificate and its private key,
   * Apple's WWDR intermediate certificate, and the APNs authentication key (`.p8`) with its id. Each certificate or
   * key is its PEM text or the path of a PEM file. All of them or none: unset, the app does not offer the pass.
   */
  APPLE_WALLET_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]{1,100}$/, 'pass.…')
    .optional(),
  APPLE_WALLET_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'o Team ID da Apple (10 caracteres)')
    .optional(),
  APPLE_WALLET_CERT: z.string().min(1).optional(),
  APPLE_WALLET_KEY: z.string().min(1).optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR: z.string().min(1).optional(),
  APPLE_APNS_KEY: z.string().min(1).optional(),
  APPLE_APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'o Key ID da chave APNs (10 caracteres)')
    .optional(),
  /** APNs' address (its sandbox: https://api.sandbox.push.apple.com). */
  APPLE_APNS_URL: z.url().default('https://api.push.apple.com'),
  /**
   * Google Wallet (decision 0047): the issuer id, the loyalty class (`<issuer>.<suffix>` or the suffix), and the
   * service account's JSON key (its text or the path of the file). All of them or none: unset, the app does not offer
   * the card in Google Wallet.
   */
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{5,25}$/, 'o Issuer ID (algarismos)')
    .optional(),
  GOOGLE_WALLET_CLASS_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'o id da classe de fidelização')
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
  /** The Google Wallet API's address. */
  GOOGLE_WALLET_API_URL: z.url().default('https://walletobjects.googleapis.com'),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
})

const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.SMS_PROVIDER) {
    ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'obrigatório em produção (twilio)' })
  }
  if (env.NODE_ENV === 'production' && !env.EMAIL_PROVIDER) {
    ctx.addIssue({ code: 'custom', path: ['EMAIL_PROVIDER'], message: 'obrigatório em produção (smtp)' })
  }
  if (env.EMAIL_PROVIDER === 'smtp') {
    for (const key of ['SMTP_URL', 'EMAIL_FROM'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório com EMAIL_PROVIDER=smtp' })
    }
  }
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message: 'obrigatório em produção: 1 atrás de um proxy, false se os clientes chegam diretamente',
    })
  }
  if (env.NODE_ENV === 'production' && !env.APP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['APP_URL'],
      message: 'obrigatório em produção (o endereço público da app, https://…)',
    })
  }
  if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATA_ENCRYPTION_KEY'],
      message: 'obrigatório em produção (openssl rand -base64 32)',
    })
  }
  if (env.NODE_ENV === 'production' && env.HASH_COST < HASH_COST_DEFAULT) {
    ctx.addIssue({ code: 'custom', path: ['HASH_COST'], message: `pelo menos ${HASH_COST_DEFAULT} em produção` })
  }
  if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER !== 'ifthenpay') {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'obrigatório em produção (ifthenpay)' })
  }
  if (env.PAYMENT_PROVIDER === 'ifthenpay') {
    for (const key of ['IFTHENPAY_ANTI_PHISHING_KEY', 'IFTHENPAY_BACKOFFICE_KEY'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório com PAYMENT_PROVIDER=ifthenpay' })
    }
    const carteiras = env.IFTHENPAY_APPLEPAY_KEY || env.IFTHENPAY_GOOGLEPAY_KEY
    if (!(env.IFTHENPAY_MBWAY_KEY || env.IFTHENPAY_MB_KEY || env.IFTHENPAY_CCARD_KEY || carteiras)) {
      ctx.addIssue({
        code: 'custom',
        path: ['IFTHENPAY_MBWAY_KEY'],
        message: 'a chave de pelo menos um método (MB WAY, Multibanco, cartão, Apple Pay ou Google Pay)',
      })
    }
    if (carteiras && !env.IFTHENPAY_GATEWAY_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['IFTHENPAY_GATEWAY_KEY'],
        message: 'obrigatório com Apple Pay ou Google Pay',
      })
    }
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'as duas chaves VAPID, ou nenhuma' })
  }
  if (env.NODE_ENV === 'production' && env.PUSH_ENDPOINTS_LOCAIS === 'true') {
    ctx.addIssue({ code: 'custom', path: ['PUSH_ENDPOINTS_LOCAIS'], message: 'não em produção' })
  }
  if (env.NODE_ENV === 'production' && env.DEV_ENDPOINTS_REMOTE === 'true') {
    ctx.addIssue({ code: 'custom', path: ['DEV_ENDPOINTS_REMOTE'], message: 'não em produção' })
  }
  const grupos = {
    'Apple Wallet': [
      'APPLE_WALLET_PASS_TYPE_ID',
      'APPLE_WALLET_TEAM_ID',
      'APPLE_WALLET_CERT',
      'APPLE_WALLET_KEY',
      'APPLE_WALLET_WWDR',
      'APPLE_APNS_KEY',
      'APPLE_APNS_KEY_ID',
    ],
    'Google Wallet': ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_CLASS_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'],
  } as const
  for (const [carteira, chaves] of Object.entries(grupos)) {
    const dadas = chaves.filter((k) => env[k] !== undefined)
    if (dadas.length > 0 && dadas.length < chaves.length) {
      for (const k of chaves.filter((c) => env[c] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `obrigatório com as outras definições de ${carteira}` })
      }
    }
  }
  if (env.NODE_ENV === 'production') {
    for (const k of ['APPLE_APNS_URL', 'GOOGLE_WALLET_API_URL'] as const) {
      if (!env[k].startsWith('https://')) ctx.addIssue({ code: 'custom', path: [k], message: 'https:// em produção' })
    }
  }
  if (env.SMS_PROVIDER === 'twilio') {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório com SMS_PROVIDER=twilio' })
    }
  }
})

export type Config = Omit<z.infer<typeof EnvSchema>, 'APP_URL'> & { APP_URL: string }

/**
 * The address the server runs on, for links when APP_URL is unset: a wildcard or loopback interface is reached as
 * `localhost` from this machine, where a development server's links are opened.
 */
export function appUrlOf(env: { HOST?: string | undefined; PORT: number; APP_URL?: string | undefined }): string {
  if (env.APP_URL) return env.APP_URL
  const host = env.HOST && !['0.0.0.0', '::', '127.0.0.1', '::1'].includes(env.HOST) ? env.HOST : 'localhost'
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`
}

/** Every variable the server reads (the README's configuration table names each). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape)

/** PostgreSQL itself, past any pooler (DATABASE_DIRECT_URL, else DATABASE_URL): LISTEN, migrations, backups, restores. */
export const urlDireta = (config: Pick<Config, 'DATABASE_URL' | 'DATABASE_DIRECT_URL'>) =>
  config.DATABASE_DIRECT_URL ?? config.DATABASE_URL

export const listenHost = (config: Config) =>
  config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1')

/** Fastify's trustProxy from TRUST_PROXY. */
export function trustProxyOf(config: Config): boolean | string[] | ((address: string, hop: number) => boolean) {
  const value = (config.TRUST_PROXY ?? 'false').trim()
  if (value === 'false' || value === '') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value.split(',').map((v) => v.trim())
}

export function shouldSeedDemo(config: Config): boolean {
  return config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && config.NODE_ENV !== 'production')
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  return { ...parsed.data, APP_URL: appUrlOf(parsed.data) }
}

/** A config for tests and tools: the defaults, overridden where given. */
export function configWith(overrides: Partial<Config>): Config {
  const config = { ...EnvSchema.parse({}), ...overrides }
  return { ...config, APP_URL: appUrlOf(config) }
}
