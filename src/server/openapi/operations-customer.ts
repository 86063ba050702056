import { API_VERSION } from '../../shared/api.ts'
import { NOMES_EVENTOS, type NomeEvento } from '../../shared/eventos.ts'
import { mensagens } from '../../shared/validacao.ts'
import { fidelizacaoMensagens } from '../features/fidelizacao/service.ts'
import { ID_EVENTO_PADRAO } from '../platform/registo-eventos.ts'
import { SSE_HEARTBEAT_MS } from '../platform/sse.ts'
import { nifValido } from './field-rules.ts'
import type { OperationDoc } from './operation.ts'
import { ACCOUNT_OPERATIONS } from './operations-account.ts'
import { CONVIDADO_OPERATIONS } from './operations-convidado.ts'

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
  ...CONVIDADO_OPERATIONS,
  'GET /api/configuracao': {
    operationId: 'lerConfiguracao',
    summary: 'The app’s settings: loyalty credit percent, minimum age, default dial code',
    description:
      'The settings the app shows and checks against: the loyalty credit percent, the minimum age to join, the default dial code (`pais`). A public read: no session is read or made.',
    session: 'none',
    examples: {
      response: {
        data: { creditoPercent: 5, idadeMinima: 16, paisPorOmissao: '351', carteiras: { apple: false, google: false } },
      },
    },
  },
  'GET /api/lojas': {
    operationId: 'listarLojas',
    summary: 'Every store by name (to give an opinion about)',
    description: 'Every store of the group by name and id: the stores an opinion (`opinar`) may name.',
    session: 'none',
  },
  'POST /opiniao': {
    operationId: 'opinar',
    summary: 'Give an opinion about a store',
    session: 'complete',
    fields: [
      {
        field: 'loja',
        rule: '`loja` is not a store of `listarLojas`.',
        messages: [fidelizacaoMensagens.lojaDesconhecida],
      },
    ],
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
    description:
      "An opinion of one of the customer's purchases (`id`: the transaction), once per purchase, when opinions of purchases are on.",
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
  'GET /api/novidades': {
    operationId: 'listarNovidades',
    summary: 'Published news',
    description: 'The news items published now, newest first. A public read: no session is read or made.',
    session: 'none',
  },
  'GET /api/novidades/{novidade}': {
    operationId: 'lerNovidade',
    summary: 'One news item by its tag',
    description: 'One published news item by its tag, with its detail.',
    session: 'none',
    errors: { 404: 'No such news item.' },
  },
  'GET /api/campanhas': {
    operationId: 'listarCampanhas',
    summary: 'Current campaigns',
    description: 'The campaigns running now. A public read.',
    session: 'none',
  },
  'GET /api/campanhas/{campanha}': {
    operationId: 'lerCampanha',
    summary: 'One campaign by its tag',
    description: 'One running campaign by its tag, with its detail.',
    session: 'none',
    errors: { 404: 'No such campaign.' },
  },
  'GET /api/perguntas-frequentes': {
    operationId: 'listarPerguntasFrequentes',
    summary: 'FAQ categories',
    description: 'The FAQ categories. A public read.',
    session: 'none',
  },
  'GET /api/perguntas-frequentes/{categoria}': {
    operationId: 'lerPerguntasFrequentes',
    summary: 'The questions of one FAQ category',
    description: 'One FAQ category by its tag, with its questions and answers.',
    session: 'none',
    errors: { 404: 'No such category.' },
  },
  'GET /api/informacao-legal': {
    operationId: 'listarInformacaoLegal',
    summary: 'Legal pages',
    description: 'The legal pages (terms, privacy policy…). A public read.',
    session: 'none',
  },
  'GET /api/informacao-legal/{conteudo}': {
    operationId: 'lerInformacaoLegal',
    summary: 'One legal page by its tag',
    description: 'One legal page by its tag (`termos`, `politica-privacidade`…), with its text.',
    session: 'none',
    errors: { 404: 'No such page.' },
  },
  'GET /api/informacao-consumidor': {
    operationId: 'lerInformacaoConsumidor',
    summary: 'Consumer information',
    description:
      'The consumer-arbitration entity the group adheres to (name and website) and the address for accessibility feedback, as the back-office sets them. A public read.',
    session: 'none',
  },
  'GET /api/restaurantes': {
    operationId: 'listarRestaurantes',
    summary: 'Restaurants',
    description: "The group's restaurants. A public read.",
    session: 'none',
  },
  'GET /api/restaurantes/{restaurante}': {
    operationId: 'lerRestaurante',
    summary: 'One restaurant with its stores',
    description: 'One restaurant by its tag, with its stores.',
    session: 'none',
    errors: { 404: 'No such restaurant.' },
  },
  'GET /api/restaurantes/{restaurante}/lojas/{loja}': {
    operationId: 'lerLoja',
    summary: 'One store: address, hours, map, menus',
    description:
      "One store of a restaurant by their tags: address, hours, map, menus. Cacheable content: today's closure or pause is `lerEstadoLoja`'s.",
    session: 'none',
    errors: { 404: 'No such store.' },
  },
  'GET /api/lojas/{id_loja}/estado': {
    operationId: 'lerEstadoLoja',
    summary: "A store's closure or pause of today",
    description:
      "Any store's state today, for its page, app orders or not: closed today (a closure set in the back-office, by the Lisbon date) or its app orders paused (only a store that takes them), with what to tell the customer in the catalogue's words. Changes with the clock: answered `Cache-Control: no-cache`.",
    session: 'none',
    errors: { 404: 'No such store.' },
  },
  'GET /api/lojas-encomenda': {
    operationId: 'listarLojasEncomenda',
    summary: 'The stores that take orders, and whether each is open now',
    description:
      'The stores that take app orders, each with whether it takes them now (its ordering hours, closures and pauses).',
    session: 'none',
  },
  'GET /api/catalogo/{id_loja}': {
    operationId: 'lerCatalogo',
    summary: 'A store’s catalogue for ordering (from its POS’s menu)',
    description:
      'The products a store sells in the app, from the menu its POS published (`publicarEmenta`), with sold-out products flagged. Public and cacheable.',
    session: 'none',
    errors: { 404: 'The store takes no orders.' },
  },
  'POST /api/calcula-encomenda': {
    operationId: 'calcularEncomenda',
    summary: 'Price a cart (prices come from the menu, never from the app)',
    description:
      'A full dose is priced in the store’s POS price tier for the kind of sale (`id_tipo_entrega`: 0 take-away, the default; 1 eating in), as the checkout will charge it. A take-away order pays the single-use packaging contribution of each product packaged in plastic, aluminium or multimaterial (`loyaltyData.embalagens`, in `total_transaction`), unless `recipiente_proprio` is 1. `vendedor` names who sells, for the pre-contract summary. `levantamento` is what ‘Levantar’ offers: the minutes ‘as soon as possible’ promises now and the 15-minute pick-up slots of the store’s today with room left (or why nothing can be ordered now). A visitor prices a cart too (a guest’s checkout), with no balance. `premio` is the loyalty reward the customer holds (null: none): what one takes off this cart, or why nothing (a product not in the cart, one given only at the counter); `resgatar_premio` 1 takes it off (`premio_discount`) before the balance. `aniversario` is the birthday reward the customer may use today, the same way, with its last day; `usar_premio_aniversario` 1 takes it off instead (not with `resgatar_premio` 1: 422).',
    session: 'optional',
    errors: {
      403: 'A provisional account opened at a till must complete its data first.',
      404: 'The store takes no orders.',
      422: 'The cart cannot be ordered: a product is unknown or sold out, sold to adults only and the customer is under 18 or has no birth date, the store is closed, paused or names no seller yet, or the total is past the limit (`fields` names the line).',
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
      'One `Idempotency-Key` per checkout attempt: a retry after a lost answer gets the same order, never a second one. A visitor whose phone an SMS code confirmed (the guest’s token, confirmarConvidado) places one order as a guest: no balance, `email` may be empty, and the SMS with the link to follow it goes to the confirmed phone; a second order needs a new code (409), a token past its 30 days 403.',
    session: 'complete',
    idempotent: true,
    idempotencyKept:
      'The key is kept on the order it made, for as long as the order is kept, and is the customer’s own.',
    fields: [
      nifValido('nif'),
      {
        field: 'email',
        rule: 'a signed-in customer’s e-mail is required: only a guest may leave it empty',
        messages: [mensagens.obrigatorio],
      },
    ],
    errors: {
      404: 'The store takes no orders.',
      403: 'A guest’s token past its 30 days: confirm the phone again.',
      409: 'The customer no longer holds a reward to use (`resgatar_premio` 1) or a birthday reward (`usar_premio_aniversario` 1: used, or past its last day), this guest’s confirmation placed another order already (confirm the phone again), a relevant new version of the terms or the privacy policy waits for the customer’s acceptance (`user.data.termosPorAceitar`; accept it with aceitarTermos), or the pick-up slot chosen filled up meanwhile (`fields.levantar_em`).',
      422: 'The cart cannot be ordered (see calcularEncomenda), MB WAY refused the payment request, the pick-up slot is not offered (past, too close, closed) or ‘as soon as possible’ would not be ready before closing (`fields.levantar_em`), or the table’s code is not valid, not of this store or of a table it no longer has (`fields.mesa`), or the reward takes nothing off this cart (`fields.resgatar_premio`, or `fields.usar_premio_aniversario` for the birthday reward, says why), or both rewards were asked for.',
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
  'GET /api/mesas/{codigo}': {
    operationId: 'abrirMesa',
    summary: 'What a table’s QR code opens: its store and table',
    description:
      'The code of a table’s QR code (`/mesa/{codigo}` in the app): the store and the table it names, while the store takes orders. The app then opens that store’s catalogue, eating in, at that table, and the checkout sends the code as `mesa`.',
    session: 'none',
    errors: {
      404: 'Not a valid table code, or of a table the store no longer has.',
      422: 'The store takes no orders from its tables, or none now (closed or paused: `message` says which).',
    },
  },
  'GET /api/encomendas': {
    operationId: 'listarEncomendas',
    summary: 'The customer’s orders, newest first, a page at a time',
    description:
      "'As minhas encomendas': the signed-in customer's orders, newest first, 20 a page, each as `GET /api/encomendas/{id}` answers it. `seguinte` is the `antes` of the next page (null: no older orders).",
    session: 'complete',
  },
  'GET /api/encomendas/{id}/repetir': {
    operationId: 'repetirEncomenda',
    summary: 'One of the customer’s orders as ‘Repetir’ reads it',
    description:
      "One of the signed-in customer's orders by id: its store, kind of sale and lines, each by the menu's codes (null for an order placed before they were kept) and by the names it was priced with. The app finds each line in the store's current menu and prices it anew; a line it cannot find is named and left out.",
    session: 'complete',
    errors: { 404: 'No such order of this customer.' },
  },
  'GET /api/encomendas/{id}': {
    operationId: 'lerEncomenda',
    summary: 'One of the customer’s orders, with its payment and preparation state',
    description:
      "One of the signed-in customer's orders by id, or the order of the guest whose token the device holds: its lines, totals, payment state and preparation state. While it waits for a payment on the provider's page (card, Apple Pay, Google Pay), or past its request's expiry, the read asks the provider (at most every 5 s): the app reads it on coming back from that page, whose redirect is never believed on its own.",
    session: 'complete',
    errors: { 404: 'No such order of this customer.' },
  },
  'POST /api/encomendas/{id}/desistir': {
    operationId: 'desistirPagamento',
    summary: 'Stop waiting for an order’s payment (‘Escolher outro método’)',
    description:
      'The customer gives up an order still waiting for its payment (status -3), to pay another way: the provider is asked first (a payment already made makes the order paid instead); otherwise the order is cancelled (status -9, `motivo` \'Cancelou o pagamento desta encomenda.\') and any balance it held returns. A payment the provider reports later is refunded through the method used. An order not waiting for a payment, or waiting for a Multibanco reference (payable at any ATM until it expires), is answered as it is. The body is `{"value": true}`.',
    session: 'complete',
    errors: { 404: 'No such order of this customer.' },
    examples: { request: { value: true } },
  },
  'GET /api/notificacoes': {
    operationId: 'listarNotificacoes',
    summary: 'The session’s notifications (none for an anonymous visitor)',
    description:
      'The notifications of the signed-in customer, newest first, with how many are unread; an anonymous visitor gets an empty list.',
    session: 'optional',
  },
  'POST /api/notificacoes/lidas': {
    operationId: 'marcarNotificacoesLidas',
    summary: 'Mark notifications read',
    description:
      'Marks read every notification of the customer up to `ate`, the newest id the screen showed (0 to the largest id).',
    session: 'user',
    examples: { request: { ate: 120 } },
  },
  'GET /api/push/chave': {
    operationId: 'lerChavePush',
    summary: 'The server’s VAPID public key for Web Push (null when push is off)',
    description:
      'The VAPID public key a browser subscribes with (`PushManager.subscribe`); null when Web Push is off on this server.',
    session: 'none',
  },
  'POST /api/push/subscricao': {
    operationId: 'subscreverPush',
    summary: 'Subscribe this device to Web Push',
    description:
      "Keeps the browser's push subscription for the signed-in customer. `endpoint` must be https on a browser vendor's push service (Google FCM, Mozilla, Windows, Apple): the server POSTs only there.",
    session: 'user',
    errors: {
      400: "`endpoint` is not on a browser vendor's push service (the pattern states it).",
      503: 'Web Push is not configured on this server.',
    },
    examples: {
      request: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
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
    description:
      "Forgets this browser's push subscription (`endpoint`), if it is the customer's. Answers the same whether or not it was known.",
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
      '',
      'Events carry an `id:`, their place in the event log: the first `ping` of a new stream says where it starts, each ' +
        '`encomenda`, `utilizador` and `notificacoes` its own, and the heartbeat `ping`s where the stream stands ' +
        '(`sessao-terminada`, and a `reler` after the server lost its database link, carry none). The stream says how ' +
        'long to wait before reconnecting (`retry:`, 2–8 s, different for each stream). Reconnect on a drop with ' +
        '`Last-Event-ID` (or `?desde=`): the events missed since are sent first, in order, under their ids, or a ' +
        '`reler` when they are no longer kept (about an hour) or too many.',
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
      {
        name: 'desde',
        description:
          'The id of the last event seen, for a client that opens a new stream and cannot send `Last-Event-ID` ' +
          '(the header wins when both are sent).',
        required: false,
        schema: { type: 'string', pattern: ID_EVENTO_PADRAO },
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
