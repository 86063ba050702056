import type { OperationDoc } from './operation.ts'

/** The customer API and its forms (ARCHITECTURE.md "HTTP contract"; spec §7). */

const temporary = 'A provisional account (opened at a till) must complete its personal data first.'
const limited = 'Too many attempts from this address or for this phone: wait `Retry-After` seconds.'
const smsFailed = 'The SMS provider did not take the message: try again.'
const expiredCode =
  'Unknown or finished request, or its SMS code expired or ran out of attempts: start again (or ask for a new code).'

export const CUSTOMER_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/configuracao': {
    operationId: 'lerConfiguracao',
    summary: 'The app’s settings: loyalty credit percent, minimum age, default dial code',
    session: 'none',
    examples: { response: { data: { creditoPercent: 5, idadeMinima: 16, paisPorOmissao: '351' } } },
  },
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
    session: 'user',
    errors: { 403: temporary },
  },
  'POST /alterar-telemovel': {
    operationId: 'alterarTelemovel',
    summary: 'Start a phone change: sends an SMS code to the new phone',
    session: 'user',
    errors: { 403: temporary, 409: 'The new phone already has an account.', 429: limited, 502: smsFailed },
  },
  'POST /alterar-telemovel/{hash}': {
    operationId: 'confirmarTelemovel',
    summary: 'Confirm a phone change with its SMS code (other sessions are ended)',
    session: 'user',
    errors: {
      403: temporary,
      409: 'The phone was taken meanwhile.',
      410: expiredCode,
      429: limited,
    },
  },
  'POST /chave-seguranca': {
    operationId: 'gravarChaveSeguranca',
    summary: 'Turn the security key (code asked at the till) on or off, or generate a new one',
    session: 'user',
    errors: { 403: temporary },
  },
  'POST /alterar-dados-pessoais': {
    operationId: 'alterarDadosPessoais',
    summary: 'Save the personal data form (a provisional account also sets its password here)',
    description: 'The fields depend on the account: the server parses the body itself and names each bad field.',
    session: 'user',
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
    session: 'user',
    errors: { 403: temporary },
  },
  'GET /api/lojas': {
    operationId: 'listarLojas',
    summary: 'Every store by name (to give an opinion about)',
    session: 'none',
  },
  'POST /opiniao': {
    operationId: 'opinar',
    summary: 'Give an opinion about a store',
    session: 'user',
    errors: { 403: `${temporary} Also when opinions are turned off.`, 409: 'Already given.' },
  },
  'POST /opiniao/transacao/{id}': {
    operationId: 'opinarTransacao',
    summary: 'Give an opinion about one of the customer’s purchases',
    session: 'user',
    errors: {
      403: `${temporary} Also when opinions are turned off.`,
      404: 'No such purchase of this customer.',
      409: 'This purchase already has an opinion.',
    },
  },
  'POST /api/transacao/{id}': {
    operationId: 'lerTransacao',
    summary: 'One of the customer’s loyalty transactions',
    description: 'A read of the customer’s own data: a POST, since sessions are resolved on POST only.',
    session: 'user',
    errors: { 403: temporary, 404: 'No such transaction of this customer.' },
  },
  'GET /api/novidades': { operationId: 'listarNovidades', summary: 'Published news', session: 'none' },
  'GET /api/novidades/{novidade}': {
    operationId: 'lerNovidade',
    summary: 'One news item by its tag',
    session: 'none',
    errors: { 404: 'No such news item.' },
  },
  'GET /api/campanhas': { operationId: 'listarCampanhas', summary: 'Current campaigns', session: 'none' },
  'GET /api/campanhas/{campanha}': {
    operationId: 'lerCampanha',
    summary: 'One campaign by its tag',
    session: 'none',
    errors: { 404: 'No such campaign.' },
  },
  'GET /api/perguntas-frequentes': {
    operationId: 'listarPerguntasFrequentes',
    summary: 'FAQ categories',
    session: 'none',
  },
  'GET /api/perguntas-frequentes/{categoria}': {
    operationId: 'lerPerguntasFrequentes',
    summary: 'The questions of one FAQ category',
    session: 'none',
    errors: { 404: 'No such category.' },
  },
  'GET /api/informacao-legal': {
    operationId: 'listarInformacaoLegal',
    summary: 'Legal pages',
    session: 'none',
  },
  'GET /api/informacao-legal/{conteudo}': {
    operationId: 'lerInformacaoLegal',
    summary: 'One legal page by its tag',
    session: 'none',
    errors: { 404: 'No such page.' },
  },
  'GET /api/restaurantes': { operationId: 'listarRestaurantes', summary: 'Restaurants', session: 'none' },
  'GET /api/restaurantes/{restaurante}': {
    operationId: 'lerRestaurante',
    summary: 'One restaurant with its stores',
    session: 'none',
    errors: { 404: 'No such restaurant.' },
  },
  'GET /api/restaurantes/{restaurante}/lojas/{loja}': {
    operationId: 'lerLoja',
    summary: 'One store: address, hours, map, menus',
    session: 'none',
    errors: { 404: 'No such store.' },
  },
  'GET /api/lojas-encomenda': {
    operationId: 'listarLojasEncomenda',
    summary: 'The stores that take orders, and whether each is open now',
    session: 'none',
  },
  'GET /api/catalogo/{id_loja}': {
    operationId: 'lerCatalogo',
    summary: 'A store’s catalogue for ordering (from its POS’s menu)',
    session: 'none',
    errors: { 404: 'The store takes no orders.' },
  },
  'POST /api/calcula-encomenda': {
    operationId: 'calcularEncomenda',
    summary: 'Price a cart (prices come from the menu, never from the app)',
    session: 'user',
    errors: {
      403: temporary,
      404: 'The store takes no orders.',
      422: 'The cart cannot be ordered: a product is unknown or sold out, the store is closed or paused, or the total is past the limit (`fields` names the line).',
    },
  },
  'POST /api/finaliza-encomenda': {
    operationId: 'finalizarEncomenda',
    summary: 'Place an order and ask MB WAY for its payment',
    description:
      'One `Idempotency-Key` per checkout attempt: a retry after a lost answer gets the same order, never a second one.',
    session: 'user',
    idempotent: true,
    errors: {
      403: temporary,
      404: 'The store takes no orders.',
      422: 'The cart cannot be ordered (see calcularEncomenda), or MB WAY refused the payment request.',
      429: `Too many checkouts: wait \`Retry-After\` seconds.`,
      502: 'The payment provider is unavailable: try again.',
    },
  },
  'GET /api/encomendas/{id}': {
    operationId: 'lerEncomenda',
    summary: 'One of the customer’s orders, with its payment and preparation state',
    session: 'user',
    errors: { 403: temporary, 404: 'No such order of this customer.' },
  },
  'GET /api/notificacoes': {
    operationId: 'listarNotificacoes',
    summary: 'The session’s notifications (none for an anonymous visitor)',
    session: 'optional',
  },
  'POST /api/notificacoes/lidas': {
    operationId: 'marcarNotificacoesLidas',
    summary: 'Mark notifications read',
    session: 'user',
  },
  'GET /api/push/chave': {
    operationId: 'lerChavePush',
    summary: 'The server’s VAPID public key for Web Push (null when push is off)',
    session: 'none',
  },
  'POST /api/push/subscricao': {
    operationId: 'subscreverPush',
    summary: 'Subscribe this device to Web Push',
    session: 'user',
    errors: { 503: 'Web Push is not configured on this server.' },
  },
  'DELETE /api/push/subscricao': {
    operationId: 'cancelarPush',
    summary: 'Unsubscribe this device from Web Push',
    session: 'user',
  },
  'GET /api/eventos': {
    operationId: 'eventos',
    summary: 'The signed-in customer’s live events (Server-Sent Events)',
    description:
      'Events: `encomenda` (an order’s state changed), `notificacoes` (one arrived, or was read elsewhere), ' +
      '`sessao-terminada` (this session was ended elsewhere). The stream stays open; reconnect on a drop.',
    session: 'user',
    versionInQuery: true,
    query: [
      {
        name: 'v',
        description: 'The API version, for EventSource clients that cannot send `X-Api-Version`.',
        required: false,
        schema: { type: 'string', const: '1.0' },
      },
    ],
    success: {
      status: 200,
      description: 'An event stream.',
      contentType: 'text/event-stream',
      schema: { type: 'string' },
    },
    errors: { 429: 'Too many open streams: wait `Retry-After` seconds.' },
  },
  'POST /rgpd/comunicacao': {
    operationId: 'gravarComunicacao',
    summary: 'Consent to marketing messages, or withdraw it',
    session: 'user',
  },
  'POST /rgpd/esquecimento': {
    operationId: 'pedirEsquecimento',
    summary: 'Ask for the account’s erasure: a confirmation link goes by e-mail',
    session: 'user',
    description:
      'The same answer whatever the address: only the account’s own address gets the e-mail, so a guess learns nothing.',
    errors: { 403: temporary, 429: 'Too many requests for this account: wait `Retry-After` seconds.' },
  },
  'POST /rgpd/portabilidade': {
    operationId: 'pedirPortabilidade',
    summary: 'Ask for a copy of the account’s data: a link goes by e-mail',
    session: 'user',
    description:
      'The same answer whatever the address: only the account’s own address gets the e-mail, so a guess learns nothing.',
    errors: { 403: temporary, 429: 'Too many requests for this account: wait `Retry-After` seconds.' },
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
  },
  'POST /api/rgpd/portabilidade/{token}': {
    operationId: 'descarregarDados',
    summary: 'Download the account’s data from its link (a JSON file, not enveloped)',
    session: 'user',
    errors: { 403: 'The link is another account’s.', 410: 'The link expired or was used.' },
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
  },
}
