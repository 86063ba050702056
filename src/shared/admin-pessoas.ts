import { z } from 'zod'
import { listagemQuery } from './admin-tabelas.ts'
import { RATING_MAX, RATING_MIN } from './constants.ts'
import { diaSchema } from './datas.ts'
import { centimosDe, EUROS_PATTERN } from './euros.ts'
import { TOTAL_MAX } from './fidelizacao.ts'
import { INT_MAX, MULTILINHA, mensagens, obrigatorio, PaisSchema, TelemovelSchema } from './validacao.ts'

/**
 * People and loyalty in the back-office: customers found by phone (their numbers masked), their movements,
 * orders and opinions, manual adjustments of the ledger, profiles, and the opinions of the stores.
 */

/**
 * A phone with only its first national digit and last two shown: `+351 9•• ••• •12`. The back-office lists never carry
 * a whole number: staff find a customer by typing the number the customer tells them.
 */
export function mascararTelemovel(pais: string, telemovel: string): string {
  const digits = telemovel.replace(/\D/g, '')
  if (digits.length === 0) return '—'
  const mascarados = [...digits].map((d, i) => (i === 0 || i >= digits.length - 2 ? d : '•')).join('')
  return `+${pais} ${mascarados.replace(/(.{3})(?=.)/g, '$1 ')}`
}

export const ClientesQuery = listagemQuery(['criado_em', 'nome', 'id']).extend({
  /** The whole number, as typed: a search matches only the whole number (never a part of it). */
  telemovel: TelemovelSchema.optional(),
  pais: PaisSchema.default('351'),
})

export const PerfilSchema = z.object({ id: z.number(), nome: z.string(), classe: z.string() })
export type Perfil = z.infer<typeof PerfilSchema>

export const ClienteAdminSchema = z.object({
  id: z.number(),
  nome: z.string().nullable(),
  /** Masked (mascararTelemovel). */
  telemovel: z.string(),
  temporario: z.boolean(),
  /** A provisional account made at the till, not completed yet: its SMS may be sent again. */
  provisorio: z.boolean(),
  id_perfil: z.number(),
  criado_em: z.string(),
})
export type ClienteAdmin = z.infer<typeof ClienteAdminSchema>

export const ClienteDetalheSchema = ClienteAdminSchema.extend({
  saldo: z.number(),
  pontos: z.number(),
  itens: z.number(),
  patamar: z.number(),
})
export type ClienteDetalhe = z.infer<typeof ClienteDetalheSchema>

export const MovimentosQuery = listagemQuery(['criado_em'])

export const MovimentoAdminSchema = z.object({
  id: z.number(),
  tipo: z.enum(['compra', 'devolucao', 'reserva', 'libertacao', 'ajuste', 'expiracao']),
  loja: z.string(),
  referencia: z.string().nullable(),
  motivo: z.string().nullable(),
  valor_pago: z.number(),
  saldo_adicionado: z.number(),
  saldo_removido: z.number(),
  saldo_actual: z.number(),
  pontos_ganhos: z.number(),
  pontos_actual: z.number(),
  itens_actual: z.number(),
  criado_em: z.string(),
})
export type MovimentoAdmin = z.infer<typeof MovimentoAdminSchema>

export const EncomendaAdminSchema = z.object({
  id: z.number(),
  loja: z.string(),
  estado: z.number(),
  total: z.number(),
  pagamento_estado: z.string(),
  /** What the order promised ('Recebemos o seu pedido - 25 minutos'), as the customer was told. */
  minutos: z.number(),
  criada_em: z.string(),
})
export type EncomendaAdmin = z.infer<typeof EncomendaAdminSchema>

export const OpiniaoAdminSchema = z.object({
  id: z.number(),
  utilizador_id: z.number(),
  id_loja: z.number(),
  loja: z.string(),
  rating1: z.number().nullable(),
  rating2: z.number().nullable(),
  rating3: z.number().nullable(),
  comentario: z.string(),
  criado_em: z.string(),
})
export type OpiniaoAdmin = z.infer<typeof OpiniaoAdminSchema>

/** The three criteria of an opinion (spec §5): rating1, rating2, rating3. */
export const CRITERIOS = [
  { campo: 'rating1', nome: 'Atendimento' },
  { campo: 'rating2', nome: 'Simpatia' },
  { campo: 'rating3', nome: 'Qualidade' },
] as const

/** A real day within the back-office's range (shared/datas.ts). */
const dia = diaSchema().optional()

export const OpinioesQuery = listagemQuery(['criado_em', 'id_loja']).extend({
  loja: z.coerce.number().int().positive().max(INT_MAX).optional(),
  /** Opinions with at least one criterion rated exactly this (1–5). */
  rating: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX).optional(),
  /** From and to (inclusive) days, YYYY-MM-DD, Lisbon time. */
  de: dia,
  ate: dia,
})

export const MediaLojaSchema = z.object({
  id_loja: z.number(),
  loja: z.string(),
  opinioes: z.number(),
  rating1: z.number().nullable(),
  rating2: z.number().nullable(),
  rating3: z.number().nullable(),
})
export type MediaLoja = z.infer<typeof MediaLojaSchema>

export const OpinioesAdminSchema = z.object({
  total: z.number(),
  pagina: z.number(),
  por_pagina: z.number(),
  itens: z.array(OpiniaoAdminSchema),
  medias: z.array(MediaLojaSchema),
})

export const MOTIVO_MAX = 200
const AJUSTE_MAX = TOTAL_MAX

/**
 * A manual adjustment: balance in cents and points, each positive (given) or negative (taken), at least one not 0; a
 * reason, always (the customer reads it); the form's idempotency key (one per form opened: a double click is one).
 */
export const AjusteSchema = z
  .object({
    saldo: z
      .number({ error: mensagens.valorInvalido })
      .int(mensagens.valorInvalido)
      .min(-AJUSTE_MAX, mensagens.valorInvalido)
      .max(AJUSTE_MAX, mensagens.valorInvalido),
    pontos: z
      .number({ error: mensagens.valorInvalido })
      .int(mensagens.valorInvalido)
      .min(-1_000_000, mensagens.valorInvalido)
      .max(1_000_000, mensagens.valorInvalido),
    motivo: obrigatorio(MOTIVO_MAX, MULTILINHA),
    chave: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, mensagens.valorInvalido),
  })
  .refine((a) => a.saldo !== 0 || a.pontos !== 0, {
    message: 'Indique um valor de saldo ou de pontos diferente de 0',
    path: ['saldo'],
  })
export type Ajuste = z.infer<typeof AjusteSchema>

/** The adjustment's form: euros as typed (`-2,50`), converted to cents before it is sent. */
export const AjusteFormSchema = z
  .object({
    euros: z
      .string()
      .trim()
      .regex(EUROS_PATTERN, 'Indique um valor em euros, por exemplo 2,50 ou -2,50')
      .or(z.literal('')),
    pontos: z
      .string()
      .trim()
      .regex(/^-?\d{1,7}$/, 'Indique um número inteiro de pontos')
      .or(z.literal('')),
    motivo: obrigatorio(MOTIVO_MAX, MULTILINHA),
  })
  .refine((a) => centimosDe(a.euros) !== 0 || Number(a.pontos || 0) !== 0, {
    message: 'Indique um valor de saldo ou de pontos diferente de 0',
    path: ['euros'],
  })
export type AjusteForm = z.input<typeof AjusteFormSchema>

export { centimosDe, EUROS_PATTERN } from './euros.ts'

export const PerfilDadosSchema = z.object({
  nome: obrigatorio(60),
  classe: z
    .string({ error: mensagens.obrigatorio })
    .trim()
    .regex(/^perfil-[a-z0-9-]{1,40}$/, "Uma classe começa por 'perfil-', só letras minúsculas, números e hífenes"),
})
export type PerfilDados = z.infer<typeof PerfilDadosSchema>

export const DefinirPerfilSchema = z.object({ id_perfil: z.number().int().positive().max(INT_MAX) })

export const EsquecerClienteSchema = z.object({ confirmar: z.literal(true, { error: mensagens.obrigatorio }) })
