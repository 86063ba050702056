import { z } from 'zod'
import { diaSchema } from './datas.ts'
import type { AmbitoPromocao, EfeitoPromocao } from './promocoes-textos.ts'
import { INT_MAX, obrigatorio, opcional } from './validacao.ts'

/**
 * Promotions that apply themselves (decision 0052): a window, a scope and an effect, set in the back-office
 * ('Promoções'); the ledger applies those in force at each purchase and records which.
 */

export type { AmbitoPromocao, EfeitoPromocao }
export const EFEITOS = [
  'multiplicar_pontos',
  'pontos_produto',
  'pontos_gasto_minimo',
  'credito_percent',
] as const satisfies readonly EfeitoPromocao[]
export const AMBITOS = ['todas', 'restaurante', 'loja'] as const satisfies readonly AmbitoPromocao[]

export const PROMOCAO_NOME_MAX = 80
export const MULTIPLICADOR_MAX = 10
export const PONTOS_BONUS_MAX = 10_000
/** The most a minimum spend may be (1 000,00 €). */
export const GASTO_MINIMO_MAX = 100_000

export const promocoesMensagens = {
  naoExiste: 'Esta promoção não existe.',
  fimAntesDoInicio: 'A data de fim não pode ser anterior à de início.',
  dias: 'Escolha pelo menos um dia da semana.',
  diasForaDasDatas: 'Nenhum dos dias da semana escolhidos calha entre as datas: a promoção nunca se aplicaria.',
  fimNoPassado: 'A data de fim já passou: escolha uma data de hoje em diante.',
  hora: 'Indique a hora como HH:MM, por exemplo 12:30.',
  horas: 'Indique as duas horas, ou nenhuma para o dia todo.',
  horaFim: 'A hora de fim tem de ser depois da de início.',
  multiplicador: `Indique um multiplicador de 2 a ${MULTIPLICADOR_MAX}.`,
  pontos: `Indique os pontos extra, de 1 a ${PONTOS_BONUS_MAX}.`,
  produto: 'Indique o código do produto no POS.',
  gastoMinimo: 'Indique o valor mínimo da compra, de 0,01 € a 1000,00 €.',
  creditoPercent: 'Indique a percentagem de saldo, de 0,01 a 100.',
  creditoAbaixo: (atual: string) =>
    `A percentagem tem de ser maior do que a habitual (${atual} %): só assim a promoção dá mais saldo.`,
  restaurante: 'Escolha o restaurante.',
  loja: 'Escolha a loja.',
  foraDoAlcance: 'Só pode criar promoções nos seus restaurantes.',
} as const

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/
const hora = z.string().regex(HORA, promocoesMensagens.hora).nullable().default(null)
/** The end may be 24:00: until midnight, the last minute included. */
const horaFim = z
  .string()
  .regex(new RegExp(`^(${HORA.source.slice(1, -1)}|24:00)$`), promocoesMensagens.hora)
  .nullable()
  .default(null)

/** Whether the days `inicio` … `fim` hold one of these ISO weekdays (a week or more always does). */
function temDiaDaSemana(inicio: string, fim: string, dias: number[]): boolean {
  const um = 86_400_000
  const desde = Date.parse(`${inicio}T00:00:00Z`)
  const ate = Math.min(Date.parse(`${fim}T00:00:00Z`), desde + 6 * um)
  for (let t = desde; t <= ate; t += um) {
    const iso = ((new Date(t).getUTCDay() + 6) % 7) + 1
    if (dias.includes(iso)) return true
  }
  return false
}
const inteiro = (erro: string, max: number) => z.number({ error: erro }).int(erro).min(0, erro).max(max, erro)

/** `/admin/api/promocoes`: a promotion as the back-office writes it (cents; the credit % with up to two decimals). */
export const PromocaoInputSchema = z
  .strictObject({
    nome: obrigatorio(PROMOCAO_NOME_MAX),
    efeito: z.enum(EFEITOS),
    multiplicador: inteiro(promocoesMensagens.multiplicador, MULTIPLICADOR_MAX).default(2),
    pontos: inteiro(promocoesMensagens.pontos, PONTOS_BONUS_MAX).default(0),
    cod_produto: opcional(40),
    gasto_minimo: inteiro(promocoesMensagens.gastoMinimo, GASTO_MINIMO_MAX).default(0),
    credito_percent: z
      .number({ error: promocoesMensagens.creditoPercent })
      .min(0, promocoesMensagens.creditoPercent)
      .max(100, promocoesMensagens.creditoPercent)
      .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
        error: promocoesMensagens.creditoPercent,
      })
      .default(0),
    inicio: diaSchema(),
    fim: diaSchema(),
    dias_semana: z
      .array(z.number().int().min(1).max(7), { error: promocoesMensagens.dias })
      .min(1, promocoesMensagens.dias)
      .max(7)
      .transform((d) => [...new Set(d)].sort()),
    hora_inicio: hora,
    hora_fim: horaFim,
    ambito: z.enum(AMBITOS),
    id_restaurante: z.number().int().positive().max(INT_MAX).nullable().default(null),
    id_loja: z.number().int().positive().max(INT_MAX).nullable().default(null),
    ativa: z.boolean().default(true),
  })
  .superRefine((p, ctx) => {
    const erro = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (p.fim < p.inicio) erro('fim', promocoesMensagens.fimAntesDoInicio)
    else if (!temDiaDaSemana(p.inicio, p.fim, p.dias_semana)) erro('dias_semana', promocoesMensagens.diasForaDasDatas)
    if ((p.hora_inicio === null) !== (p.hora_fim === null)) erro('hora_fim', promocoesMensagens.horas)
    else if (p.hora_inicio && p.hora_fim && p.hora_fim <= p.hora_inicio) erro('hora_fim', promocoesMensagens.horaFim)
    if (p.efeito === 'multiplicar_pontos' && p.multiplicador < 2)
      erro('multiplicador', promocoesMensagens.multiplicador)
    if ((p.efeito === 'pontos_produto' || p.efeito === 'pontos_gasto_minimo') && p.pontos < 1) {
      erro('pontos', promocoesMensagens.pontos)
    }
    if (p.efeito === 'pontos_produto' && !p.cod_produto) erro('cod_produto', promocoesMensagens.produto)
    if (p.efeito === 'pontos_gasto_minimo' && p.gasto_minimo < 1) erro('gasto_minimo', promocoesMensagens.gastoMinimo)
    if (p.efeito === 'credito_percent' && p.credito_percent <= 0) {
      erro('credito_percent', promocoesMensagens.creditoPercent)
    }
    if (p.ambito === 'restaurante' && p.id_restaurante === null) erro('id_restaurante', promocoesMensagens.restaurante)
    if (p.ambito === 'loja' && p.id_loja === null) erro('id_loja', promocoesMensagens.loja)
  })
export type PromocaoInput = z.input<typeof PromocaoInputSchema>
export type PromocaoDados = z.output<typeof PromocaoInputSchema>

/** A promotion as the back-office lists it: what it is, and whether it runs now or is over. */
export const PromocaoSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  efeito: z.enum(EFEITOS),
  multiplicador: z.number().int(),
  pontos: z.number().int(),
  cod_produto: z.string().nullable(),
  gasto_minimo: z.number().int(),
  credito_percent: z.number(),
  inicio: z.string(),
  fim: z.string(),
  dias_semana: z.array(z.number().int()),
  hora_inicio: z.string().nullable(),
  hora_fim: z.string().nullable(),
  ambito: z.enum(AMBITOS),
  id_restaurante: z.number().int().nullable(),
  id_loja: z.number().int().nullable(),
  ativa: z.boolean(),
  /** `em-curso`: in its dates now (its days and hours may still be to come); `agendada`; `terminada` (past or ended). */
  estado: z.enum(['em-curso', 'agendada', 'terminada']),
  alterado_em: z.string(),
})
export type Promocao = z.infer<typeof PromocaoSchema>

/** The back-office's form: figures as typed (`2,50` €, `7,5` %), sent as the numbers `PromocaoInputSchema` takes. */
export const PromocaoFormSchema = z.object({
  nome: obrigatorio(PROMOCAO_NOME_MAX),
  efeito: z.enum(EFEITOS),
  multiplicador: z.string(),
  pontos: z.string(),
  cod_produto: z.string().trim().max(40),
  gasto_minimo: z.string().trim(),
  credito_percent: z.string().trim(),
  inicio: diaSchema(),
  fim: diaSchema(),
  dias_semana: z.array(z.string()),
  hora_inicio: z.string(),
  hora_fim: z.string(),
  ambito: z.enum(AMBITOS),
  id_restaurante: z.string(),
  id_loja: z.string(),
  ativa: z.boolean(),
})
export type PromocaoForm = z.input<typeof PromocaoFormSchema>
