import { API_VERSION } from '../../shared/api.ts'
import { NOMES_EVENTOS, type NomeEvento } from '../../shared/eventos.ts'
import { SSE_HEARTBEAT_MS } from '../platform/sse.ts'
import type { OperationDoc } from './operation.ts'
import { ACCOUNT_OPERATIONS } from './operations-account.ts'

/**
 * The customer API (ARCHITECTURE.md "HTTP contract"; spec §7): content, restaurants, loyalty, ordering, notifications
 * and the event stream. The account and its GDPR rights are in operations-account.ts.
 */

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
  ...ACCOUNT_OPERATIONS,
  'GET /api/configuracao': {
    operationId: 'lerConfiguracao',
    summary: 'The app’s settings: loyalty credit percent, minimum age, default dial code',
    session: 'none',
    examples: { response: { data: { creditoPercent: 5, idadeMinima: 16, paisPorOmissao: '351' } } },
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
    description:
      'A full dose is priced in the store’s POS price tier for the kind of sale (`id_tipo_entrega`: 0 take-away, the default; 1 eating in), as the checkout will charge it.',
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
        id_tipo_entrega: 1,
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
      409: 'A relevant new version of the terms or the privacy policy waits for the customer’s acceptance (`user.data.termosPorAceitar`; accept it with aceitarTermos).',
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
}
