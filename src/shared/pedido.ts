import { z } from 'zod'
import { DocumentosSchema } from './documentos.ts'

/**
 * An order as its customer sees it (spec §3 "Order data" and "Current order", §4 order status), shared by the
 * checkout's answer, `GET /api/encomendas/{id}`, the private data's `ordering` and the screens. Amounts in cents.
 */

export const EstadoSchema = z.union([
  z.literal(-3),
  z.literal(-1),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(-9),
])
export const TipoEntregaSchema = z.union([z.literal(0), z.literal(1)])

export const PedidoLinhaSchema = z.object({
  produto: z.string(),
  qtd: z.number().int(),
  complementos: z.array(z.string()),
  opcoes: z.array(z.string()),
  /** `dose` or `meia` (a half portion): STORE-API.md order lines. */
  porcao: z.enum(['dose', 'meia']),
  /** The customer's note for the kitchen, or null. */
  observacoes: z.string().nullable(),
  total: z.number().int(),
})
export type PedidoLinha = z.infer<typeof PedidoLinhaSchema>

/**
 * The single-use packaging contribution of one product of a take-away order (Portaria 331-E/2021): its own line, so the
 * POS itemises it on the invoice (STORE-API.md). `valor` is the line's amount, cents with VAT (`qtd` × the setting).
 */
export const PedidoEmbalagemSchema = z.object({
  produto: z.string().meta({ description: 'The product whose packaging is charged, by its menu name.' }),
  qtd: z.number().int().meta({ description: 'Packages charged: one per unit of the product.' }),
  valor: z.number().int().meta({ description: 'The contribution for them all, cents with VAT.' }),
})
export type PedidoEmbalagem = z.infer<typeof PedidoEmbalagemSchema>

const EmbalagensSchema = z.array(PedidoEmbalagemSchema).meta({
  description:
    'The single-use packaging contribution of a take-away order, one entry per product packaged in plastic, aluminium or multimaterial; [] when none (eating in, or the customer brings their own container). Included in total.',
})
const RecipienteProprioSchema = z.boolean().meta({
  description: 'The customer brings their own container: no packaging contribution; the kitchen packs into it.',
})

export const EncomendaClienteSchema = z.object({
  orderId: z.number().int(),
  /** The number the counter calls out and the confirmation shows. */
  codigo: z.string(),
  status: EstadoSchema,
  /** The MB WAY payment arrived (or nothing was left to pay). */
  pago: z.boolean(),
  /** Points the order earned (0 until paid). */
  pointsAdded: z.number().int(),
  id_loja: z.number().int(),
  loja: z.string(),
  /** The store's time zone (`Europe/Lisbon`, or `Atlantic/Azores` in the Azores): the order's date reads in it. */
  fuso: z.string(),
  id_tipo_entrega: TipoEntregaSchema,
  linhas: z.array(PedidoLinhaSchema),
  total: z.number().int(),
  /** The single-use packaging contribution charged (in `total`): its own lines in every summary. */
  embalagens: EmbalagensSchema,
  recipiente_proprio: RecipienteProprioSchema,
  /** The balance used. */
  desconto: z.number().int(),
  /** What the reward used ('Usar prémio') took off, before the balance; 0 without one. */
  desconto_premio: z.number().int(),
  convidado: z.boolean().meta({
    description:
      "Placed without an account, by a guest whose phone an SMS code confirmed; until its points are kept ('Guardar os pontos desta compra', POST /api/encomendas/{id}/guardar-pontos), it earns nothing.",
  }),
  /** What the payment method charges (total − desconto_premio − desconto). */
  valor_pago: z.number().int(),
  pago_com: z.string().nullable().meta({
    description:
      "The payment method of `valor_pago`, as a sentence names it ('MB WAY', 'Multibanco', 'cartão', 'Apple Pay', 'Google Pay'); null when the balance paid it all.",
  }),
  /**
   * The payment request while it waits for the customer, by method, with when it can no longer be paid (ISO): MB WAY,
   * the phone it went to (and its dial code); Multibanco, the entity and reference to pay; the card, Apple Pay and
   * Google Pay, the provider's page to pay on.
   */
  pagamento: z
    .discriminatedUnion('metodo', [
      z.object({ metodo: z.literal('MB WAY'), telemovel: z.string(), pais: z.string(), expira_em: z.string() }),
      z.object({
        metodo: z.literal('Multibanco'),
        entidade: z.string(),
        referencia: z.string(),
        expira_em: z.string(),
      }),
      z.object({
        metodo: z.enum(['Cartão', 'Apple Pay', 'Google Pay']),
        url: z.string(),
        expira_em: z.string(),
      }),
    ])
    .nullable()
    .meta({
      description:
        "The payment request while the order waits for it (status -3), or null. `metodo` 'MB WAY': `telemovel` and `pais`, the phone asked to pay; 'Multibanco': `entidade` and `referencia` to pay at an ATM or in a bank app; 'Cartão', 'Apple Pay', 'Google Pay': `url`, the provider's page to pay on. `expira_em` (ISO 8601 UTC): when it can no longer be paid.",
    }),
  /**
   * The minutes promised while it is received ('Recebemos o seu pedido - N minutos'): the longest preparation time
   * (`tempo`) of its products, never less than 15 (estado-pedido.ts `MINUTOS_PROMETIDOS_MIN`).
   */
  minutos: z.number().int(),
  /** The pick-up time chosen (ISO 8601 UTC; null: as soon as possible): 'Recebemos o seu pedido - pronto às HH:mm'. */
  levantar_em: z.string().nullable(),
  /** The table it was ordered from (its QR code), or null. */
  mesa: z.number().int().nullable(),
  /** Why the order was cancelled, in words the customer reads. */
  motivo: z.string().nullable(),
  criada_em: z.string(),
  /** The invoice its store's POS issued (and the credit note of a cancellation), once the POS sends them. */
  documentos: DocumentosSchema,
})
export type EncomendaCliente = z.infer<typeof EncomendaClienteSchema>

/** A paid order as the store's board and POS read it (STORE-API.md "Orders from the app"). */
export const EncomendaLojaSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  estado: EstadoSchema,
  criada_em: z.string(),
  id_tipo_entrega: TipoEntregaSchema,
  nome: z.string(),
  telemovel: z.string(),
  nif: z.string().nullable(),
  linhas: z.array(PedidoLinhaSchema),
  total: z.number().int(),
  desconto: z.number().int(),
  desconto_premio: z.number().int().meta({
    description:
      'What a loyalty reward the customer used took off `total` (an amount off, or the price of one product given), before the balance (`desconto`): `valor_pago` = `total` − `desconto_premio` − `desconto`. 0 without one.',
  }),
  valor_pago: z.number().int(),
  /**
   * The pick-up time the customer chose (ISO 8601 UTC), or null for 'as soon as possible'. An order is due at its
   * `levantar_em`, or at its `criada_em` when that is null.
   */
  levantar_em: z.string().nullable(),
  preparar_em: z.string().nullable().meta({
    description:
      'When the kitchen should start an order with a pick-up time (`levantar_em` less its promised preparation minutes, ISO 8601 UTC); null for one wanted as soon as possible. The board keeps such an order aside until then.',
  }),
  /** The table of an order made from a table's QR code, or null. */
  mesa: z.number().int().nullable(),
  /** The fiscal documents the POS sent for it (`PUT …/documento`): the invoice, the credit note of a cancellation. */
  documentos: DocumentosSchema,
  verificar_idade: z.boolean().meta({
    description:
      'A line is sold to adults only (alcohol, DL 50/2013): staff check the customer’s age at pick-up. The app already refused it to a customer under 18 by the birth date of the account.',
  }),
  embalagens: EmbalagensSchema,
  recipiente_proprio: RecipienteProprioSchema,
})
export type EncomendaLoja = z.infer<typeof EncomendaLojaSchema>

/**
 * An order in the board's 'Hoje' list: what staff read to find it (number, time, name, delivery, state, total), not
 * the customer's phone, NIF or lines, which the list has no use for.
 */
export const EncomendaHojeSchema = EncomendaLojaSchema.pick({
  id: true,
  codigo: true,
  estado: true,
  criada_em: true,
  id_tipo_entrega: true,
  nome: true,
  total: true,
})
export type EncomendaHoje = z.infer<typeof EncomendaHojeSchema>
/**
 * The most orders `GET /api/loja/v1/encomendas` (and a board's first load) answers: the most recent of the states
 * asked. The open ones of a working store are far fewer; the limit bounds a query for the finished ones (3, -9).
 */
export const ENCOMENDAS_LOJA_MAX = 200

/**
 * The most orders the board's 'Hoje' view lists (`/painel/api/encomendas/hoje`), newest first: a busy counter's day,
 * several times over.
 */
export const ENCOMENDAS_HOJE_MAX = 1000

/** How many orders a page of 'As minhas encomendas' holds. */
export const ENCOMENDAS_PAGINA = 20

/** 'As minhas encomendas' (`GET /api/encomendas`): a page of the customer's orders, newest first. */
export const HistoricoEncomendasSchema = z.object({
  encomendas: z.array(EncomendaClienteSchema).max(ENCOMENDAS_PAGINA),
  /** The id to ask the next page with (`?antes=`), or null when there are no older orders. */
  seguinte: z.number().int().nullable(),
})
export type HistoricoEncomendas = z.infer<typeof HistoricoEncomendasSchema>

/**
 * A line of a past order as 'Repetir' reads it (`GET /api/encomendas/{id}/repetir`): by the menu's codes when the order
 * kept them (`id` not null), and always by the names it was priced with, so that the app finds it in the store's
 * current menu or names it when it can no longer be ordered.
 */
export const LinhaParaRepetirSchema = z.object({
  /** The product's code; null for an order placed before codes were kept (then found by `produto`). */
  id: z.string().nullable(),
  qtd: z.number().int(),
  /** The codes of its extras and options (empty when `id` is null). */
  complementares: z.array(z.string()),
  opcoes: z.array(z.string()),
  porcao: z.enum(['dose', 'meia']),
  observacoes: z.string().nullable(),
  /** The names it was priced with: the product, its extras, its options. */
  produto: z.string(),
  nomes_complementos: z.array(z.string()),
  nomes_opcoes: z.array(z.string()),
})
export type LinhaParaRepetir = z.infer<typeof LinhaParaRepetirSchema>

export const ParaRepetirSchema = z.object({
  orderId: z.number().int(),
  id_loja: z.number().int(),
  id_tipo_entrega: z.union([z.literal(0), z.literal(1)]),
  linhas: z.array(LinhaParaRepetirSchema),
})
export type ParaRepetir = z.infer<typeof ParaRepetirSchema>
