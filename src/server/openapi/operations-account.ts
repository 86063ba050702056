import { DadosPessoaisDocumentoSchema } from '../../shared/conta.ts'
import { mensagens } from '../../shared/validacao.ts'
import { dataNascimentoReal, nifValido, passwordRepetida, telemovelDoPais } from './field-rules.ts'
import type { OperationDoc } from './operation.ts'

/** The customer's account and its GDPR rights, as the customer API and its forms expose them (spec §6, §7). */

const limited = 'Too many attempts from this address or for this phone: wait `Retry-After` seconds.'
const smsFailed = 'The SMS provider did not take the message: try again.'
const expiredCode =
  'Unknown or finished request, or its SMS code expired or ran out of attempts: start again (or ask for a new code).'

export const ACCOUNT_OPERATIONS: Record<string, OperationDoc> = {
  'POST /registo': {
    operationId: 'registar',
    summary: 'Sign up: sends an SMS code to the phone and answers the hash to confirm it with',
    description:
      "Step one of a sign-up: the phone (`telemovel`, with its dial code `pais`) gets a 6-digit SMS code, and the answer's `hash` names the request for `confirmarRegisto`. `termos` must be `true` (the terms and the privacy policy accepted). A client without cookies gets its session token in `X-Session-Token` from its first call that makes a session (see the `sessaoBearer` scheme).",
    session: 'optional',
    fields: [telemovelDoPais],
    errors: {
      409: 'This phone already has an account.',
      429: limited,
      502: smsFailed,
    },
    examples: {
      request: { telemovel: '912345678', pais: '351', termos: true },
      response: { data: { hash: 'q0Zx3hT9cVbN2mKp8LwR5sYe' } },
    },
  },
  'POST /registo/{hash}': {
    operationId: 'confirmarRegisto',
    summary: 'Confirm a sign-up with its SMS code: the session becomes the new customer’s',
    description:
      'Step two of a sign-up: the SMS code of `registar`. The account is made and the session is rotated to it (a Bearer client gets the new token in `X-Session-Token`); the account is complete once the personal data form is saved.',
    session: 'optional',
    errors: {
      409: 'The phone was taken meanwhile.',
      410: expiredCode,
      429: limited,
    },
    examples: { request: { codigo: '482913' } },
  },
  'POST /login': {
    operationId: 'entrar',
    summary: 'Sign in with phone and password: the session is rotated and becomes the customer’s',
    description:
      "Phone (`telemovel`, `pais`) and password. The session is rotated (a Bearer client gets the new token in `X-Session-Token`, see the `sessaoBearer` scheme) and the answer is the customer's private data. Repeated wrong passwords lock the account for a while (429).",
    session: 'optional',
    errors: {
      401: 'Wrong phone or password (one message for both).',
      429: `${limited} Also while the account is locked after repeated wrong passwords.`,
    },
    examples: { request: { telemovel: '912345678', pais: '351', password: 'segredo-2026' } },
  },
  'POST /reset': {
    operationId: 'recuperarPassword',
    summary: 'Password recovery: sends an SMS code and answers the hash to confirm it with',
    description:
      "Step one of a password recovery: the phone gets an SMS code, and the answer's `hash` names the request. The same answer whether or not the phone has an account, so a guess learns nothing.",
    session: 'optional',
    fields: [telemovelDoPais],
    errors: {
      429: limited,
      502: smsFailed,
    },
  },
  'POST /reset/{hash}': {
    operationId: 'confirmarRecuperacao',
    summary: 'Confirm a recovery with its SMS code: signs in with the new password',
    description:
      "Step two of a recovery: the SMS code with the new password (`password`, 6 digits, repeated in `confirmacaoPassword`). The account's other sessions end and this one is signed in.",
    session: 'optional',
    fields: [passwordRepetida],
    errors: {
      410: expiredCode,
      429: limited,
    },
    examples: { request: { codigo: '482913' } },
  },
  'POST /api/reenviar-codigo': {
    operationId: 'reenviarCodigo',
    summary: 'Send the SMS code of a pending sign-up, recovery or phone change again',
    description:
      'The same SMS code again for the pending request its `hash` names (sign-up, recovery or phone change), after a short wait and a few times at most.',
    session: 'optional',
    errors: {
      410: expiredCode,
      429: 'Asked again too soon, or too often.',
      502: smsFailed,
    },
  },
  'POST /alterar-password': {
    operationId: 'alterarPassword',
    summary: 'Change the password (the account’s other sessions are ended)',
    description:
      'The new password: exactly 6 digits, repeated in `confirmacaoPassword`. Every other session of the account ends; this one stays.',
    session: 'complete',
    fields: [passwordRepetida],
    examples: { request: { password: '246810', confirmacaoPassword: '246810' } },
  },
  'POST /alterar-telemovel': {
    operationId: 'alterarTelemovel',
    summary: 'Start a phone change: sends an SMS code to the new phone',
    description:
      "Step one of a phone change: the new phone (`telemovel`, `pais`), repeated (`confirmacaoTelemovel`, `confirmacaoPais`), gets an SMS code; the answer's `hash` names the request for `confirmarTelemovel`.",
    session: 'complete',
    fields: [
      telemovelDoPais,
      {
        field: 'confirmacaoTelemovel',
        rule: '`confirmacaoTelemovel` and `confirmacaoPais` must repeat `telemovel` and `pais`.',
        messages: [mensagens.igualA('Telemóvel')],
      },
    ],
    errors: {
      409: 'The new phone already has an account.',
      429: limited,
      502: smsFailed,
    },
    examples: {
      request: { telemovel: '934567890', pais: '351', confirmacaoTelemovel: '934567890', confirmacaoPais: '351' },
    },
  },
  'POST /alterar-telemovel/{hash}': {
    operationId: 'confirmarTelemovel',
    summary: 'Confirm a phone change with its SMS code (other sessions are ended)',
    description:
      "Step two of a phone change: the SMS code sent to the new phone. The account's phone changes, its other sessions end and this one is rotated.",
    session: 'complete',
    errors: {
      409: 'The phone was taken meanwhile.',
      410: expiredCode,
      429: limited,
    },
    examples: { request: { codigo: '482913' } },
  },
  'POST /chave-seguranca': {
    operationId: 'gravarChaveSeguranca',
    summary: 'Turn the security key (code asked at the till) on or off, or generate a new one',
    description:
      '`selecao` 1 turns on the security key the till asks for beside the phone (a new one when there is none, or when `gerar` is true), 0 turns it off. The answer carries the key to show once.',
    session: 'complete',
    examples: { request: { selecao: 1, gerar: false } },
  },
  'POST /alterar-dados-pessoais': {
    operationId: 'alterarDadosPessoais',
    summary: 'Save the personal data form (a provisional account also sets its password here)',
    description:
      'The fields depend on the account: the server parses the body itself and names each bad field. A provisional ' +
      'account (opened at a till) also sets its password here (`password`, 6 digits, and `confirmacaoPassword`), and ' +
      'the first completion of an account asks for `aceitacao: true` (the terms and the privacy policy accepted). ' +
      '`comunicacoes` is the one consent to communications (the same as `POST /rgpd/comunicacao`); absent, it is left as it is.',
    body: DadosPessoaisDocumentoSchema,
    session: 'user',
    fields: [dataNascimentoReal, nifValido('nif1'), nifValido('nif2'), passwordRepetida],
    examples: { request: { nome: 'Maria Silva', email: 'maria.silva@exemplo.pt', dataNascimento: '1990-05-17' } },
  },
  'POST /api/logout': {
    operationId: 'sair',
    summary: 'Sign out: the session ends and a new anonymous one answers',
    description:
      'Ends the session (revoked on the server) and answers the private data of the new anonymous one; a Bearer client gets its token in `X-Session-Token`. `value` must be `true`.',
    session: 'optional',
  },
  'POST /api/refresh-private-data': {
    operationId: 'dadosPrivados',
    summary: 'The session’s private data: user, balance, transactions, orders',
    description:
      'What the app shows of the session: the user, their balance and points, transactions and orders; for an anonymous visitor, `loggedIn: false`. A POST since sessions are resolved on POST only; `value` must be `true`.',
    session: 'optional',
  },
  'POST /api/aceita-termos': {
    operationId: 'aceitarTermos',
    summary: 'Accept the new version of the terms or the privacy policy',
    session: 'complete',
    description: [
      'When the back-office publishes a relevant change of the terms or the privacy policy, the private data’s',
      '`user.data.termosPorAceitar` lists it (what changed, the version, the link to the text) and the checkout waits',
      '(409) until it is accepted. Send each version as it was read: the acceptance is recorded in the consent history',
      'with its version and time (and given in the portability file). Idempotent: a text already accepted records',
      'nothing more. The answer is the private data, the list emptied.',
    ].join('\n'),
    errors: {
      409: 'The text changed since it was read (read the new version and accept it), or the registration is not complete.',
    },
    examples: {
      request: { textos: [{ tipo: 'termos', versao: 'sha256:3f9a1c0b7d2e' }] },
    },
  },
  'POST /api/grava-saw-onboarding': {
    operationId: 'gravarOnboarding',
    summary: 'Remember that this device saw the onboarding',
    description:
      'Remembers on the session (anonymous or not) that the device went through the onboarding. An anonymous session is a token the server signs and does not store: this is also how a client without cookies gets its first token, in `X-Session-Token`, by sending `Authorization: Bearer` with any placeholder (see the `sessaoBearer` scheme). `value` must be `true`.',
    session: 'optional',
  },
  'POST /api/grava-selecao-nif': {
    operationId: 'gravarSelecaoNif',
    summary: 'Choose which NIF (tax number) purchases carry',
    description:
      "Which of the account's two NIFs (`principal` is `nif1`, `secundario` is `nif2`, from the personal data) the till puts on the customer's invoices; choosing the one already chosen clears the choice. The NIF chosen must be filled in first.",
    session: 'complete',
    fields: [
      {
        field: 'selecao',
        rule: '`selecao` names a NIF the account has not filled in (its precondition: save it in the personal data first).',
        messages: [mensagens.valorInvalido],
      },
    ],
    examples: { request: { selecao: 'principal' } },
  },
  'POST /rgpd/comunicacao': {
    operationId: 'gravarComunicacao',
    summary: 'Consent to marketing messages, or withdraw it',
    description:
      'The one consent to communications: the same value the personal data form changes as `comunicacoes`, and the user data answer under both names. Each change is kept in the consent history with where and when it was made.',
    session: 'complete',
    examples: { request: { comunicacao: true } },
  },
  'POST /rgpd/esquecimento': {
    operationId: 'pedirEsquecimento',
    summary: 'Ask for the account’s erasure: a confirmation link goes by e-mail',
    session: 'complete',
    description:
      'The same answer whatever the address: only the account’s own address gets the e-mail, so a guess learns nothing.',
    errors: { 429: 'Too many requests for this account: wait `Retry-After` seconds.' },
    examples: { request: { email: 'maria.silva@exemplo.pt' } },
  },
  'POST /rgpd/portabilidade': {
    operationId: 'pedirPortabilidade',
    summary: 'Ask for a copy of the account’s data: a link goes by e-mail',
    session: 'complete',
    description:
      'The same answer whatever the address: only the account’s own address gets the e-mail, so a guess learns nothing.',
    errors: { 429: 'Too many requests for this account: wait `Retry-After` seconds.' },
    examples: { request: { email: 'maria.silva@exemplo.pt' } },
  },
  'GET /api/rgpd/pedidos/{token}': {
    operationId: 'lerPedidoRgpd',
    summary: 'A GDPR request from its e-mailed link',
    description:
      'What an e-mailed GDPR link (erasure or data copy) asks for, for the app to show before it is confirmed. Only the account that asked may open it.',
    session: 'user',
    errors: { 403: 'The link is another account’s.', 410: 'The link expired or was used.' },
  },
  'POST /api/rgpd/esquecimento/{token}': {
    operationId: 'confirmarEsquecimento',
    summary: 'Confirm the erasure from its link: the account is erased and the session ends',
    description:
      'Erases the account the link was sent for (`confirmar` must be `true`): its personal data is removed, and its session ends.',
    session: 'user',
    errors: {
      403: 'The link is another account’s.',
      409: 'An order is still open: the erasure waits until it is finished.',
      410: 'The link expired or was used.',
    },
    examples: { request: { confirmar: true } },
  },
  'POST /api/rgpd/portabilidade/{token}': {
    operationId: 'descarregarDados',
    summary: 'Download the account’s data from its link (a JSON file, not enveloped)',
    description:
      "The account's data as one JSON file (an attachment, not the `{ data }` envelope), from the e-mailed link (`confirmar` must be `true`).",
    session: 'user',
    errors: { 403: 'The link is another account’s.', 410: 'The link expired or was used.' },
    examples: { request: { confirmar: true } },
  },
  'GET /api/conta/cancelar': {
    operationId: 'resumoCancelamento',
    summary: 'What cancelling the account would take away (balance, points, rewards)',
    description: 'The balance, points and rewards the customer would lose, for the app to show before `cancelarConta`.',
    session: 'user',
  },
  'POST /api/conta/cancelar': {
    operationId: 'cancelarConta',
    summary: 'Cancel the account: it is erased and the session ends',
    description:
      "Erases the signed-in customer's account at once (`confirmar` must be `true`), as `confirmarEsquecimento` does; the session ends.",
    session: 'user',
    errors: { 409: 'An order is still open: the account can be cancelled once it is finished.' },
    examples: { request: { confirmar: true } },
  },
}
