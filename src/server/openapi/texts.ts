import { API_VERSION } from '../../shared/api.ts'
import { STREAMS_POR_CHAVE, VERIFICAR_ACESSO_MS } from '../features/encomendas/loja-encomendas-routes.ts'
import { LIMITE_ENCOMENDAS } from '../features/encomendas/service.ts'
import { IDENTIFICACAO_VALIDADE_MS, LOJA_LIMITES } from '../features/fidelizacao/service.ts'
import { IDEMPOTENCY_TTL_DAYS } from '../platform/idempotency.ts'
import type { Surface } from './operation.ts'

/** The prose of the document (English, as the integrators' notes in STORE-API.md), with the limits as the code sets them. */

const perMinute = (l: { max: number; windowMs: number }) => `${Math.round((l.max * 60_000) / l.windowMs)} a minute`

export const STORE_LIMITS = {
  identifications: perMinute(LOJA_LIMITES.identificacoes),
  writes: perMinute(LOJA_LIMITES.escritas),
  wrongCodesPerCustomer: `${LOJA_LIMITES.codigosErradosPorCliente.max} in ${LOJA_LIMITES.codigosErradosPorCliente.windowMs / 60_000} minutes`,
  wrongCodesPerKey: `${LOJA_LIMITES.codigosErradosPorChave.max} in ${LOJA_LIMITES.codigosErradosPorChave.windowMs / 60_000} minutes`,
  streams: STREAMS_POR_CHAVE,
  checkouts: `${LIMITE_ENCOMENDAS.max} in ${LIMITE_ENCOMENDAS.windowMs / 60_000} minutes`,
  identificationValid: `${IDENTIFICACAO_VALIDADE_MS / 60_000} minutes`,
  streamKeyCheck: `${VERIFICAR_ACESSO_MS / 1000} seconds`,
}

/** What every Store API write says of its limit. */
export const STORE_WRITES_LIMIT = `Writes are limited to ${STORE_LIMITS.writes} per key: past it, wait \`Retry-After\` seconds.`

/** `65536` → `64 KiB`, `5242880` → `5 MiB`. */
export const sizeOf = (bytes: number) =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${Math.round(bytes / 1024)} KiB`

export const TAG_NAMES: Record<Surface, string> = {
  store: 'Store API',
  customer: 'Customer API',
  providers: 'Payment providers',
  system: 'System',
}

/** The body limits the server really applies: its own (`BODY_LIMIT`), and the menu route's. */
export interface BodyLimits {
  server: number
  menu: number
}

export const tagsOf = (limits: BodyLimits): Record<Surface, { name: string; description: string }> => ({
  store: {
    name: TAG_NAMES.store,
    description: [
      'For POS integrations: the till (identify a customer, register a purchase, refund it, open a provisional account),',
      'the menu the POS publishes, and the paid orders of the app with their progress. Base path `/api/loja/v1`: the',
      'version is in the path, so no `X-Api-Version` header.',
      '',
      '**Authentication.** `Authorization: Bearer <store key>` on every call. A key belongs to one store and acts for it',
      'only. Missing, unknown or revoked: 401 with `WWW-Authenticate`. Another store’s purchase or order: 403.',
      '',
      '**Idempotency.** Every POST that changes money or state requires `Idempotency-Key` (1–200 printable ASCII',
      `characters), scoped to the store key and kept ${IDEMPOTENCY_TTL_DAYS} days. The same key with the same body`,
      'answers exactly as the first time (same status, same ids, same bytes) and has no second effect, however often it',
      'is retried, at once or later, and even when the first attempt’s answer was lost; the same key with another body:',
      '422. Missing or malformed: 400. Only successes are recorded: after a refusal nothing was written, and the same',
      'key may be sent again (with the same or a corrected body). Retry a request whose answer you did not get with the',
      'same key; use a new key for a new change.',
      '',
      `**Limits, per store key.** Identifications: ${STORE_LIMITS.identifications}. Writes (purchases, refunds,`,
      `accounts, order changes): ${STORE_LIMITS.writes}, so a POS catching up after an outage can send its backlog in`,
      `bursts. Wrong security codes: ${STORE_LIMITS.wrongCodesPerCustomer} per customer and`,
      `${STORE_LIMITS.wrongCodesPerKey} per key. Open order streams: ${STORE_LIMITS.streams} at once (per server`,
      'process). Past a limit: 429 with `Retry-After` (whole seconds). The request body is capped (413):',
      `${sizeOf(limits.server)} (this server’s \`BODY_LIMIT\`), ${sizeOf(limits.menu)} for a menu.`,
      '',
      '**Money and time.** All amounts are integer cents. Instants are ISO 8601 UTC with milliseconds; `data` and `hora`',
      'of a transaction are DD/MM/YYYY and HH:mm in Europe/Lisbon.',
      '',
      '**Errors.** Bad input: 400 (or 422 where the contract says) with `fields` naming each bad field; nothing is',
      'written. Every failure is the `Erro` envelope with a pt-PT message fit to show the operator.',
    ].join('\n'),
  },
  customer: {
    name: TAG_NAMES.customer,
    description: [
      'What the customer app calls: content, restaurants and menus, the account (sign-up, login and recovery by SMS',
      'code), loyalty, ordering and payment, notifications, GDPR self-service. Reads are `GET /api/…`; the forms POST',
      'JSON to their own page path (`POST /login`, `POST /registo/{hash}`…); internal calls POST to `/api/…`.',
      '',
      `Every call carries \`X-Api-Version: ${API_VERSION}\` (another version, or none: 400, telling the app to update).`,
      'Identity is the visitor’s session: a cookie for browsers, or `Authorization: Bearer` for other clients. Every',
      'visitor gets an anonymous session on the first call that needs one; login rotates it. Calls for signed-in',
      'customers answer 401 without one. Sign-in, SMS and form calls are limited per address and per phone (429 with',
      '`Retry-After`); repeated wrong passwords lock the account for a growing time.',
    ].join('\n'),
  },
  providers: {
    name: TAG_NAMES.providers,
    description: [
      'The MB WAY provider’s callback. No session and no version header. A callback is never believed on its word: it',
      'names a payment request, and the provider is asked for that request’s status before anything changes; replays',
      'and forgeries change nothing. Its answers say nothing a forger could learn from.',
    ].join('\n'),
  },
  system: {
    name: TAG_NAMES.system,
    description: 'Health for load balancers and monitors, and this document with its readable reference.',
  },
})

export const errorDescriptions = {
  invalid:
    'Invalid request: a field, parameter or header is wrong (`fields` names each bad field), text holds control ' +
    'characters, or the JSON body is malformed or nested too deep.',
  version: `Also when \`X-Api-Version\` is missing or not ${API_VERSION}.`,
  idempotencyKey: 'Also when `Idempotency-Key` is missing or malformed.',
  tooLarge: (bytes: number) => `The request body is larger than ${sizeOf(bytes)}.`,
  notJson: 'The body is not `application/json`.',
  paramTooLong: 'A path parameter is longer than 100 characters.',
  storeKey: 'The store key is missing, unknown or revoked.',
  signIn: 'No signed-in customer: the session ended or never signed in.',
  provisional:
    'A provisional account (opened at a till) must complete its personal data first (`POST /alterar-dados-pessoais`).',
  reusedKey: 'This `Idempotency-Key` was already used with a different request.',
  unavailable: 'The server is restarting or cannot reach its database: try again shortly.',
}

export function apiDescription({ jsonDepthMax }: { jsonDepthMax: number }): string {
  return [
    'The HTTP contract of Balcão, generated from the schemas the server validates and serializes with: what is',
    'written here is what the server checks.',
    '',
    '**Envelopes.** Success: `{ "data": … }` (200, or 201 when something was created). Failure: `{ "error": { "title",',
    '"message", "fields"? } }` with pt-PT texts; `fields` maps a field name to its message. Answers carry only the',
    'fields the schema names.',
    '',
    `**Input.** JSON bodies only, nested at most ${jsonDepthMax} levels; unknown fields are dropped (or refused where`,
    'the schema is strict); text with control characters (other than tab and newline) or lone surrogates is refused.',
    '',
    '**Surfaces.** The Store API (`/api/loja/v1`, a store key), the customer API (`/api/…` and the forms, a session),',
    'the payment providers’ callbacks (`/api/pagamentos/…`). The staff surfaces (`/painel`, `/admin`) serve our own',
    'pages and are not part of this contract. The readable reference of this document is at `/api/docs`.',
  ].join('\n')
}
