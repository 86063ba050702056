import type { Generated } from 'kysely'

/** The notifications to customers and their Web Push delivery: the subscriptions, the outbox, the broadcasts. */

/** A notification (migration 2026-11-24T1200-notificacoes): for one customer, or for everyone (null). */
export interface NotificacoesTable {
  id: Generated<number>
  utilizador_id: number | null
  titulo: string
  /** Sanitised HTML. */
  texto: string
  /** The app's screen a tap opens (a path), if any. */
  ligacao: string | null
  /** Sent by the app by itself, once: the reminder it is (`provisorio-7d`…). */
  chave: string | null
  criada_em: string
  /** The back-office's composed message it is part of (admin_notificacoes), if any. */
  campanha_id: number | null
  /** Pushes of it the push services took, and those given up (the composer's delivery counts). */
  push_enviados: Generated<number>
  push_falhados: Generated<number>
}

/** A device's Web Push subscription (migration 2026-11-24T1300-push). */
export interface PushSubscricoesTable {
  id: Generated<number>
  utilizador_id: number
  /** The session that subscribed: pushes go to the device while that session is good. */
  sessao_id: number
  endpoint: string
  p256dh: string
  auth: string
  criada_em: string
}

/** One notification to send to one subscription: the push outbox. */
export interface PushEnviosTable {
  id: Generated<number>
  subscricao_id: number
  notificacao_id: number
  tentativas: Generated<number>
  proxima_em: string
  erro: string | null
  criado_em: string
}

/**
 * A notification for everyone still being queued for the devices, a batch at a time (migration
 * 2026-11-26T0000-push-difusoes); gone once every device has its send.
 */
export interface PushDifusoesTable {
  notificacao_id: number
  /** The newest device when the notification was written: those after it were not there to be told. */
  subscricoes_ate: number
  /** Devices up to this id are queued. */
  enfileiradas_ate: Generated<number>
  criada_em: string
}
