import { z } from 'zod'
import { CODIGOS_ALERGENIOS } from './alergenios.ts'
import { descrito } from './ementa.ts'

/** The ordering catalogue the app shows (spec §3 "Ordering catalogue", simplified), prices in cents with VAT. */
export const ComplementarSchema = z.object({
  id: z.string(),
  nome: z.string(),
  pvp_com_iva: z.number().int(),
  obrigatorio: z.boolean(),
})
export const OpcaoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  grupo: z.string(),
  /** The option group's name (`Açúcar`, `Leite`): the product screen's heading of its choices. */
  nome_grupo: z.string(),
})
/**
 * An option group's rule (decision 0026): how many of its options the customer must (`min`) and may (`max`, 0: no limit)
 * pick. A breakfast menu whose drink must be chosen has `min` 1. A composite product's components (`composto`) are
 * option groups too (docs/decisions: how `composto` is read).
 */
export const GrupoOpcoesCatalogoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  min: z.number().int(),
  max: z.number().int(),
})
/** An allergen as the catalogue carries it: its Annex II code and its pt-PT name (shared/alergenios.ts). */
export const AlergenioCatalogoSchema = z.object({ codigo: z.enum(CODIGOS_ALERGENIOS), nome: z.string() })
export const PorcaoSchema = z.enum(['dose', 'meia'])
export type Porcao = z.infer<typeof PorcaoSchema>
export const ProdutoCatalogoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  pvp_com_iva: z
    .number()
    .int()
    .meta(
      descrito(
        "The full dose's price for take-away (id_tipo_entrega 0), cents with VAT: the store's take-away price tier (precovenda unless the store chose another).",
      ),
    ),
  pvp_na_loja_com_iva: z
    .number()
    .int()
    .meta(
      descrito(
        "The full dose's price for eating in (id_tipo_entrega 1), cents with VAT: the store's price tier for it; the same as pvp_com_iva unless the store charges eating in another tier.",
      ),
    ),
  imagem: z.string().nullable(),
  complementares: z.array(ComplementarSchema),
  opcoes: z.array(OpcaoSchema),
  idCategoria: z.string(),
  /** The rules the product screen enforces (and the server again on every calculation). */
  min_complementos: z.number().int(),
  max_complementos: z.number().int(),
  maxopcoes: z.number().int(),
  /** Sold out at this store for today (marked in the back-office): shown, but not orderable. */
  esgotado: z.boolean(),
  /** Each option group's minimum and maximum (decision 0026), by `OpcaoSchema.grupo`. */
  grupos_opcoes: z.array(GrupoOpcoesCatalogoSchema),
  /** The menu's `highlight`: shown first in its category. */
  destaque: z.boolean(),
  /** Allergens it contains ('Contém'); null when the menu says nothing of them (unknown, never "none"). */
  alergenios: z.array(AlergenioCatalogoSchema).nullable(),
  /** Traces ('Pode conter'); empty when the menu names none. */
  pode_conter: z.array(AlergenioCatalogoSchema),
  /** Per dose, as the menu gives them; null when it does not. */
  calorias: z.number().nullable(),
  /** Grams of salt per dose; null when the menu does not say. */
  sal: z.number().nullable(),
  vegetariano: z.boolean(),
  picante: z.boolean(),
  /** The POS's `dieta` mark (a light/diet dish). */
  dieta: z.boolean(),
  /** Serves this many people; null when not said. */
  pessoas: z.number().int().nullable(),
  /** Preparation time in minutes; null when not said. */
  tempo: z.number().int().nullable(),
  /** Whether a half portion can be ordered, and its price with VAT (cents; null when it cannot). */
  meia_dose: z.boolean(),
  pvp_meia_com_iva: z.number().int().nullable(),
  /** How the POS names the full and the half portion ('Dose' and 'Meia dose' unless it sends its own). */
  rotulo_dose: z.string(),
  rotulo_meia: z.string(),
  /** 'Acompanha bem com': ids of products of the same catalogue (only those the customer can see). */
  sugeridos: z.array(z.string()),
  apenas_maiores: z
    .boolean()
    .meta(descrito('Sold to adults only (alcohol): a customer under 18, or with no birth date, cannot order it.')),
  contribuicao_embalagem: z
    .number()
    .int()
    .meta(
      descrito(
        'The single-use packaging contribution a take-away order pays per unit of it, cents with VAT; 0 when its packaging pays none. Eating in pays none.',
      ),
    ),
})
export type ProdutoCatalogo = z.infer<typeof ProdutoCatalogoSchema>
export const CategoriaSchema = z.object({ id: z.string(), nome: z.string(), produtos: z.array(ProdutoCatalogoSchema) })
export type Categoria = z.infer<typeof CategoriaSchema>
export const CatalogoSchema = z.object({ categorias: z.array(CategoriaSchema) })
export type Catalogo = z.infer<typeof CatalogoSchema>

/** A store that takes orders from the app (spec §3 "Store for ordering"). */
export const LojaEncomendaSchema = z.object({
  id_loja: z.number().int(),
  nome: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  aberta: z.boolean(),
  /**
   * Its online orders are paused: from the back-office or the store's board, or by themselves while its board is away
   * (decision 0041); then `aberta` is false too.
   */
  em_pausa: z.boolean(),
  /**
   * What to tell the customer of a paused store (until when, Lisbon time) or of one closed today (a holiday, an
   * exceptional closure); null when neither.
   */
  aviso: z.string().nullable(),
})
export type LojaEncomenda = z.infer<typeof LojaEncomendaSchema>

/**
 * What a store's page tells of it today (`GET /api/lojas/{id_loja}/estado`), for any store, app orders or not: closed
 * today (a holiday, an exceptional closure), or its app orders paused; `aviso` in the catalogue's words, null when
 * neither.
 */
export const EstadoLojaSchema = z.object({
  id_loja: z.number().int(),
  encerrada: z.boolean(),
  /** Only a store that takes app orders is ever paused: the pause is of those orders. */
  em_pausa: z.boolean(),
  aviso: z.string().nullable(),
})
export type EstadoLoja = z.infer<typeof EstadoLojaSchema>
