import { API_VERSION } from '../../shared/api.ts'
import { NOMES_EVENTOS, type NomeEvento } from '../../shared/eventos.ts'
import { SSE_HEARTBEAT_MS } from '../platform/sse.ts'
import type { OperationDoc } from './operation.ts'

/** The customer API and its forms (ARCHITECTURE.md "HTTP contract"; spec §7). */

const limited = 'Too many attempts from this address or for this phone: wait `Retry-After` seconds.'
const smsFailed = 'The SMS provider did not take the message: try again.'
const expiredCode =
  'Unknown or finished request, or its SMS code expired or ran out of attempts: start again (or ask for a new code).'

/** Each event of the customer's stream (every name the type has: a new one does not compile until it is said here). */
const EVENTOS: Record<NomeEvento, string> = {
  encomenda: 'an order’s state changed; `data` `{ orderId, status }`.',
  utilizador: 'the customer’s record changed (a purchase or refund at a till, their data): read it again.',
  notificacoes: 'a notification arrived, or was read elsewhere.',
  'sessao-terminada': 'this session was ended elsewhere; the server closes the stream after it.',
  reler: 'events may have been missed: read again what is shown.',
  ping: `nothing changed, the stream is alive (every ${SSE_HEARTBEAT_MS / 1000} seconds).`,
}

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
    description: 'The fields depend on the account: the server parses the body itself and names each bad field.',
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
  'GET /api/lojas': {
    operationId: 'listarLojas',
    summary: 'Every store by name (to give an opinion about)',
    session: 'none',
  },
  'POST /opiniao': {
    operationId: 'opinar',
    summary: 'Give an opinion about a store',
    session: 'complete',
    description:
      'An opinion of a store (not of a purchase): one may give as many as they like. ' +
      '`loja` must be a store of `listarLojas` (else 400 naming `loja`).',
    examples: {
      request: { loja: 862, rating1: 5, rating2: 4, rating3: 5, comentario: 'Atendimento rápido e simpático.' },
    },
  },
  'POST /opiniao/transacao/{id}': {
    operationId: 'opinarTransacao',
    summary: 'Give an opinion about one of the customer’s purchases',
    session: 'complete',
    errors: {
      403: 'Opinions of purchases are turned off, or the account’s registration is not complete.',
      404: 'No such purchase of this customer.',
      409: 'This purchase already has an opinion.',
    },
    examples: { request: { loja: 862, rating1: 5, rating2: 4, rating3: 5, comentario: 'Ótimo pastel de nata.' } },
  },
  'POST /api/transacao/{id}': {
    operationId: 'lerTransacao',
    summary: 'One of the customer’s loyalty transactions',
    description: 'A read of the customer’s own data: a POST, since sessions are resolved on POST only.',
    session: 'complete',
    errors: { 404: 'No such transaction of this customer.' },
    examples: { request: { value: true } },
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
    session: 'complete',
    errors: {
      404: 'The store takes no orders.',
      422: 'The cart cannot be ordered: a product is unknown or sold out, the store is closed or paused, or the total is past the limit (`fields` names the line).',
    },
    examples: {
      request: {
        id_loja: 862,
        cart: [{ id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'], observacoes: 'Bem quente' }],
        usar_premio: 0,
      },
    },
  },
  'POST /api/finaliza-encomenda': {
    operationId: 'finalizarEncomenda',
    summary: 'Place an order and ask MB WAY for its payment',
    description:
      'One `Idempotency-Key` per checkout attempt: a retry after a lost answer gets the same order, never a second one.',
    session: 'complete',
    idempotent: true,
    idempotencyKept:
      'The key is kept on the order it made, for as long as the order is kept, and is the customer’s own.',
    errors: {
      404: 'The store takes no orders.',
      422: 'The cart cannot be ordered (see calcularEncomenda), or MB WAY refused the payment request.',
      429: `Too many checkouts: wait \`Retry-After\` seconds.`,
      502: 'The payment provider is unavailable: try again.',
    },
    examples: {
      request: {
        id_tipo_entrega: 0,
        telemovel: '912345678',
        pais: '351',
        aceitou: true,
        nome: 'Maria Silva',
        email: 'maria.silva@exemplo.pt',
        nif: '',
        cart: [{ id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'], observacoes: 'Bem quente' }],
        id_loja: 862,
        usar_premio: 0,
      },
    },
  },
  'GET /api/encomendas/{id}': {
    operationId: 'lerEncomenda',
    summary: 'One of the customer’s orders, with its payment and preparation state',
    session: 'complete',
    errors: { 404: 'No such order of this customer.' },
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
    examples: { request: { ate: 120 } },
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
    examples: {
      request: {
        endpoint: 'https://push.exemplo.pt/envio/abc123',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    },
  },
  'DELETE /api/push/subscricao': {
    operationId: 'cancelarPush',
    summary: 'Unsubscribe this device from Web Push',
    session: 'user',
    examples: { request: { endpoint: 'https://push.exemplo.pt/envio/abc123' } },
  },
  'GET /api/eventos': {
    operationId: 'eventos',
    summary: 'The signed-in customer’s live events (Server-Sent Events)',
    description: [
      'Events (`event:` the name, `data:` a JSON object):',
      '',
      ...NOMES_EVENTOS.map((nome) => `- \`${nome}\`: ${EVENTOS[nome]}`),
      '',
      'The stream stays open; reconnect on a drop (with `Last-Event-ID`, a `reler` comes first).',
    ].join('\n'),
    session: 'user',
    versionInQuery: true,
    query: [
      {
        name: 'v',
        description: 'The API version, for EventSource clients that cannot send `X-Api-Version`.',
        required: false,
        schema: { type: 'string', const: API_VERSION },
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
