import { z } from 'zod'
import { INT_MAX, semCaracteresProibidos } from './validacao.ts'

/** Spec §3 "Notification", plus the screen a tap opens. `timestamp` in unix seconds; `texto` sanitised HTML. */
export const NotificacaoSchema = z.object({
  id: z.number().int(),
  timestamp: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  read: z.boolean(),
  /** The app's path a tap opens (an order, the transactions…), or null. */
  ligacao: z.string().nullable(),
})
export type Notificacao = z.infer<typeof NotificacaoSchema>

/** `POST /api/notificacoes/lidas`: everything up to `ate` (the newest id the screen showed) is read. */
export const MarcarLidasSchema = z.strictObject({ ate: z.number().int().min(0).max(INT_MAX) })

const Base64Url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Valor inválido')

/**
 * A browser's PushSubscription as `toJSON()` gives it (`expirationTime` and the rest ignored). Its endpoint is an
 * address: no spaces anywhere (a trimmed text would let ' x…' through at a length the document does not state).
 */
const Endpoint = z
  .string()
  .min(10)
  .max(2000)
  .regex(/^\S+$/, 'Valor inválido')
  .refine(...semCaracteresProibidos())

export const SubscricaoPushSchema = z.object({
  endpoint: Endpoint,
  keys: z.object({ p256dh: Base64Url(80, 100), auth: Base64Url(16, 30) }),
})

export const CancelarPushSchema = z.object({ endpoint: Endpoint })
