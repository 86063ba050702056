import { z } from 'zod'
import { imagemUrl } from './admin-imagens.ts'
import { indicativoEstrangeiro, type TipoLinha, tipoLinha } from './custo-chamada.ts'
import {
  enderecoImpressoraValido,
  IMPRESSORA_PORTA_MAX,
  IMPRESSORA_PORTA_MIN,
  IMPRESSORA_PORTA_PADRAO,
} from './impressora.ts'
import { CAPACIDADE_INTERVALO_MAX } from './levantamento.ts'
import { MESAS_MAX } from './mesas.ts'
import { METODOS_PAGAMENTO, type MetodoPagamento } from './metodos-pagamento.ts'
import { REGIOES, type Regiao } from './regioes.ts'
import { type TabelaPreco, TabelaPrecoSchema } from './tabelas-preco.ts'
import { isValidNipc, MULTILINHA, mensagens, obrigatorio, opcional, texto } from './validacao.ts'

/**
 * The back-office's restaurants and stores: what their forms send and what the staff see. The forms (web)
 * and the routes (server) use the same schemas. Exceptional closures, store keys and the pause are elsewhere.
 */

export const restaurantesMensagens = {
  naoExiste: 'Este restaurante não existe.',
  lojaNaoExiste: 'Esta loja não existe.',
  metodosPagamento: 'Escolha pelo menos um método de pagamento.',
  latitude: 'A latitude fica entre -90 e 90 (ex.: 41.1496).',
  longitude: 'A longitude fica entre -180 e 180 (ex.: -8.6109).',
  ligacao: 'Indique um endereço começado por https:// (ex.: https://www.exemplo.pt).',
  cor: 'Indique uma cor no formato #RRGGBB (ex.: #6E2A17).',
  telefone: 'Indique um número de telefone (algarismos, espaços e +).',
  telefoneCusto:
    'Indique um número fixo, móvel ou gratuito (800): o cliente tem de saber o custo da chamada (DL 59/2021).',
  telefoneNacional: 'Indique um número português, com ou sem o indicativo +351 (ex.: +351 213 000 862).',
  hora: 'Indique as horas no formato HH:MM-HH:MM, separadas por vírgulas (ex.: 12:00-15:00, 19:00-23:00).',
  nipc: 'NIPC inválido: indique os 9 algarismos do NIPC da empresa, ou do NIF do empresário em nome individual (ex.: 514725834).',
  empresaSemNipc: 'Indique o NIPC da empresa que explora a loja.',
  nipcSemEmpresa: 'Indique o nome da empresa que explora a loja.',
  regiao: 'Escolha a região da loja: Portugal continental, Madeira ou Açores.',
  capacidade: `Indique quantas encomendas a loja aceita por intervalo de 15 minutos (de 1 a ${CAPACIDADE_INTERVALO_MAX}).`,
  mesas: `Indique o número de mesas (de 0 a ${MESAS_MAX}; 0: sem encomendas da mesa).`,
  impressora:
    'Indique o endereço IP (ex.: 192.168.1.50) ou o nome da impressora na rede da loja, sem http:// nem porta.',
  impressoraPorta: `Indique a porta da impressora (normalmente ${IMPRESSORA_PORTA_PADRAO}), entre ${IMPRESSORA_PORTA_MIN} e ${IMPRESSORA_PORTA_MAX}.`,
} as const

const TEXTO_MAX = 20_000

/** A link a customer follows: https only (an http:, javascript: or data: link is refused). */
/** The kinds of line a store's phone may be: those with a note of the national network (DL 59/2021, art. 3.º). */
const LINHAS_NACIONAIS: ReadonlySet<TipoLinha> = new Set(['fixa', 'movel', 'gratuita'])

const ligacao = opcional(500).refine((v) => v === null || /^https:\/\/[^\s]+$/.test(v), restaurantesMensagens.ligacao)

export const RestauranteEdicaoSchema = z.strictObject({
  name: obrigatorio(100),
  title: obrigatorio(200),
  /** HTML of the small subset the app allows (the server keeps only that subset). */
  text: opcional(TEXTO_MAX, MULTILINHA),
  color: opcional(20).refine((v) => v === null || /^#[0-9a-fA-F]{6}$/.test(v), restaurantesMensagens.cor),
  image_main: imagemUrl,
  image_logo: imagemUrl,
})
export type RestauranteEdicao = z.input<typeof RestauranteEdicaoSchema>
export type RestauranteEdicaoDados = z.output<typeof RestauranteEdicaoSchema>

/**
 * When a store takes orders from the app, the stored JSON's format (STORE-API.md; the server's
 * features/encomendas/horario.ts reads it): per weekday, Monday first, a list of [opens, closes] in Lisbon time
 * ("HH:mm"; "24:00" closes at midnight). Null: it takes no orders from the app.
 */
const Hora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, restaurantesMensagens.hora)
export const HorarioEncomendasSchema = z
  .array(z.array(z.tuple([Hora, Hora])).max(6, restaurantesMensagens.hora))
  .length(7, mensagens.valorInvalido)
export type HorarioEncomendas = z.infer<typeof HorarioEncomendasSchema>

export const DIAS_SEMANA = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'] as const

/** A day's periods as the form writes them ("12:00-15:00, 19:00-23:00"; empty: closed), or null when unreadable. */
export function lerPeriodos(texto: string): [string, string][] | null {
  const limpo = texto.trim()
  if (limpo === '') return []
  const periodos = limpo.split(',').map((p) => p.trim().split(/\s*-\s*/))
  if (periodos.some((p) => p.length !== 2 || !p.every((h) => Hora.safeParse(h).success))) return null
  return periodos as [string, string][]
}
export const escreverPeriodos = (periodos: readonly (readonly [string, string])[]) =>
  periodos.map(([a, f]) => `${a}-${f}`).join(', ')

export const MenuLojaSchema = z.strictObject({
  titulo: obrigatorio(100),
  /** The uploaded image: shown small in the store's page and whole when opened. */
  imagem: imagemUrl.pipe(z.string({ error: mensagens.obrigatorio })),
})

/** A NIPC as written (spaces between its digits allowed), stored as its nine digits; empty: none. */
const Nipc = texto(20)
  .nullish()
  .transform((v) => (v ? v.replace(/\s/g, '') : null))
  .refine((v) => v === null || isValidNipc(v), restaurantesMensagens.nipc)

export const LojaEdicaoSchema = z
  .strictObject({
    name: obrigatorio(100),
    name_detail: obrigatorio(200),
    text: opcional(TEXTO_MAX, MULTILINHA),
    directions: opcional(2000, MULTILINHA),
    address: obrigatorio(200),
    postal_code: obrigatorio(8).refine((v) => /^\d{4}-\d{3}$/.test(v), mensagens.codigoPostalInvalido),
    city: obrigatorio(100),
    phone: opcional(30)
      .refine((v) => v === null || /^\+?[0-9 ]{6,20}$/.test(v), {
        message: restaurantesMensagens.telefone,
        abort: true,
      })
      // A Portuguese store's number is national: a `+` and another code is a typo to correct, never an international line.
      .refine((v) => v === null || !indicativoEstrangeiro(v), {
        message: restaurantesMensagens.telefoneNacional,
        abort: true,
      })
      // Shown to customers with its call-cost note (shared/custo-chamada.ts): a number with none cannot be shown.
      .refine((v) => v === null || LINHAS_NACIONAIS.has(tipoLinha(v)), restaurantesMensagens.telefoneCusto),
    latitude: z
      .number({ error: restaurantesMensagens.latitude })
      .min(-90, restaurantesMensagens.latitude)
      .max(90, restaurantesMensagens.latitude),
    longitude: z
      .number({ error: restaurantesMensagens.longitude })
      .min(-180, restaurantesMensagens.longitude)
      .max(180, restaurantesMensagens.longitude),
    map_link: ligacao,
    facebook_link: ligacao,
    instagram_link: ligacao,
    site_link: ligacao,
    book: z.boolean({ error: mensagens.valorInvalido }).default(false),
    /** What the store's page lists as its opening hours: one line each (e.g. 'Segunda a sexta: 12h–23h'). */
    opening_hours: z.array(obrigatorio(200)).max(14, mensagens.valorInvalido),
    horario_encomendas: HorarioEncomendasSchema.nullable(),
    /**
     * The POS price tier each kind of sale pays in the app (decision 0026; `precovenda` until set). Absent: kept as it is, so
     * that a form from before the tiers (a tab open across an upgrade) saving the address cannot reset them.
     */
    preco_take_away: TabelaPrecoSchema.optional(),
    preco_na_loja: TabelaPrecoSchema.optional(),
    image_list: imagemUrl,
    image_main: imagemUrl,
    menus: z.array(MenuLojaSchema).max(20, mensagens.valorInvalido),
    /**
     * Who sells at the store, as the checkout says it (decision 0036): the operating company's name and its NIPC, both or
     * neither (a franchise is its own company). Absent: kept as they are, as the price tiers.
     */
    empresa: opcional(200).optional(),
    nipc: Nipc.optional(),
    /** The store's fiscal region: its VAT rates and, in the Azores, its clock. Absent: kept (the mainland until set). */
    regiao: z.enum(REGIOES, { error: restaurantesMensagens.regiao }).optional(),
    /** Orders taken per 15-minute pick-up slot. Absent: kept (10 until set). */
    capacidade_intervalo: z
      .number({ error: restaurantesMensagens.capacidade })
      .int(restaurantesMensagens.capacidade)
      .min(1, restaurantesMensagens.capacidade)
      .max(CAPACIDADE_INTERVALO_MAX, restaurantesMensagens.capacidade)
      .optional(),
    /** Its tables, numbered 1..mesas, each with a QR code to order from (0: none). Absent: kept. */
    mesas: z
      .number({ error: restaurantesMensagens.mesas })
      .int(restaurantesMensagens.mesas)
      .min(0, restaurantesMensagens.mesas)
      .max(MESAS_MAX, restaurantesMensagens.mesas)
      .optional(),
    /** The payment methods the store accepts in the app (at least one). Absent: kept (MB WAY until set). */
    metodos_pagamento: z
      .array(z.enum(METODOS_PAGAMENTO, { error: mensagens.valorInvalido }), { error: mensagens.valorInvalido })
      .min(1, restaurantesMensagens.metodosPagamento)
      .max(METODOS_PAGAMENTO.length, mensagens.valorInvalido)
      .optional(),
    /** The kitchen printer on the store's network (empty: none). Absent: kept. */
    impressora_endereco: opcional(253)
      .refine((v) => v === null || enderecoImpressoraValido(v), restaurantesMensagens.impressora)
      .optional(),
    /** Its port; empty: the usual 9100. Absent: kept. */
    impressora_porta: z
      .number({ error: restaurantesMensagens.impressoraPorta })
      .int(restaurantesMensagens.impressoraPorta)
      .min(IMPRESSORA_PORTA_MIN, restaurantesMensagens.impressoraPorta)
      .max(IMPRESSORA_PORTA_MAX, restaurantesMensagens.impressoraPorta)
      .nullable()
      .optional(),
    /** The warning the listing carries (`LojaStaff.aviso_iva`): read-only, so a store sent back as read ignores it. */
    aviso_iva: z
      .unknown()
      .optional()
      .transform(() => undefined),
  })
  .superRefine((v, ctx) => {
    // Both sent (the form always sends both): one without the other names no seller.
    if (v.empresa === undefined || v.nipc === undefined) return
    if (v.empresa !== null && v.nipc === null) {
      ctx.addIssue({ code: 'custom', path: ['nipc'], message: restaurantesMensagens.empresaSemNipc })
    }
    if (v.empresa === null && v.nipc !== null) {
      ctx.addIssue({ code: 'custom', path: ['empresa'], message: restaurantesMensagens.nipcSemEmpresa })
    }
  })
export type LojaEdicao = z.input<typeof LojaEdicaoSchema>
export type LojaEdicaoDados = z.output<typeof LojaEdicaoSchema>

/** What the back-office says of a store whose menu has a VAT rate not of its region (`aviso_iva`, decision 0036). */
export const avisoIvaLoja = (aviso: string) =>
  `A ementa do POS não está de acordo com a região da loja — ${aviso}. Peça ao POS que a envie com as taxas desta região.`

/** A store as the staff edit it: its fields and its restaurant. */
export type LojaStaff = Omit<LojaEdicaoDados, 'aviso_iva'> & {
  id: number
  id_loja: number
  tag: string
  restaurante_id: number
  /** As stored: the staff always see them, whether or not a save sends them. */
  preco_take_away: TabelaPreco
  preco_na_loja: TabelaPreco
  empresa: string | null
  nipc: string | null
  regiao: Regiao
  capacidade_intervalo: number
  mesas: number
  metodos_pagamento: MetodoPagamento[]
  impressora_endereco: string | null
  impressora_porta: number | null
  /**
   * What the back-office warns of a store whose menu (from its POS) has a VAT rate not of its region, naming the first
   * such product (after a change of region, until the POS sends the menu again); null: none.
   */
  aviso_iva?: string | null
}
/** A restaurant as the staff edit it, with its stores. */
export type RestauranteStaff = RestauranteEdicaoDados & { id: number; tag: string; lojas: LojaStaff[] }
