import { telemovelDoPais } from './field-rules.ts'
import type { OperationDoc } from './operation.ts'

/**
 * Guest checkout (decision 0050): a visitor orders without an account, the phone confirmed by an SMS code for that one
 * order; the device keeps the guest's token (the `balcao_convidado` cookie), and the SMS's link carries it.
 */

const CODIGO = 'The SMS code: 6 digits, 5 tries, valid 10 minutes, single use.'

export const CONVIDADO_OPERATIONS: Record<string, OperationDoc> = {
  'POST /api/convidado': {
    operationId: 'pedirCodigoConvidado',
    summary: 'Order without an account: send an SMS code to confirm the phone',
    description:
      'The first step of a guest checkout: an SMS code goes to the phone, under the same limits as a sign-up (per address, per phone from an address, per phone per hour and per day). The answer’s `hash` goes back with the code (confirmarConvidado) or to resend it (`POST /api/reenviar-codigo`). A phone with an account may order as a guest too: nothing here says whether it has one.',
    session: 'optional',
    fields: [telemovelDoPais],
    errors: {
      429: 'Too many codes for this phone or from this address: wait `Retry-After` seconds.',
      502: 'The SMS could not be sent.',
    },
    examples: { request: { telemovel: '912345678', pais: '351' } },
  },
  'POST /api/convidado/{hash}': {
    operationId: 'confirmarConvidado',
    summary: 'Order without an account: confirm the phone with the SMS code',
    description: `${CODIGO} Confirmed, the device gets the guest's token (the \`balcao_convidado\` cookie, HttpOnly, 30 days), which places one order (finalizarEncomenda, with no session) and then reads it.`,
    session: 'optional',
    errors: {
      400: 'The code is wrong (`fields.codigo`).',
      410: 'The code expired, was used, or took its 5 tries: ask for a new one.',
    },
    examples: { request: { codigo: '123456' } },
  },
  'GET /api/convidado': {
    operationId: 'lerConvidado',
    summary: 'This device’s guest: the phone confirmed and the order it placed',
    description:
      'Null when the device holds no guest’s token, or one past its 30 days. `encomenda` is the order the confirmation placed (null: none yet; a second order needs a new code).',
    session: 'optional',
  },
  'GET /api/convidado/seguir/{token}': {
    operationId: 'seguirEncomendaConvidado',
    summary: 'The link in a guest’s SMS: keep the guest’s token on this device and open the order',
    description:
      'Opened by a browser from the SMS sent when a guest’s order is placed: the token is kept on the device (the `balcao_convidado` cookie), the device counts the onboarding as seen, and the page goes on to the order’s screen. Opened by a link: the version may be in the query.',
    session: 'optional',
    versionInQuery: true,
    success: {
      status: 200,
      description:
        'A page that goes on to the order’s screen, `/carrinho/confirmado?encomenda={id}`; or, for a token that opens no order (unknown, or past its 30 days), a page that says so and keeps nothing.',
      contentType: 'text/html',
      schema: { type: 'string' },
    },
  },
  'POST /api/encomendas/{id}/guardar-pontos': {
    operationId: 'guardarPontosConvidado',
    summary: '‘Guardar os pontos desta compra’: a guest’s paid order credited to the account made after it',
    description:
      'The order this device’s guest placed, paid and not cancelled, is written as a purchase of the signed-in account, which earns its credit and points once, and becomes one of its orders. Only for an account made, with the same phone, after the order was placed: no other purchase is credited, before or after. Concurrent requests credit it once. The body is `{"value": true}`.',
    session: 'complete',
    errors: {
      404: 'This device holds no guest’s token, or it placed no such order.',
      409: 'Its points were kept already.',
      422: 'Not this account’s to keep: another phone, an account older than the order, or an order not paid or cancelled.',
    },
    examples: { request: { value: true } },
  },
}
