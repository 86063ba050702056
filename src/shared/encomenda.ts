import { z } from 'zod'
import { PorcaoSchema } from './catalogo.ts'
import { CARRINHO_LINHAS_MAX, DEFAULT_PAIS, OBSERVACOES_MAX, QUANTIDADE_MAX } from './constants.ts'
import { PrivateDataSchema } from './conta.ts'
import { CODIGO_MESA, mesasTextos } from './mesas.ts'
import { METODOS_PAGAMENTO } from './metodos-pagamento.ts'
import { EncomendaClienteSchema, PedidoEmbalagemSchema, TipoEntregaSchema } from './pedido.ts'
import {
  depoisDoTexto,
  ESPACOS,
  IdSchema,
  mensagens,
  NifOpcionalSchema,
  obrigatorio,
  opcional,
  PaisSchema,
  texto,
} from './validacao.ts'

/** Ordering's calls (spec §7): the cart as the app sends it, and what a calculation answers. Amounts in cents. */

/** A store's POS id: a positive integer column on both databases (in a path, plain digits: validacao.ts `IdSchema`). */
export const IdLojaSchema = IdSchema

const CodigoSchema = texto(40).min(1)

/** A cart line (spec §3 "Cart item"): the product, how many, and the ids of its chosen complements and options. */
export const LinhaCarrinhoSchema = z.strictObject({
  id: CodigoSchema,
  qtd: z.number().int().min(1).max(QUANTIDADE_MAX),
  complementares: z.array(CodigoSchema).max(100).default([]),
  opcoes: z.array(CodigoSchema).max(100).default([]),
  /** A full portion (the default) or a half one ('Meia dose'), refused for a product without one. */
  porcao: PorcaoSchema.default('dose'),
  /** The customer's note for the kitchen ('Sem cebola'): single-line, at most 140 characters; empty is none. */
  observacoes: opcional(OBSERVACOES_MAX),
})
export type LinhaCarrinho = z.input<typeof LinhaCarrinhoSchema>

export const CarrinhoSchema = z.array(LinhaCarrinhoSchema).min(1).max(CARRINHO_LINHAS_MAX)

/**
 * 'Trago o meu recipiente': the customer brings their own container to a take-away order, which then pays no
 * single-use packaging contribution (Portaria 331-E/2021); the kitchen is told.
 */
const RecipienteProprioSchema = z
  .union([z.literal(0), z.literal(1)])
  .default(0)
  .meta({
    description:
      "1: the customer brings their own container ('Trago o meu recipiente'): a take-away order pays no single-use packaging contribution, and the kitchen is told. 0 (the default): the contribution is charged.",
  })

/** 'Usar o prémio de aniversário' (decision 0053): the birthday reward usable today, on its own. */
const UsarAniversarioSchema = z
  .union([z.literal(0), z.literal(1)])
  .default(0)
  .meta({
    description:
      "1: the order uses the customer's birthday reward (the calculation's `aniversario`), taking it off before the balance; not with `resgatar_premio` 1 (422). 0 (the default): kept.",
  })

export const CalculaEncomendaSchema = z.strictObject({
  cart: CarrinhoSchema,
  id_loja: IdLojaSchema,
  /** Whether the balance is used (spec §4 'Rebater Oferta'): 1 'Usar', 0 'Manter em conta' (the default). */
  usar_premio: z.union([z.literal(0), z.literal(1)]).default(0),
  /** 'Usar prémio' (decision 0051): 1 redeems one of the customer's rewards on this order; 0 (the default) keeps it. */
  resgatar_premio: z.union([z.literal(0), z.literal(1)]).default(0),
  usar_premio_aniversario: UsarAniversarioSchema,
  /**
   * The kind of sale the cart is priced for (0 take-away, the default; 1 eating in): a store may charge each its own
   * price tier (shared/tabelas-preco.ts). Not in spec §7's body, which predates the tiers; an app that omits it gets
   * the take-away price, as before.
   */
  id_tipo_entrega: TipoEntregaSchema.default(0).meta({
    description:
      'The kind of sale the cart is priced for: 0 take-away (the default), 1 eating in. A store may charge each a different price tier of its POS.',
  }),
  recipiente_proprio: RecipienteProprioSchema,
})

/** A priced line: from the current menu, never from what the app sent. */
export const LinhaCalculadaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  qtd: z.number().int(),
  complementares: z.array(z.object({ id: z.string(), nome: z.string(), pvp_com_iva: z.number().int() })),
  opcoes: z.array(z.object({ id: z.string(), nome: z.string() })),
  porcao: PorcaoSchema,
  observacoes: z.string().nullable(),
  /** One unit with its complements. */
  unitario: z.number().int(),
  total: z.number().int(),
})
export type LinhaCalculada = z.infer<typeof LinhaCalculadaSchema>

/** The loyalty side of a calculation (spec §3 "Loyalty transaction"). */
export const TransacaoCalculadaSchema = z.object({
  /** The cart's total: its lines and the packaging contribution, VAT included. */
  total_transaction: z.number().int(),
  /** The balance taken off it: `total_outstanding_removed` when the balance is used, else 0. */
  total_discount: z.number().int(),
  /**
   * What the reward redeemed ('Usar prémio', `resgatar_premio` 1, or the birthday's, `usar_premio_aniversario` 1) takes
   * off, before the balance; 0 without one.
   */
  premio_discount: z.number().int(),
  /** What is left to pay. */
  total_paid: z.number().int(),
  /** The balance that using it would take: the smaller of the balance and what is left after the reward. */
  total_outstanding_removed: z.number().int(),
  /** The customer's balance now. */
  customer_outstanding: z.number().int(),
})
export type TransacaoCalculada = z.infer<typeof TransacaoCalculadaSchema>

/** Who sells (DL 24/2014, art. 4(1)(b)): the store's operating company, for the checkout's pre-contract summary. */
export const VendedorSchema = z.object({
  loja: z.string().meta({ description: 'The store the order is made at, by its name.' }),
  morada: z.string().meta({ description: 'The store’s address, in one line: where the order is made and collected.' }),
  empresa: z.string().meta({ description: 'The company that operates the store and sells: a franchise is its own.' }),
  nipc: z.string().meta({ description: 'Its NIPC (Portuguese company tax number).' }),
})
export type Vendedor = z.infer<typeof VendedorSchema>

const PremioNoCarrinhoSchema = z.object({
  nome: z.string(),
  imagem: z.string().nullable(),
  desconto: z.number().int(),
  aviso: z.string().nullable(),
})

export const CalculoSchema = z.object({
  loyaltyData: z.object({
    /** `total_transaction` is the lines and the packaging contribution together. */
    transaction: TransacaoCalculadaSchema,
    lines: z.array(LinhaCalculadaSchema),
    embalagens: z.array(PedidoEmbalagemSchema).meta({
      description:
        'The single-use packaging contribution a take-away order pays, one entry per product packaged in plastic, aluminium or multimaterial (cents with VAT, in total_transaction); [] eating in or with recipiente_proprio 1.',
    }),
  }),
  orderData: z.object({ orderCode: z.string().nullable(), status: z.number().int().nullable() }),
  /** Who sells: the checkout says it right above its button. */
  vendedor: VendedorSchema,
  /** 'Levantar': what 'as soon as possible' promises, and the pick-up slots of today the store still offers. */
  levantamento: z.object({
    minutos: z.number().int().meta({
      description:
        'The minutes an order now promises: its products’ longest preparation time (at least 15), the orders in the kitchen and the minutes staff added while it is busy.',
    }),
    horarios: z.array(z.object({ em: z.string(), hora: z.string() })).meta({
      description:
        'The 15-minute pick-up slots of the store’s today with room left: `em` the instant (ISO 8601 UTC) to send as `levantar_em`, `hora` its HH:mm on the store’s clock.',
    }),
    aviso: z.string().nullable().meta({
      description: 'Why the order cannot be made now (it would not be ready before the store closes), or null.',
    }),
  }),
  /** How the store can be paid in the app. */
  pagamento: z.object({
    metodos: z.array(z.enum(METODOS_PAGAMENTO)).meta({
      description:
        "The methods the store accepts and the payment provider offers, in the order to show them: 'mbway', 'multibanco', 'cartao', 'applepay', 'googlepay'. The app offers Apple Pay and Google Pay only on a device that has them.",
    }),
  }),
  /**
   * The reward the customer may use on this order ('Usar prémio', decision 0051): its name and picture, what one takes
   * off this cart, and why it takes nothing (a product not in the cart, one only given at the counter); null when the
   * customer holds none (or the back-office defined none, or a guest).
   */
  premio: PremioNoCarrinhoSchema.nullable(),
  aniversario: PremioNoCarrinhoSchema.extend({ valido_ate: z.string() }).nullable().meta({
    description:
      "The birthday reward the customer may use today ('Usar o prémio de aniversário', `usar_premio_aniversario` 1): as `premio`, with its last day (`valido_ate`, YYYY-MM-DD, Lisbon); null when there is none.",
  }),
  privateData: PrivateDataSchema,
})
export type Calculo = z.infer<typeof CalculoSchema>

/**
 * `POST /api/finaliza-encomenda` (spec §3 "Finalise payload", §5 checkout): the cart again (priced again on the
 * server), who it is for, how it is paid and, for MB WAY, the phone asked to pay. The phone may be empty when the
 * balance pays it all or another method pays: the server decides that from its own calculation.
 */
export const FinalizaEncomendaSchema = z.strictObject({
  id_tipo_entrega: TipoEntregaSchema,
  telemovel: texto(30)
    .regex(new RegExp(`^[\\d${ESPACOS}-]*$`), { error: mensagens.numerico, ...depoisDoTexto })
    .transform((v) => v.replace(/[\s-]/g, '')),
  pais: PaisSchema.default(DEFAULT_PAIS),
  aceitou: z.literal(true, { error: mensagens.obrigatorio }),
  nome: obrigatorio(120),
  // Empty only for a guest, who may leave it out (decision 0050); a customer's is their account's (422 without it).
  email: z.union([z.literal(''), obrigatorio(254).email({ error: mensagens.email, ...depoisDoTexto })], {
    error: mensagens.email,
  }),
  nif: NifOpcionalSchema,
  cart: CarrinhoSchema,
  id_loja: IdLojaSchema,
  usar_premio: z.union([z.literal(0), z.literal(1)]).default(0),
  /** 'Usar prémio' (decision 0051): 1 redeems one of the customer's rewards on this order; 0 (the default) keeps it. */
  resgatar_premio: z.union([z.literal(0), z.literal(1)]).default(0),
  usar_premio_aniversario: UsarAniversarioSchema,
  recipiente_proprio: RecipienteProprioSchema,
  levantar_em: z.iso.datetime({ error: mensagens.valorInvalido }).nullable().default(null).meta({
    description:
      "'Levantar': one of the calculation's `levantamento.horarios[].em` (ISO 8601 UTC), or null (the default) for 'O mais cedo possível'. A slot no longer offered: 422; one that filled up meanwhile: 409.",
  }),
  metodo: z.enum(METODOS_PAGAMENTO, { error: mensagens.valorInvalido }).default('mbway').meta({
    description:
      "How the customer pays what the balance does not: 'mbway' (the default: a request to `telemovel`), 'multibanco' (a reference to pay at an ATM or in a bank app, in `pagamento` of the answer), 'cartao', 'applepay' or 'googlepay' (the provider's page, `pagamento.url`, where the customer is sent and from which they come back). One the store does not accept (the calculation's `pagamento.metodos`): 422.",
  }),
  mesa: z.string().regex(CODIGO_MESA, { error: mesasTextos.invalido }).nullable().default(null).meta({
    description:
      "The code of the table's QR code the order is made from (eating in, no pick-up time): the order then carries its table (`mesa` on the Store API). Null (the default): not from a table.",
  }),
})
export type FinalizaEncomendaInput = z.input<typeof FinalizaEncomendaSchema>

export const FinalizaRespostaSchema = z.object({ orderData: EncomendaClienteSchema, privateData: PrivateDataSchema })
export type FinalizaResposta = z.infer<typeof FinalizaRespostaSchema>
