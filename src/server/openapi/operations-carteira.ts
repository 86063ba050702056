import { API_VERSION } from '../../shared/api.ts'
import type { OperationDoc } from './operation.ts'

/**
 * The loyalty card in the wallets (decision 0047): the customer's two links, and Apple Wallet's web service, whose
 * paths, statuses and `Authorization: ApplePass <token>` are Apple's ("Wallet Passes" web service reference).
 */

const versaoNaConsulta = [
  {
    name: 'v',
    description: 'The API version, for a link (a navigation sends no `X-Api-Version`).',
    required: false,
    schema: { type: 'string', const: API_VERSION },
  },
]

const SEM_CARTEIRA = 'Apple Wallet is not set up on this server.'
const AUTORIZACAO = 'The pass’s own token, `Authorization: ApplePass <authenticationToken>`; any other: 401.'

export const CUSTOMER_CARTEIRA_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/carteira/apple': {
    operationId: 'passeAppleWallet',
    summary: 'The signed-in customer’s loyalty card as an Apple Wallet pass',
    description: [
      'A signed `.pkpass` (a storeCard: the customer’s name, balance, points, rewards and loyalty QR), made the first',
      'time it is asked for and kept current through the web service below. Opened by a link: the version may be in',
      'the query. Private, never cached.',
    ].join(' '),
    session: 'complete',
    versionInQuery: true,
    query: versaoNaConsulta,
    success: {
      status: 200,
      description: 'The pass.',
      contentType: 'application/vnd.apple.pkpass',
      schema: { type: 'string', format: 'binary' },
    },
    errors: { 404: SEM_CARTEIRA },
  },
  'GET /api/carteira/google': {
    operationId: 'guardarNoGoogleWallet',
    summary: 'The signed-in customer’s loyalty card into Google Wallet: Google’s save link',
    description: [
      'Answers `https://pay.google.com/gp/v/save/<JWT>`, whose JWT (RS256, the service account’s key) carries the',
      'loyalty object, for the app to open; from then on every change of the card patches the object. Private.',
    ].join(' '),
    session: 'complete',
    examples: { response: { data: { url: 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.e30.c2ln' } } },
    errors: { 404: 'Google Wallet is not set up on this server.' },
  },
}

const registo =
  'POST /api/carteira/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}'
const desregisto =
  'DELETE /api/carteira/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}'

export const PROVIDER_CARTEIRA_OPERATIONS: Record<string, OperationDoc> = {
  [registo]: {
    operationId: 'registarDispositivoApple',
    summary: 'Apple Wallet: a device registers for a pass’s updates',
    description: `${AUTORIZACAO} The device's APNs push token in the body; a change of the card pushes to it. 201: registered; 200: already registered (its push token renewed).`,
    errors: { 401: 'Not this pass’s token.', 404: SEM_CARTEIRA },
  },
  [desregisto]: {
    operationId: 'desregistarDispositivoApple',
    summary: 'Apple Wallet: a device no longer wants a pass’s updates',
    description: AUTORIZACAO,
    noContent: { 200: 'Unregistered.' },
    errors: { 401: 'Not this pass’s token.', 404: SEM_CARTEIRA },
  },
  'GET /api/carteira/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}': {
    operationId: 'passesAtualizadosApple',
    summary: 'Apple Wallet: the device’s passes changed since a tag',
    description: 'Without `passesUpdatedSince`, all the device’s passes. The tag is `lastUpdated` of the last answer.',
    success: {
      status: 200,
      description: 'The serial numbers of the passes changed, and the tag to ask with next.',
      contentType: 'application/json',
      schema: {
        type: 'object',
        properties: { serialNumbers: { type: 'array', items: { type: 'string' } }, lastUpdated: { type: 'string' } },
        required: ['serialNumbers', 'lastUpdated'],
        additionalProperties: false,
      },
    },
    noContent: { 204: 'None changed.' },
    errors: { 404: SEM_CARTEIRA },
  },
  'GET /api/carteira/apple/v1/passes/{passTypeIdentifier}/{serialNumber}': {
    operationId: 'passeAtualApple',
    summary: 'Apple Wallet: the latest version of a pass',
    description: `${AUTORIZACAO} \`If-Modified-Since\`: 304 when the pass has not changed since.`,
    success: {
      status: 200,
      description: 'The pass, with its `Last-Modified`.',
      contentType: 'application/vnd.apple.pkpass',
      schema: { type: 'string', format: 'binary' },
    },
    noContent: { 304: 'Not modified.' },
    errors: { 401: 'Not this pass’s token.', 404: SEM_CARTEIRA },
  },
  'POST /api/carteira/apple/v1/log': {
    operationId: 'logApple',
    summary: 'Apple Wallet: a device reports problems with a pass',
    description: 'Logged for the operators (a few lines, shortened); nothing is stored. 200: received.',
    errors: { 404: SEM_CARTEIRA },
  },
}
