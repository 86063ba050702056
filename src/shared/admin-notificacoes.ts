import { z } from 'zod'
import { INT_MAX, mensagens, toE164Mobile } from './validacao.ts'

/**
 * The back-office's notification composer: to everyone who consented to communications, to a restaurant's
 * customers (who bought there, and consented), or to one phone (if that customer consented); now or at a time
 * (`agendar_para`: Lisbon's local time, `YYYY-MM-DDTHH:mm`, as a datetime field gives it; empty: now).
 */

export const NOTIFICACAO_TITULO_MAX = 80
export const NOTIFICACAO_TEXTO_MAX = 500
/** How far ahead a message may be scheduled. */
export const AGENDAR_MAX_DIAS = 90

export const notificacoesMensagens = {
  restaurante: 'Escolha o restaurante.',
  hora: 'Indique a data e a hora do envio.',
  horaPassada: 'Escolha uma data e hora futuras.',
  horaLonge: `Só é possível agendar até ${AGENDAR_MAX_DIAS} dias.`,
  gestorTodos: 'Um gestor só pode enviar notificações aos clientes dos seus restaurantes.',
  foraDoAlcance: 'Este restaurante não está entre os seus.',
  semDestinatarios: 'Não há destinatários: ninguém neste público aceitou receber comunicações.',
  naoEncontrada: 'Notificação não encontrada.',
  jaEnviada: 'Esta notificação já foi enviada ou cancelada.',
} as const

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** A Lisbon wall-clock time (`YYYY-MM-DDTHH:mm`) as an instant (ISO); null if it is not one. */
export function instanteDeLisboa(local: string): string | null {
  const m = LOCAL.exec(local)
  if (!m) return null
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number]
  // Date.UTC carries an overflow over (10:61 is 11:01, and years below 100 are 19xx): a time that is not one is refused.
  if (h > 23 || mi > 59 || y < 100) return null
  const comoUtc = Date.UTC(y, mo - 1, d, h, mi)
  if (Number.isNaN(comoUtc) || new Date(comoUtc).getUTCDate() !== d) return null
  const desvio = (t: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Lisbon',
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(t)
        .map((x) => [x.type, x.value]),
    )
    const n = (k: string) => Number(p[k] ?? 0)
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute')) - t
  }
  let t = comoUtc - desvio(comoUtc)
  t = comoUtc - desvio(t)
  return new Date(t).toISOString()
}

export const NotificacaoCampanhaSchema = z
  .object({
    publico: z.enum(['todos', 'restaurante', 'telefone']),
    restaurante_id: z.number().int().positive().max(INT_MAX).nullable(),
    pais: z.string().max(4),
    telemovel: z.string().trim().max(30),
    titulo: z
      .string()
      .trim()
      .min(1, mensagens.obrigatorio)
      .max(NOTIFICACAO_TITULO_MAX, mensagens.tamanhoMaximo(NOTIFICACAO_TITULO_MAX)),
    texto: z
      .string()
      .trim()
      .min(1, mensagens.obrigatorio)
      .max(NOTIFICACAO_TEXTO_MAX, mensagens.tamanhoMaximo(NOTIFICACAO_TEXTO_MAX)),
    quando: z.enum(['agora', 'agendar']),
    agendar_para: z.string().max(20),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.publico === 'restaurante' && v.restaurante_id === null) {
      ctx.addIssue({ code: 'custom', path: ['restaurante_id'], message: notificacoesMensagens.restaurante })
    }
    if (v.publico === 'telefone' && toE164Mobile(v.pais, v.telemovel) === null) {
      ctx.addIssue({ code: 'custom', path: ['telemovel'], message: mensagens.telemovelInvalido })
    }
    if (v.quando === 'agendar' && instanteDeLisboa(v.agendar_para) === null) {
      ctx.addIssue({ code: 'custom', path: ['agendar_para'], message: notificacoesMensagens.hora })
    }
  })
export type NotificacaoCampanhaDados = z.infer<typeof NotificacaoCampanhaSchema>

export interface NotificacaoAdmin {
  id: number
  titulo: string
  texto: string
  /** In words: 'Todos os clientes que aceitaram comunicações', 'Clientes de Nata & Grão', 'Telemóvel ••• ••• 678'. */
  publico: string
  estado: 'agendada' | 'enviada' | 'cancelada'
  agendada_para: string
  enviada_em: string | null
  criada_por: string | null
  /** Once sent: its notifications, pushes taken and given up, and read. */
  entrega: { destinatarios: number; push_enviados: number; push_falhados: number; lidas: number } | null
}

export interface PreVisualizacao {
  destinatarios: number
  publico: string
}

export interface RestauranteOpcao {
  id: number
  nome: string
}
