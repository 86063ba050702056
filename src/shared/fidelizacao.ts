import { z } from 'zod'
import { CarimbosClienteSchema, CarimbosMovimentoSchema, OfertaCarimbosSchema } from './carimbos.ts'
import { COMENTARIO_MAX, RATING_MAX, RATING_MIN } from './constants.ts'
import { DocumentosSchema } from './documentos.ts'
import { formatMoney } from './format.ts'
import { PremioResumoSchema, PremioSchema } from './premios.ts'
import { AniversarioClienteSchema } from './premios-aniversario.ts'
import {
  INT_MAX,
  idParams,
  MULTILINHA,
  mensagens,
  obrigatorio,
  PaisSchema,
  requiredError,
  TelemovelSchema,
} from './validacao.ts'

/**
 * Loyalty (spec §2, §3 "Transaction" and "Opinion", STORE-API.md "Loyalty at the till"): what the customer screens, the
 * till and the server agree on. Money in integer cents.
 */

/** The largest id or amount the database's 32-bit integers hold: anything above is refused as input, never a 500. */
export { INT_MAX }
/** The largest bill a till may register (100 000,00 €): a typo of a few zeros is refused, not credited. */
export const TOTAL_MAX = 10_000_000

/**
 * The most a customer's balance (1 000 000,00 €) and points may reach: what an adjustment or a till purchase would take
 * past it is refused with a message (PostgreSQL's `integer` ends at INT_MAX, and past it the write answered 500). Far
 * below INT_MAX, so that what no one can refuse (a paid order's balance given back) still fits.
 * docs/decisions/0030-limits-and-redaction.md.
 */
export const SALDO_MAX = 100_000_000
export const PONTOS_MAX = 1_000_000_000

export const limitesMensagens = {
  saldo: `O saldo do cliente não pode passar de ${formatMoney(SALDO_MAX)}.`,
  pontos: `Os pontos do cliente não podem passar de ${String(PONTOS_MAX).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}.`,
} as const

/** What a purchase earned under one promotion (decision 0052): the extra points, and the extra credit in cents. */
export const PromocaoAplicadaSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  pontos: z.number().int(),
  credito: z.number().int(),
})
export type PromocaoAplicada = z.infer<typeof PromocaoAplicadaSchema>

/** A ledger movement as the customer and the till see it (spec §3 "Transaction", cents). */
export const TransacaoSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(['compra', 'devolucao', 'ajuste', 'expiracao']),
  id_loja: z.number().int(),
  loja: z.string(),
  restaurante: z.string(),
  /** `DD/MM/YYYY` and `HH:mm` in Europe/Lisbon; `criado_em` is the instant. */
  data: z.string(),
  hora: z.string(),
  criado_em: z.string(),
  subtotal: z.number().int(),
  desconto: z.number().int(),
  valor_pago: z.number().int(),
  total_discount: z.number().int(),
  saldo_anterior: z.number().int(),
  saldo_adicionado: z.number().int(),
  saldo_removido: z.number().int(),
  saldo_actual: z.number().int(),
  pontos_anterior: z.number().int(),
  pontos_ganhos: z.number().int(),
  pontos_actual: z.number().int(),
  itens_redimidos: z.number().int(),
  itens_adicionados: z.number().int(),
  id_perfil: z.number().int(),
  id_opiniao: z.number().int().nullable(),
  /** An adjustment's reason (the back-office's words to the customer); null on purchases and refunds. */
  motivo: z.string().nullable(),
  /**
   * The fiscal documents of the sale the movement belongs to (a purchase's own, a refund's purchase's, an app order's),
   * as the store's POS sent them; none for an adjustment.
   */
  documentos: DocumentosSchema,
  /** A purchase's promotions, with what each added (included in `saldo_adicionado` and `pontos_ganhos`). */
  promocoes: z.array(PromocaoAplicadaSchema),
})
export type Transacao = z.infer<typeof TransacaoSchema>

/** Spec §2: a transaction is listed only when something in it is above 0 (an adjustment always: it says why). */
export const transacaoVisivel = (t: Transacao) =>
  t.tipo === 'ajuste' ||
  t.tipo === 'expiracao' ||
  t.saldo_adicionado > 0 ||
  t.total_discount > 0 ||
  t.saldo_removido > 0 ||
  t.pontos_ganhos > 0 ||
  t.itens_adicionados > 0

/** The loyalty part of a customer's private data. */
export const FidelizacaoDadosSchema = z.object({
  saldo: z.number().int(),
  pontos: z.number().int(),
  patamar: z.number().int(),
  /** Rewards available to redeem. */
  itens: z.number().int(),
  /** Balance used in purchases, net of refunds ('Já poupou'). */
  ja_poupou: z.number().int(),
  /** Credit earned, net of refunds. */
  acumulado: z.number().int(),
  total_valor_desconto: z.number().int(),
  /** The account may leave opinions (OPINIONS_ENABLED and a complete registration). */
  ve_rating: z.boolean(),
  /** What each reward held gives (decision 0051); null while the back-office has defined none. */
  premio: PremioSchema.nullable(),
  /** The birthday reward the customer can use today (decision 0053), or null. */
  aniversario: AniversarioClienteSchema.nullable(),
  /** The stamp cards (decision 0057): stamps towards the next offer, and offers held. */
  carimbos: z.array(CarimbosClienteSchema),
  /**
   * The next credit and points to expire (decision 0058): the last day they can be used (`YYYY-MM-DD`, Lisbon) and
   * how much; null when nothing expires, or the programme has no expiry.
   */
  expiracao: z.object({ dia: z.string(), saldo: z.number().int(), pontos: z.number().int() }).nullable(),
})
export type FidelizacaoDados = z.infer<typeof FidelizacaoDadosSchema>

export const SelecaoNifSchema = z.object({
  selecao: z.enum(['principal', 'secundario'], { error: mensagens.valorInvalido }),
})

const rating = z
  .union([z.number().int().min(RATING_MIN).max(RATING_MAX), z.null()], { error: mensagens.valorInvalido })
  .optional()
  .transform((v) => v ?? null)

/** Spec §5: shop and comment required, ratings 1–5 optional. */
export const OpiniaoSchema = z.object({
  loja: z.coerce
    .number({ error: mensagens.obrigatorio })
    .int(mensagens.obrigatorio)
    .positive(mensagens.obrigatorio)
    .max(INT_MAX, mensagens.valorInvalido),
  rating1: rating,
  rating2: rating,
  rating3: rating,
  comentario: obrigatorio(COMENTARIO_MAX, MULTILINHA),
})
export type OpiniaoInput = z.input<typeof OpiniaoSchema>

/** A transaction's (or a purchase's) id in a path: plain digits (validacao.ts `idParams`). */
export const IdParams = idParams('id')
export const TransacaoParams = IdParams

// ── Store API (STORE-API.md) ──────────────────────────────────────────────────────────────────────────────────────

const CENTIMOS = 'Valor em cêntimos (número inteiro)'
const cents = () => z.number({ error: requiredError }).int(CENTIMOS).max(TOTAL_MAX, `No máximo ${TOTAL_MAX} cêntimos`)
const id = () =>
  z
    .number({ error: requiredError })
    .int(mensagens.valorInvalido)
    .positive(mensagens.valorInvalido)
    .max(INT_MAX, mensagens.valorInvalido)

/** Exactly one of: the QR text; the phone; the phone with the security code. */
export const IdentificarSchema = z.union(
  [
    z.strictObject({ qr: obrigatorio(200) }),
    z.strictObject({
      telemovel: TelemovelSchema,
      pais: PaisSchema,
      codigo_seguranca: z
        .string()
        .regex(/^\d{4,10}$/, mensagens.valorInvalido)
        .optional(),
    }),
  ],
  { error: 'Indique o QR do cliente, ou o telemóvel (e o código de segurança, se o cliente o usar)' },
)

/** A store's proof that it identified the customer just now (`clientes/identificar` → `identificacao`): opaque. */
export const IdentificacaoSchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, mensagens.valorInvalido)

/** A product bought, as a purchase may list them (the promotions on a product count its units). */
export const ProdutoCompradoSchema = z.object({
  cod_produto: obrigatorio(40),
  quantidade: z.number({ error: mensagens.valorInvalido }).int(mensagens.valorInvalido).min(1).max(1000),
})
export type ProdutoComprado = z.infer<typeof ProdutoCompradoSchema>

export const CompraSchema = z
  .object({
    cliente_id: id(),
    /** Required to spend balance or redeem rewards (STORE-API.md); a purchase that only earns may go without. */
    identificacao: IdentificacaoSchema.optional(),
    /** > 0, or 0 for a bill that is only a stamp card's offer (the product given, billed at 0). */
    total: cents().min(0, mensagens.maiorQueZero),
    saldo_a_usar: cents().min(0, mensagens.naoNegativo),
    itens_a_redimir: z
      .number({ error: mensagens.valorInvalido })
      .int(mensagens.valorInvalido)
      .min(0)
      .max(1000)
      .default(0),
    /**
     * 1: the customer's birthday reward is used (decision 0053), on its own: not with `itens_a_redimir`. Spends, so it
     * needs `identificacao`.
     */
    usar_premio_aniversario: z.union([z.literal(0), z.literal(1)]).default(0),
    referencia: obrigatorio(100),
    /**
     * The products on the bill, when the POS lists them (optional): the promotions on a product (decision 0052) count
     * their units. A bill without them earns every other promotion.
     */
    produtos: z.array(ProdutoCompradoSchema).max(200).optional(),
    /**
     * Offers of stamp cards given with this purchase (decision 0057): products of the card handed over free, which earn
     * no stamp. Spends, so it needs `identificacao`.
     */
    ofertas_carimbos: z.array(OfertaCarimbosSchema).max(20).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.total === 0 && !c.ofertas_carimbos?.length) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: mensagens.maiorQueZero })
    }
  })

/** Cents of `valor_pago` returned; 0 only for a purchase paid wholly with balance (it is then refunded whole). */
export const DevolucaoSchema = z.object({
  valor: cents().min(0, mensagens.naoNegativo),
  /**
   * The products returned, when the POS lists them: a stamp card (decision 0057) takes back their units' stamps.
   * Unsaid, its stamps come back in proportion to the money; a refund of the whole takes back all of them.
   */
  produtos: z.array(ProdutoCompradoSchema).max(200).optional(),
})

export const ClienteProvisorioSchema = z.object({ telemovel: TelemovelSchema, pais: PaisSchema })

/**
 * The tax number a customer chose in the app for their invoices (spec §4 NIF choice), with its billing name (the
 * account holder's name when the NIF was saved without one).
 */
export const NifClienteSchema = z.object({ numero: z.string(), nome: z.string() })
export type NifCliente = z.infer<typeof NifClienteSchema>

export const ClienteSchema = z.object({
  id: z.number().int(),
  nome: z.string().nullable(),
  saldo: z.number().int(),
  pontos: z.number().int(),
  patamar: z.number().int(),
  itens: z.number().int(),
  temporario: z.union([z.literal(0), z.literal(1)]),
  /** STORE-API.md: the NIF the customer chose for invoices, or null when none is chosen. */
  nif: NifClienteSchema.nullable(),
  /** The rewards available, one entry each, named as what they give (empty while none is defined; `itens` counts). */
  premios: z.array(PremioResumoSchema),
  /** The birthday reward the customer can use today (decision 0053), or null. */
  aniversario: AniversarioClienteSchema.nullable(),
  /** The stamp cards (decision 0057): stamps towards the next offer, and offers to give with a purchase. */
  carimbos: z.array(CarimbosClienteSchema),
})
export type Cliente = z.infer<typeof ClienteSchema>

/** A transaction as the till reads it (STORE-API.md): no `motivo`, which only the back-office's adjustments carry. */
export const TransacaoLojaSchema = TransacaoSchema.omit({ motivo: true }).extend({
  referencia: z.string().nullable(),
  /** Why nothing was earned (a registration not complete), or null. */
  aviso: z.string().nullable(),
  /** The rewards the purchase redeemed, one entry each, as they were defined then. */
  premios: z.array(PremioResumoSchema),
  /** A purchase's or a refund's answer: what it did to each stamp card (decision 0057). */
  carimbos: z.array(CarimbosMovimentoSchema).optional(),
})
export type TransacaoLoja = z.infer<typeof TransacaoLojaSchema>

export const DevolucaoRespostaSchema = z.object({
  transacao: TransacaoLojaSchema,
  /** Credit and points that could not be taken back because they were already spent. */
  nao_recuperado: z.object({ saldo: z.number().int(), pontos: z.number().int() }),
  aviso: z.string().nullable(),
})
