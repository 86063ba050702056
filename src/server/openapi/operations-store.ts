import { mensagens } from '../../shared/validacao.ts'
import { telemovelDoPais } from './field-rules.ts'
import type { OperationDoc } from './operation.ts'
import { STORE_DOCUMENT_OPERATIONS } from './operations-store-documentos.ts'
import { STORE_MENU_OPERATIONS } from './operations-store-ementa.ts'
import { STORE_LIMITS, STORE_WRITES_LIMIT as writesLimit } from './texts.ts'

/** The Store API (STORE-API.md), with examples an integrator can send as they are. */

const cliente = {
  id: 4211,
  nome: 'Maria Silva',
  saldo: 1250,
  pontos: 40,
  patamar: 100,
  itens: 1,
  temporario: 0,
  nif: { numero: '123456789', nome: 'Maria Silva' },
  // The programme's reward as the back-office defines it: one entry for each reward held (`itens` counts them).
  premios: [{ id: 3, nome: 'Café oferta', tipo: 'produto', valor: 0 }],
  // The birthday reward the programme gave her on her birthday (the back-office defines it), usable until `valido_ate`.
  aniversario: {
    id: 4,
    nome: 'Fatia de bolo de aniversário',
    tipo: 'produto',
    valor: 0,
    cod_produto: '5101',
    imagem: null,
    valido_ate: '2026-12-22',
  },
  // The group's stamp card for coffees: every 10th offered; she has 4 of the 9 stamps and one offer to give.
  carimbos: [{ cartao_id: 2, nome: 'Cafés', carimbos: 4, por_oferta: 10, ofertas: 1 }],
}

const transacao = {
  id: 90817,
  tipo: 'compra',
  id_loja: 862,
  loja: 'Chiado',
  restaurante: 'Nata & Grão',
  data: '22/11/2026',
  hora: '10:00',
  criado_em: '2026-11-22T10:00:00.000Z',
  subtotal: 2450,
  desconto: 500,
  valor_pago: 1950,
  total_discount: 500,
  saldo_anterior: 1250,
  saldo_adicionado: 98,
  saldo_removido: 500,
  saldo_actual: 848,
  pontos_anterior: 40,
  pontos_ganhos: 29,
  pontos_actual: 69,
  itens_redimidos: 0,
  itens_adicionados: 0,
  id_perfil: 1,
  id_opiniao: null,
  referencia: 'FS 2026/00123',
  aviso: null,
  // The rewards this purchase redeemed: an amount off the bill (`tipo` `valor`) is part of `desconto`.
  premios: [],
  // The promotions in force that added to it (included in `pontos_ganhos` and `saldo_adicionado`): 5 points a Bica.
  promocoes: [{ id: 7, nome: 'Bica com pontos', pontos: 10, credito: 0 }],
  // Four coffees listed, one of them her offer: three stamps, and the offer given.
  carimbos: [
    { cartao_id: 2, nome: 'Cafés', carimbos_ganhos: 3, ofertas_ganhas: 0, ofertas_usadas: 1, carimbos: 7, ofertas: 0 },
  ],
  // Filled once the POS sends the purchase's invoice (`PUT /compras/{id}/documento`): none at the till's answer.
  documentos: [],
}

/** The order the customer API's checkout example places from the menu example (two Galões, oat milk, no sugar). */
const encomenda = {
  id: 5531,
  codigo: 'A-042',
  estado: -1,
  criada_em: '2026-11-22T12:31:05.120Z',
  id_tipo_entrega: 0,
  nome: 'Maria Silva',
  telemovel: '912345678',
  nif: null,
  linhas: [
    {
      produto: 'Galão',
      qtd: 2,
      complementos: ['Leite de aveia'],
      opcoes: ['Sem açúcar'],
      porcao: 'dose',
      observacoes: 'Bem quente',
      total: 400,
    },
  ],
  total: 400,
  desconto: 0,
  desconto_premio: 0,
  valor_pago: 400,
  // Wanted as soon as possible, ordered at the counter's app rather than from a table.
  levantar_em: null,
  preparar_em: null,
  mesa: null,
  // The invoice once the POS sends it (`PUT /encomendas/{id}/documento`), and a credit note after a cancellation.
  documentos: [],
  // Two galões: nothing for adults only, and a cup of paper pays no packaging contribution.
  verificar_idade: false,
  embalagens: [],
  recipiente_proprio: false,
}

export const STORE_OPERATIONS: Record<string, OperationDoc> = {
  'POST /api/loja/v1/clientes/identificar': {
    operationId: 'identificarCliente',
    summary: 'Identify a customer at the till by loyalty QR, or by phone (and security code)',
    description: [
      'Body: exactly one of `{ qr }`, `{ telemovel, pais }`, `{ telemovel, pais, codigo_seguranca }`.',
      `The answer’s \`identificacao\` is a proof that this store identified this customer just now: valid ${STORE_LIMITS.identificationValid},`,
      'bound to the store and the customer, good for one purchase that spends balance or rewards.',
      `Limit: ${STORE_LIMITS.identifications} per key; wrong security codes ${STORE_LIMITS.wrongCodesPerCustomer}`,
      `per customer and ${STORE_LIMITS.wrongCodesPerKey} per key. No \`Idempotency-Key\`: it changes nothing and may be`,
      'retried as it is.',
      '',
      '`cliente.nif`: the tax number the customer chose in the app for invoices, `{ numero, nome }` (the number and its',
      'billing name), or null when none is chosen: put it on the invoice. A purchase keeps the NIF chosen when it is',
      'written.',
      '',
      '`cliente.aniversario`: the birthday reward the customer can use today, or null. The programme gives one a year,',
      'on the birthday (Lisbon), to a customer with a complete registration and a birth date while the back-office has',
      'one in force; it is usable once, until `valido_ate` (`YYYY-MM-DD`, Lisbon, inclusive). `nome`, `tipo` and',
      '`valor` say what it gives, as a reward of `premios` does; `imagem`, its picture or null. A purchase uses it with',
      '`usar_premio_aniversario` 1.',
      '',
      '`cliente.carimbos`: the group’s stamp cards (the back-office sets each: a family of products by their POS codes,',
      'and `por_oferta` N, every Nth offered), with the stamps the customer holds towards the next offer (N − 1 make one)',
      'and the `ofertas` held, which a purchase gives with `ofertas_carimbos`.',
    ].join('\n'),
    fields: [telemovelDoPais],
    errors: {
      403: 'The customer uses a security code and none was given (identify again with `codigo_seguranca`).',
      404: 'Unknown customer, wrong code, lapsed or erased account: one message for all.',
      429: 'Too many identifications or wrong codes for this key: wait `Retry-After` seconds.',
    },
    examples: {
      request: { qr: 'k7Rv2mQx9TzLw4NbHs8YdPa3' },
      response: { data: { cliente, identificacao: 'aWRlbnRpZmljYWNhby1leGVtcGxv' } },
    },
  },
  'POST /api/loja/v1/compras': {
    operationId: 'registarCompra',
    summary: 'Register a purchase: earn credit and points, optionally spend balance and rewards',
    description: [
      '`total`: the bill with VAT, in cents (> 0). `saldo_a_usar`: 0 … min(balance, total). `referencia`: the POS',
      'document number. Spending (`saldo_a_usar` > 0, `itens_a_redimir` > 0 or `usar_premio_aniversario` 1) needs the',
      `\`identificacao\` of an identification of this customer by this store in the last ${STORE_LIMITS.identificationValid}; a purchase`,
      'that only earns may go without (a POS catching up after an outage credits by `cliente_id`).',
      '',
      'The answer’s `transacao`: `valor_pago` = `total` − `saldo_a_usar`; `saldo_adicionado` is the credit percent of',
      '`valor_pago` (rounded half up); `pontos_ganhos` per whole euro paid; a reward is added when points reach',
      '`patamar`. A provisional account earns nothing until its registration is complete (`aviso` says so).',
      '',
      'Rewards (`itens_a_redimir`) are what the back-office defines (the identification’s `cliente.premios` names',
      'them): a product given is recorded and leaves the till’s bill as it is; an amount off (`tipo` `valor`) comes off',
      '`total` first, never more than it, and `saldo_a_usar` may then be at most what is left. `desconto` is',
      'everything that came off (balance and rewards), `valor_pago` what is left, and credit and points are earned on',
      '`valor_pago` only. `transacao.premios` lists the rewards redeemed, as they were defined then.',
      '',
      '`usar_premio_aniversario` 1 uses the customer’s birthday reward (the identification’s `cliente.aniversario`), on',
      'its own: a purchase that uses it redeems no other (`itens_a_redimir` 0). It is a reward as the others are: a',
      'product given is recorded, an amount off comes off `total` first, and `saldo_a_usar` may then be at most what is',
      'left. `transacao.premios` lists it (one entry; `itens_redimidos` stays 0) and `desconto` includes what it took',
      'off. A full refund of the purchase gives it back, usable until its `valido_ate` still.',
      '',
      'Promotions set in the back-office apply by themselves to the purchases in their window (days, weekdays, hours in',
      'the store’s time zone) and scope (every store, a restaurant, a store), as they are when the purchase is written',
      '(never afterwards): points ×N, bonus points on a product (per unit listed in the optional `produtos`, by the',
      'menu’s `cod_produto`), bonus points from a minimum paid, or a higher credit percent. `transacao.promocoes` lists',
      'those that added something, with the extra `pontos` and `credito` (cents) each gave, already part of',
      '`pontos_ganhos` and `saldo_adicionado`. A refund takes them back in proportion with the rest. A purchase sent',
      'late (a POS catching up after an outage) earns under the promotions in force when it is received.',
      '',
      'Stamp cards: each unit of a card’s products listed in `produtos` stamps it (a registration not complete earns',
      'none); every N − 1 stamps become an offer. `ofertas_carimbos: [{cartao_id, quantidade}]` gives offers the',
      'customer holds (a product of the card handed over free: list it in `produtos` as the POS bills it, at 0; it earns',
      'no stamp). Giving offers spends, so it needs `identificacao`. `transacao.carimbos` says what the purchase did to',
      'each card it touched, and the card after.',
      '',
      `Idempotent by \`Idempotency-Key\`. ${writesLimit}`,
    ].join('\n'),
    idempotent: true,
    errors: {
      403: 'Spending (balance, rewards or the birthday reward) without a valid `identificacao` of this customer by this store (nothing written).',
      404: 'Unknown customer.',
      400: '`ofertas_carimbos` names a card that does not exist (`fields.ofertas_carimbos`; nothing written).',
      409: '`saldo_a_usar` is above the balance, `itens_a_redimir` above the rewards, `ofertas_carimbos` above the offers held on a card, or `usar_premio_aniversario` 1 and the customer has no birthday reward to use today (none, used, or past its `valido_ate`), at the moment of writing (nothing written, also when many tills try at once); or what it earns would take the balance past 1 000 000,00 € or the points past 1 000 000 000 (the ceilings; nothing written).',
      422: '`saldo_a_usar` is above `total` (or above what is left of it after an amount-off reward); or `usar_premio_aniversario` 1 with `itens_a_redimir` > 0 (`fields.usar_premio_aniversario` says so; nothing written).',
      429: writesLimit,
    },
    examples: {
      request: {
        cliente_id: 4211,
        identificacao: 'aWRlbnRpZmljYWNhby1leGVtcGxv',
        total: 2450,
        saldo_a_usar: 500,
        itens_a_redimir: 0,
        // Her birthday reward is left for another visit (1 would use it, on its own).
        usar_premio_aniversario: 0,
        referencia: 'FS 2026/00123',
        produtos: [
          { cod_produto: '1001', quantidade: 2 },
          { cod_produto: '1002', quantidade: 2 },
        ],
        // One of the four coffees is her stamp card's offer.
        ofertas_carimbos: [{ cartao_id: 2, quantidade: 1 }],
      },
      response: { data: { transacao } },
    },
  },
  'POST /api/loja/v1/compras/{id}/devolucoes': {
    operationId: 'devolverCompra',
    summary: 'Refund part or all of a purchase',
    description: [
      '`valor`: cents of `valor_pago` returned. Several partial refunds may follow one another, never more than was',
      'paid in all. Each takes back the credit and points earned on the refunded part and gives back the balance used',
      'in the same proportion; a full refund leaves balance and points where they would be had the purchase never',
      'happened, and gives back the birthday reward the purchase used (until its `valido_ate`). Credit already spent',
      'cannot be taken back: the balance stops at 0 and `nao_recuperado` says how much.',
      '',
      'Stamp cards: the optional `produtos` lists what is returned, and each card takes back the stamps of its units;',
      'without it, a card’s stamps come back in proportion to the money; a refund of the whole takes back all of them',
      'and gives back the offers the purchase gave. Offers its stamps made turn back into stamps; stamps already given',
      'as an offer cannot come back (the card stops at 0). `transacao.carimbos` says what it did to each card.',
      '',
      `Idempotent by \`Idempotency-Key\`. ${writesLimit}`,
    ].join('\n'),
    idempotent: true,
    fields: [
      {
        field: 'valor',
        rule: '`valor` is 0 for a purchase that was paid (at least 1 cent; 0 only for a purchase paid wholly with balance, whose single refund gives the balance and rewards back).',
        messages: [mensagens.maiorQueZero],
      },
    ],
    errors: {
      403: 'The purchase is another store’s.',
      404: 'No such purchase.',
      409: 'More than what is left to refund, the purchase was already refunded in full, or it belongs to an app order (cancel the order instead).',
      429: writesLimit,
    },
    examples: {
      request: {
        valor: 1950,
        produtos: [
          { cod_produto: '1001', quantidade: 2 },
          { cod_produto: '1002', quantidade: 2 },
        ],
      },
      response: {
        data: {
          transacao: {
            ...transacao,
            id: 90818,
            tipo: 'devolucao',
            // A refund's amounts are negative: what the purchase's row added, taken back.
            subtotal: -1950,
            desconto: 0,
            valor_pago: -1950,
            total_discount: 0,
            saldo_anterior: 848,
            saldo_adicionado: 500,
            saldo_removido: 98,
            saldo_actual: 1250,
            pontos_anterior: 69,
            pontos_ganhos: -29,
            pontos_actual: 40,
            // A refund undoes what the purchase earned under its promotions with the rest, from the purchase's figures.
            promocoes: [],
            // The whole bill returned: its three stamps come off and the coffee given is her offer again.
            carimbos: [
              {
                cartao_id: 2,
                nome: 'Cafés',
                carimbos_ganhos: -3,
                ofertas_ganhas: 0,
                ofertas_usadas: -1,
                carimbos: 4,
                ofertas: 1,
              },
            ],
          },
          nao_recuperado: { saldo: 0, pontos: 0 },
          aviso: null,
        },
      },
    },
  },
  'POST /api/loja/v1/clientes': {
    operationId: 'criarClienteProvisorio',
    summary: 'Open a provisional account for a phone (the customer gets an SMS to finish it)',
    description: [
      'The customer gets an SMS with the app’s address and a temporary 6-digit password; the first login asks for',
      'the personal data; unfinished after 30 days, the account lapses.',
      '',
      `Idempotent by \`Idempotency-Key\`. ${writesLimit}`,
    ].join('\n'),
    idempotent: true,
    fields: [telemovelDoPais],
    errors: {
      409: 'The phone already has an account.',
      422: 'The phone’s country is not one the group sends SMS to (`SMS_PAISES`, Portugal unless set): no account is made.',
      429: `${writesLimit} Also when the SMS limits of the number’s block of a thousand numbers or of its country are reached for the hour.`,
    },
    examples: {
      request: { telemovel: '912345678', pais: '351' },
      response: {
        data: {
          cliente: {
            ...cliente,
            id: 4212,
            nome: null,
            saldo: 0,
            pontos: 0,
            itens: 0,
            temporario: 1,
            nif: null,
            premios: [],
            aniversario: null,
            carimbos: [{ cartao_id: 2, nome: 'Cafés', carimbos: 0, por_oferta: 10, ofertas: 0 }],
          },
        },
      },
    },
  },
  ...STORE_MENU_OPERATIONS,
  ...STORE_DOCUMENT_OPERATIONS,
  'GET /api/loja/v1/encomendas': {
    operationId: 'listarEncomendasLoja',
    summary: 'The store’s paid orders, the soonest due first',
    description:
      '`estado`: comma-separated states to list (default `-1,1`: received and in preparation). States: -3 awaiting ' +
      'payment, -1 received, 1 in preparation, 2 ready, 3 collected by the customer, -9 cancelled. `verificar_idade`: a line is sold to adults ' +
      'only: check the customer’s age at pick-up. `embalagens`: the single-use packaging contribution of a take-away ' +
      'order (Portaria 331-E/2021), in `total`: itemise each on the invoice. `recipiente_proprio`: the customer brings ' +
      'their own container (no contribution).',
    examples: { response: { data: [encomenda] } },
  },
  'GET /api/loja/v1/encomendas/stream': {
    operationId: 'streamEncomendasLoja',
    summary:
      'The store’s orders as Server-Sent Events: the open ones on connecting, then every new paid order and change',
    description: [
      'Each event is `event: encomenda`, `id: <order id>`, `data: <the order as listarEncomendasLoja gives it>`. On',
      'connecting, the orders still open (received, in preparation, ready and not yet collected) are sent first, so a',
      'board that reconnects misses nothing. The key is checked',
      `again every ${STORE_LIMITS.streamKeyCheck} and before each event: revoked, the stream ends. At most ${STORE_LIMITS.streams} open`,
      'streams per key (429 with `Retry-After` past it).',
    ].join('\n'),
    success: {
      status: 200,
      description: 'An event stream of `encomenda` events.',
      contentType: 'text/event-stream',
      schema: { type: 'string' },
    },
    errors: { 429: 'Too many open streams for this key: wait `Retry-After` seconds.' },
  },
  'POST /api/loja/v1/encomendas/{id}/estado': {
    operationId: 'avancarEncomenda',
    summary: 'Move an order forward: -1 (received) → 1 (in preparation) → 2 (ready) → 3 (collected)',
    description: `Only forward, one step at a time. The customer’s order screen shows the change at once; at 3 the order leaves the app’s order bar. Idempotent by \`Idempotency-Key\`. ${writesLimit}`,
    idempotent: true,
    errors: {
      403: 'The order is another store’s.',
      404: 'No such paid order.',
      409: 'Backwards, unknown, a step skipped, or the order is cancelled.',
      429: writesLimit,
    },
    examples: { request: { estado: 1 }, response: { data: { encomenda: { ...encomenda, estado: 1 } } } },
  },
  'POST /api/loja/v1/encomendas/{id}/cancelar': {
    operationId: 'cancelarEncomenda',
    summary: 'Cancel a paid order the store cannot make (the payment goes back)',
    description: [
      'The MB WAY amount goes back through the provider, the balance used goes back to the customer, the credit',
      "earned is taken back; `estado` becomes -9 ('Pedido cancelado') and the customer is told `motivo`.",
      '',
      `Idempotent by \`Idempotency-Key\`. ${writesLimit}`,
    ].join('\n'),
    idempotent: true,
    errors: {
      403: 'The order is another store’s.',
      404: 'No such paid order.',
      409: 'The order is already ready (2), collected (3) or cancelled.',
      429: writesLimit,
    },
    examples: {
      request: { motivo: 'Falta de ingredientes: pedimos desculpa.' },
      response: { data: { encomenda: { ...encomenda, estado: -9 } } },
    },
  },
}
