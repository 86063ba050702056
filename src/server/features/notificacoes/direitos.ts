import type { Database, DatabaseTransaction } from '../../platform/db.ts'

/**
 * Notifications' part of the customer's GDPR rights: the customer's own notifications and devices (Web Push
 * subscriptions) for the portability file, and their deletion on erasure. Notifications for everyone are nobody's
 * data and stay.
 */
export function createDireitosNotificacoes(db: Database) {
  return {
    async exportarCliente(utilizadorId: number) {
      const [notificacoes, dispositivos] = await Promise.all([
        db
          .selectFrom('notificacoes')
          .select(['id', 'titulo', 'texto', 'ligacao', 'criada_em'])
          .where('utilizador_id', '=', utilizadorId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('push_subscricoes')
          .select(['id', 'endpoint', 'criada_em'])
          .where('utilizador_id', '=', utilizadorId)
          .orderBy('id')
          .execute(),
      ])
      return {
        notificacoes: notificacoes.map((n) => ({
          id: n.id,
          titulo: n.titulo,
          texto: n.texto,
          ligacao: n.ligacao,
          em: n.criada_em,
        })),
        // The push service a device is reached through, never its keys nor its full address (a bearer capability).
        dispositivos: dispositivos.map((d) => ({ id: d.id, servico: servicoDe(d.endpoint), subscritoEm: d.criada_em })),
      }
    },

    /** The erasure's part, in its transaction: the devices, the customer's own notifications and their sends. */
    async esquecerCliente(trx: DatabaseTransaction, utilizadorId: number): Promise<void> {
      const subscricoes = trx.selectFrom('push_subscricoes').select('id').where('utilizador_id', '=', utilizadorId)
      const proprias = trx.selectFrom('notificacoes').select('id').where('utilizador_id', '=', utilizadorId)
      await trx.deleteFrom('push_envios').where('subscricao_id', 'in', subscricoes).execute()
      await trx.deleteFrom('push_envios').where('notificacao_id', 'in', proprias).execute()
      await trx.deleteFrom('push_subscricoes').where('utilizador_id', '=', utilizadorId).execute()
      await trx.deleteFrom('notificacoes').where('utilizador_id', '=', utilizadorId).execute()
    },
  }
}

function servicoDe(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return 'desconhecido'
  }
}
