import { z } from 'zod'
import { diaSchema } from './datas.ts'
import { IdSchema } from './validacao.ts'

/**
 * The back-office's reports: one period of Lisbon days, for the stores a staff member may see, narrowed to
 * a restaurant or a store. Amounts in cents; the tables are what the page shows and what each CSV export carries.
 */

export const RELATORIO_MAX_DIAS = 366

/** A real day within the back-office's range (shared/datas.ts): the period's loops stay within the calendar. */
const dia = diaSchema('Indique a data')

export const relatoriosMensagens = {
  ordem: 'A data de fim tem de ser igual ou posterior à de início.',
  longo: `Escolha um período de até ${RELATORIO_MAX_DIAS} dias.`,
} as const

/** The period's own rules, checked only once both dates are valid (an empty one is said once, as missing). */
export const RelatorioQuerySchema = z
  .object({ de: dia, ate: dia, restaurante: IdSchema.optional(), loja: IdSchema.optional() })
  .superRefine((q, ctx) => {
    if (q.de > q.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: relatoriosMensagens.ordem })
    else if ((Date.parse(q.ate) - Date.parse(q.de)) / 86_400_000 >= RELATORIO_MAX_DIAS) {
      ctx.addIssue({ code: 'custom', path: ['ate'], message: relatoriosMensagens.longo })
    }
  })
export type RelatorioQuery = z.infer<typeof RelatorioQuerySchema>

/** What a report counts, for one store and for the whole it covers. */
const FigurasSchema = z.object({
  encomendas_pagas: z.number(),
  vendas: z.number(),
  ticket_medio: z.number(),
  credito_emitido: z.number(),
  credito_usado: z.number(),
  pontos_ganhos: z.number(),
  clientes_ativos: z.number(),
  opinioes: z.number(),
  /** Rewards redeemed (decision 0051), less those given back by refunding their purchase whole, and cents they took off. */
  premios_usados: z.number(),
  desconto_premios: z.number(),
})

/** One store's figures for the period, with its opinions' averages per criterion. */
export const LinhaLojaSchema = FigurasSchema.extend({
  id_loja: z.number(),
  loja: z.string(),
  restaurante: z.string(),
  media_atendimento: z.number().nullable(),
  media_simpatia: z.number().nullable(),
  media_qualidade: z.number().nullable(),
})
export type LinhaLoja = z.infer<typeof LinhaLojaSchema>

/** One Lisbon day of the period (every day present, zeros included, for the charts). */
export const LinhaDiaSchema = z.object({
  dia: z.string(),
  encomendas_pagas: z.number(),
  vendas: z.number(),
  credito_emitido: z.number(),
  credito_usado: z.number(),
})
export type LinhaDia = z.infer<typeof LinhaDiaSchema>

export const LinhaEstadoSchema = z.object({ estado: z.number(), nome: z.string(), encomendas: z.number() })
export type LinhaEstado = z.infer<typeof LinhaEstadoSchema>

/**
 * One promotion (decision 0052) in the period: the purchases it applied to and the extra points and credit (cents) it
 * gave them, net of their refunds (in proportion; a purchase refunded whole is not counted). Its name as recorded.
 */
export const LinhaPromocaoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  compras: z.number(),
  pontos: z.number(),
  credito: z.number(),
})
export type LinhaPromocao = z.infer<typeof LinhaPromocaoSchema>

export const RelatorioSchema = z.object({
  de: z.string(),
  ate: z.string(),
  /**
   * Active customers are counted once however many stores they bought at. Sign-ups are the group's: given to an admin
   * looking at every store, null otherwise (they are not a restaurant's figure).
   */
  totais: FigurasSchema.extend({ novos_registos: z.number().nullable() }),
  lojas: z.array(LinhaLojaSchema),
  dias: z.array(LinhaDiaSchema),
  estados: z.array(LinhaEstadoSchema),
  promocoes: z.array(LinhaPromocaoSchema),
  /** What the staff member may narrow the report to: their restaurants and stores. */
  opcoes: z.object({
    restaurantes: z.array(z.object({ id: z.number(), nome: z.string() })),
    lojas: z.array(z.object({ id_loja: z.number(), nome: z.string(), restaurante_id: z.number() })),
  }),
})
export type Relatorio = z.infer<typeof RelatorioSchema>

/** The tables a report exports as CSV (`/admin/api/relatorios/csv/<tabela>`). */
export const TABELAS_RELATORIO = ['lojas', 'dias', 'estados', 'promocoes'] as const
export type TabelaRelatorio = (typeof TABELAS_RELATORIO)[number]
