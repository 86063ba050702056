import { z } from 'zod'
import { ALERGENIOS, alergenioDe, type CodigoAlergenio } from './alergenios.ts'
import { EMBALAGENS } from './embalagens.ts'
import { MULTILINHA, type TextoOptions, texto } from './validacao.ts'

/**
 * A store's menu as its POS sends it (spec §3 "Menu snapshot", STORE-API.md `PUT /api/loja/v1/ementa`): sections →
 * families → products, each product with its complements (extras, priced) and option groups (choices, free). The field
 * names are the POS's (ZoneSoft's, common in Portuguese restaurants). Prices arrive in euros with decimals; once parsed
 * (and as stored) `precovenda` and `preco` are cents. Fields the app does not use are accepted and dropped
 * (nothing of unknown shape or size is stored; a POS's extra structure, however deep, never reaches the database).
 * Texts are single-line, but for descriptions; no text holds control characters (validacao.ts `texto`).
 */

/** POS flags come as booleans or as 0/1. */
const Flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1)
/** POS codes come as numbers or strings; the app keys everything by their text. */
const Codigo = z.union([z.number().int().nonnegative(), texto(40).min(1)]).transform(String)
/**
 * A number as a POS sends it: a JSON number, or a numeric string (`"2.50"`). Never `null`, `""` or `false`, which a
 * plain coercion would read as 0 (a free product, a limit of "none").
 */
const Numero = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .pipe(z.coerce.number())
/** The dearest single item a menu may hold: a whole cake for a party, with room; past it, a POS's typing mistake. */
export const PRECO_MAX_EUROS = 1000
/** A price with more than cents: the POS sent a value no till charges. */
export const PRECO_DECIMAIS = 'Preço com mais de duas casas decimais'
/** Euros with at most two decimals, as the POS sends them (`2.5`, `"2.50"`). */
const Euros = Numero.pipe(z.number().nonnegative().max(PRECO_MAX_EUROS)).refine(
  (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
  PRECO_DECIMAIS,
)
/** Euros as the POS sends them, in cents (rounded: `2.675` in binary is a hair under, the POS meant 2,68 €). */
export const ementaCents = (euros: number) => Math.round(euros * 100 + 1e-6)
/** A price: euros in the snapshot sent, cents once parsed (and stored). */
const Preco = Euros.transform(ementaCents)
const Texto = (max: number, options?: TextoOptions) => texto(max, options)
/**
 * Where product images live: a path on this server (`/imagens/`). The app's CSP loads images from itself only, and a
 * customer's phone asks no other host for anything (no tracking pixels by way of a menu): docs/decisions/0011.
 */
const BaseUrl = Texto(300).regex(
  /^(\/(?!\/)(?!.*\.\.)[A-Za-z0-9._~\-/]*)?$/,
  'Caminho de imagens inválido: deve começar por /',
)
/** A product's image under `base_url`: a relative file path, never a way out of it (`..`) or to another host. */
const Imagem = Texto(300).regex(/^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9._~\-/]*$/, 'Nome de imagem inválido')
const Quantidade = Numero.pipe(z.number().int().nonnegative().max(99))

/**
 * A list of allergens (STORE-API.md): each item names one of Annex II by number, code or pt-PT name; an item that names
 * none is refused (never dropped: a dropped allergen would read as absent). Kept as codes, once each, in the Annex's
 * order.
 */
const Alergenios = z
  .array(
    z.union([z.number(), texto(60)]).transform((item, ctx) => {
      const codigo = alergenioDe(item)
      if (codigo === undefined) {
        ctx.addIssue({ code: 'custom', message: `Alergénio desconhecido: ${String(item).slice(0, 60)}` })
        return z.NEVER
      }
      return codigo
    }),
  )
  .max(50)
  .transform((codigos): CodigoAlergenio[] => ALERGENIOS.map((a) => a.codigo).filter((c) => codigos.includes(c)))
/** A count a POS sends as a number where 0 (its default) means "not said". */
const Contagem = (max: number) =>
  Numero.pipe(z.number().int().nonnegative().max(max)).transform((v) => (v === 0 ? null : v))
/** How an allergen may be named, for the menu's description to integrators (the OpenAPI document). */
const FORMAS_ALERGENIO =
  'Each item one of the 14 allergens of Annex II of EU Regulation 1169/2011, by its number (1–14, a number or ' +
  `digits), its code or its pt-PT name (case, accents, spaces and _ ignored): ${ALERGENIOS.map(
    (a) => `${a.numero} ${a.codigo} ('${a.nome}'${a.nomeAnexo === a.nome ? '' : ` or '${a.nomeAnexo}'`})`,
  ).join(', ')}. An item naming none refuses the menu (422).`
export const descrito = (description: string) => ({ description })
/**
 * A VAT rate in percent. Which rates a menu may use depends on its store's region (shared/regioes.ts `TAXAS_IVA`): the
 * import checks them with the store at hand (features/encomendas/ementa.ts `firstFault`), naming the product.
 */
const Iva = Numero.pipe(z.number().nonnegative().max(100)).meta(
  descrito(
    "VAT rate in percent (a number or its text): one of the store's region's rates, CIVA art. 18 and the regional decrees: mainland 6, 13 or 23; Madeira 5, 12 or 22 (and 4 on the essential goods of its regional decree 6/2024/M); Azores 4, 9 or 16. The store's region is set in the back-office (mainland unless set). Another rate is refused with 422 naming the product.",
  ),
)

/** A portion's name as the POS prints it ('Dose', 'Meia', 'Pequena'). */
const Rotulo = Texto(40).min(1)
/**
 * A yes or a no as a POS or a person types it (`"1"`, `"Sim"`, `"N"`, `"não"`, `"false"`), case and accents ignored: the
 * flag it says, or undefined for any other text.
 */
const SIM = new Set(['1', 's', 'sim', 'true', 'yes'])
const NAO = new Set(['0', 'n', 'nao', 'false', 'no'])
function simOuNao(v: string): boolean | undefined {
  const palavra = v
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
  return SIM.has(palavra) ? true : NAO.has(palavra) ? false : undefined
}
/** A portion's flag or its name: a yes/no word is the flag it says, any other text a name (`Rotulo`). */
const FlagOuRotulo = z.union([Flag, Rotulo]).transform((v) => (typeof v === 'string' ? (simOuNao(v) ?? v) : v))

export const OpcaoEmentaSchema = z.object({
  grupo: Codigo.optional(),
  codigo: Codigo,
  nome_grupo: Texto(120).optional(),
  descricao: Texto(120).min(1),
})

export const GrupoOpcoesSchema = z.object({
  codigo: Codigo,
  descricao: Texto(120).min(1),
  /** The POS's own flag (spec §3), unused by the app: kept only when it is a flag, else dropped. */
  comentauto: Flag.optional().catch(undefined),
  /**
   * How many of the group's options the customer must and may pick (docs/decisions/0026-menu-fields.md): `minopcoes`
   * defaults to 0 (1 in a `composto` product, whose groups are its components), `maxopcoes` to 1; 0 is no limit.
   */
  minopcoes: Quantidade.optional().meta(
    descrito(
      'How many options of the group the customer must pick, 0–99. Absent: 0, or 1 in a composto product (each group is a component).',
    ),
  ),
  maxopcoes: Quantidade.optional().meta(
    descrito('How many options of the group the customer may pick, 0–99; 0 is no limit. Absent: 1.'),
  ),
  opcoes: z.array(OpcaoEmentaSchema).max(100),
})

export const ComplementoSchema = z.object({
  codigo: Codigo,
  descricao: Texto(120).min(1),
  preco: Preco,
  iva: Iva,
  obrigatorio: Flag.default(false),
  qtd: Quantidade.optional(),
  max_qtd: Quantidade.optional(),
  restricted: Flag.optional(),
})

/** A POS price tier (`pvp2`…`pvp10`). */
const Tier = Preco.nullish().meta(
  descrito(
    'A price tier in euros (as precovenda, at most 1 000 € with two decimals). A store may charge it for take-away or for eating in (its setting in the back-office); 0 or absent: that sale pays precovenda.',
  ),
)

export const ProdutoEmentaSchema = z.object({
  cod_produto: Codigo,
  produto: Texto(120).min(1),
  posicao: Numero.pipe(z.number().int()).default(0),
  precovenda: Preco,
  iva: Iva,
  visivel: Flag.default(true),
  highlight: Flag.optional().meta(descrito('0/1 or a boolean: shown first in its category.')),
  restricted: Flag.optional().meta(
    descrito(
      '0/1 or a boolean: sold to adults only (alcohol, DL 50/2013). Shown to everyone; a customer under 18, or with no birth date, cannot order it, and an order with it asks staff to check the age at pick-up (verificar_idade).',
    ),
  ),
  /** Its take-away packaging; absent, the back-office's mark for the product applies (decision 0037). */
  embalagem: z
    .enum(EMBALAGENS, { error: `Embalagem desconhecida: use ${EMBALAGENS.join(', ')}` })
    .nullish()
    .meta(
      descrito(
        "Its take-away packaging: plastico, aluminio or multimaterial (each charged the single-use packaging contribution on a take-away order), papel or nenhuma. Absent: the back-office's setting for the product applies.",
      ),
    ),
  /** How many options (over all its groups) a customer may pick; 0: no limit. */
  maxopcoes: Quantidade.default(0),
  /** How many complements a customer must and may pick (mandatory ones count); max 0: no limit. */
  min_complementos: Quantidade.default(0),
  max_complementos: Quantidade.default(0),
  complementares: z.array(ComplementoSchema).max(100).default([]),
  opcoes: z.array(GrupoOpcoesSchema).max(50).default([]),
  imagem: Imagem.nullish(),
  descricao: Texto(1000, MULTILINHA).nullish(),
  // Read as docs/decisions/0026-menu-fields.md says.
  /** Allergens it contains; without this list its allergens are unknown (not "none"), whatever the flags say. */
  alergenios: Alergenios.nullish().meta(
    descrito(
      `The allergens the product contains ('Contém'). ${FORMAS_ALERGENIO} [] declares none of the 14. Absent or null: ` +
        'unknown (never "none"), whatever gluten and lactose say. Must cover the extras and components it may be served with: they carry no allergens of their own.',
    ),
  ),
  /** Traces ('Pode conter'). */
  pode_conter: Alergenios.nullish().meta(
    descrito(`Traces ('Pode conter'), read as alergenios. ${FORMAS_ALERGENIO} Absent: none named.`),
  ),
  /** With a list, 1 adds `gluten` (`lactose` 1 adds `leite`) and 0 removes nothing; without one, they make nothing known. */
  gluten: Flag.nullish().meta(
    descrito(
      '0/1 or a boolean. With an alergenios list, 1 adds gluten to it; 0 removes nothing. Without a list, ignored.',
    ),
  ),
  lactose: Flag.nullish().meta(
    descrito(
      '0/1 or a boolean. With an alergenios list, 1 adds leite (milk) to it; 0 removes nothing. Without a list, ignored.',
    ),
  ),
  /** Per dose: kcal and grams of salt. */
  calorias: Numero.pipe(z.number().nonnegative().max(10000))
    .nullish()
    .meta(descrito('kcal per dose, 0–10 000 (a number or numeric text). Absent: not said.')),
  sal: Numero.pipe(z.number().nonnegative().max(100))
    .nullish()
    .meta(descrito('Grams of salt per dose, 0–100 (a number or numeric text). Absent: not said.')),
  vegetariano: Flag.nullish(),
  picante: Flag.nullish(),
  dieta: Flag.nullish(),
  /** Serves this many people; 0: not said. */
  pessoas: Contagem(99).nullish().meta(descrito('Serves this many people, 0–99; 0 or absent: not said.')),
  /** Minutes to prepare it; 0: not said. */
  tempo: Contagem(240)
    .nullish()
    .meta(
      descrito(
        "Minutes to prepare it, 0–240; 0 or absent: not said. An order promises its products' longest, never under 15.",
      ),
    ),
  /** The half portion's price: one exists when the family allows it (`meiadose`) and this is above 0. */
  precomeia: Preco.nullish().meta(
    descrito(
      "The half portion's price in euros (as precovenda), at most precovenda. A half portion is sold when the family's meiadose allows it and this is above 0.",
    ),
  ),
  /** The POS's price tiers: each store charges the one it chose per kind of sale (decision 0026, "Price tiers"). */
  pvp2: Tier,
  pvp3: Tier,
  pvp4: Tier,
  pvp5: Tier,
  pvp6: Tier,
  pvp7: Tier,
  pvp8: Tier,
  pvp9: Tier,
  pvp10: Tier,
  politicapreco: Numero.pipe(z.number().int().min(0).max(10))
    .nullish()
    .meta(
      descrito(
        "The POS's own price policy, 0–10: validated and kept; which tier an order pays is the store's setting (take-away, eating in), not this.",
      ),
    ),
  /** A menu of components the customer picks: its option groups, each one mandatory unless it says `minopcoes` 0. */
  composto: Flag.nullish().meta(
    descrito(
      '0/1 or a boolean: a menu made of components the customer picks, one option group per component, each required unless its minopcoes is 0.',
    ),
  ),
  /** 'Acompanha bem com': `cod_produto`s of the same menu. */
  sugeridos: z
    .array(Codigo)
    .max(20)
    .nullish()
    .meta(
      descrito(
        "'Acompanha bem com': up to 20 cod_produto of the same menu (an unknown code or the product itself refuses the menu).",
      ),
    ),
})

export const FamiliaSchema = z.object({
  codigo: Codigo,
  descricao: Texto(120).min(1),
  visivel: Flag.default(true),
  /**
   * Half portions (decision 0026): `meiadose` 0/1, a boolean or a yes/no word (`"S"`, `"Sim"`, `"N"`, `"Não"`, `"false"`)
   * allows them or not; any other text names them ('Meia', 'Pequena') and allows them too. `dose` names the full portion
   * when the POS sends such a text (a flag or a yes/no word there names nothing).
   */
  meiadose: FlagOuRotulo.nullish()
    .transform((v) => ({
      permitida: typeof v === 'string' || v === true,
      rotulo: typeof v === 'string' ? v : null,
    }))
    .meta(
      descrito(
        'Half portions in this family: 0/1, a boolean, or a yes/no word ("1", "s", "sim", "true", "yes"; "0", "n", "não", "nao", "false", "no"; case and accents ignored); any other text allows them and is their name (\'Meia\', \'Pequena\'). A product has one when it also prices precomeia.',
      ),
    ),
  dose: FlagOuRotulo.nullish()
    .transform((v) => (typeof v === 'string' ? v : null))
    .meta(
      descrito("The full portion's name ('Inteira', 'Prato'); a flag or a yes/no word names nothing. Absent: 'Dose'."),
    ),
  produtos: z.array(ProdutoEmentaSchema).max(500),
})

export const SeccaoSchema = z.object({
  codigo: Codigo,
  descricao: Texto(120).min(1),
  visivel: Flag.default(true),
  familias: z.array(FamiliaSchema).max(200),
})

export const EmentaSchema = z.object({
  hash: Texto(200).min(1),
  last_update: Texto(40).min(1),
  /** Where product images live: `base_url` + `imagem`. */
  base_url: BaseUrl.default(''),
  seccoes: z.array(SeccaoSchema).max(100),
})
export type Ementa = z.infer<typeof EmentaSchema>
export type EmentaEnviada = z.input<typeof EmentaSchema>
export type ProdutoEmenta = z.infer<typeof ProdutoEmentaSchema>
