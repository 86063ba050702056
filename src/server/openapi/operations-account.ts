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
    session: 'optional',
    errors: { 409: 'This phone already has an account.', 429: limited, 502: smsFailed },
    examples: {
      request: { telemovel: '912345678', pais: '351', termos: true },
      response: { data: { hash: 'q0Zx3hT9cVbN2mKp8LwR5sYe' } },
    },
  },
  'POST /registo/{hash}': {
    operationId: 'confirmarRegisto',
    summary: 'Confirm a sign-up with its SMS code: the session becomes the new customer’s',
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
    session: 'optional',
    errors: { 429: limited, 502: smsFailed },
  },
  'POST /reset/{hash}': {
    operationId: 'confirmarRecuperacao',
    summary: 'Confirm a recovery with its SMS code: signs in with the new password',
    session: 'optional',
    errors: { 410: expiredCode, 429: limited },
    examples: { request: { codigo: '482913' } },
  },
  'POST /api/reenviar-codigo': {
    operationId: 'reenviarCodigo',
    summary: 'Send the SMS code of a pending sign-up, recovery or phone change again',
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
    session: 'complete',
    examples: { request: { password: '246810', confirmacaoPassword: '246810' } },
  },
  'POST /alterar-telemovel': {
    operationId: 'alterarTelemovel',
    summary: 'Start a phone change: sends an SMS code to the new phone',
    session: 'complete',
    errors: { 409: 'The new phone already has an account.', 429: limited, 502: smsFailed },
    examples: {
      request: { telemovel: '934567890', pais: '351', confirmacaoTelemovel: '934567890', confirmacaoPais: '351' },
    },
  },
  'POST /alterar-telemovel/{hash}': {
    operationId: 'confirmarTelemovel',
    summary: 'Confirm a phone change with its SMS code (other sessions are ended)',
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
    session: 'complete',
    examples: { request: { selecao: 1, gerar: false } },
  },
  'POST /alterar-dados-pessoais': {
    operationId: 'alterarDadosPessoais',
    summary: 'Save the personal data form (a provisional account also sets its password here)',
    description:
      'The fields depend on the account: the server parses the body itself and names each bad field. `comunicacoes` is the one consent to communications (the same as `POST /rgpd/comunicacao`); absent, it is left as it is.',
    session: 'user',
    examples: { request: { nome: 'Maria Silva', email: 'maria.silva@exemplo.pt', dataNascimento: '1990-05-17' } },
  },
  'POST /api/logout': {
    operationId: 'sair',
    summary: 'Sign out: the session ends and a new anonymous one answers',
    session: 'optional',
  },
  'POST /api/refresh-private-data': {
    operationId: 'dadosPrivados',
    summary: 'The session’s private data: user, balance, transactions, orders',
    session: 'optional',
  },
  'POST /api/grava-saw-onboarding': {
    operationId: 'gravarOnboarding',
    summary: 'Remember that this device saw the onboarding',
    session: 'optional',
  },
  'POST /api/grava-selecao-nif': {
    operationId: 'gravarSelecaoNif',
    summary: 'Choose which NIF (tax number) purchases carry',
    session: 'complete',
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
    session: 'user',
    errors: { 403: 'The link is another account’s.', 410: 'The link expired or was used.' },
  },
  'POST /api/rgpd/esquecimento/{token}': {
    operationId: 'confirmarEsquecimento',
    summary: 'Confirm the erasure from its link: the account is erased and the session ends',
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
    session: 'user',
    errors: { 403: 'The link is another account’s.', 410: 'The link expired or was used.' },
    examples: { request: { confirmar: true } },
  },
  'GET /api/conta/cancelar': {
    operationId: 'resumoCancelamento',
    summary: 'What cancelling the account would take away (balance, points, rewards)',
    session: 'user',
  },
  'POST /api/conta/cancelar': {
    operationId: 'cancelarConta',
    summary: 'Cancel the account: it is erased and the session ends',
    session: 'user',
    errors: { 409: 'An order is still open: the account can be cancelled once it is finished.' },
    examples: { request: { confirmar: true } },
  },
}
