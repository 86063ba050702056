import type { FastifyBaseLogger } from 'fastify'
import type { ApnsSender } from '../../platform/apns.ts'
import { type Clock, HOUR, isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import type { GoogleWallet } from '../../platform/google-wallet.ts'
import { createOutboxLease } from '../../platform/outbox-lease.ts'
import { type Cartao, camposGoogle, type GoogleIds, objectIdGoogle, objetoGoogleInativo } from './cartao.ts'
import { carteiraRepo } from './repository.ts'

/** Updates tried this many times (30 s, 1, 2, 4, 8 min apart…, at most an hour) before they are given up. */
export const CARTEIRA_TENTATIVAS = 8
/** A process sending an update holds it this long; if it dies, another sends it after. */
const RECLAMACAO_MS = MINUTE
/** Updates one round claims. */
const LOTE = 100
/** APNs will never take a push for this token again: the device is let go (Apple's "Handling notification responses"). */
const TOKEN_PERDIDO = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic'])

export interface CarteiraEnviosDeps {
  db: Database
  clock: Clock
  log: Pick<FastifyBaseLogger, 'warn'>
  apns: ApnsSender | null
  google: { wallet: GoogleWallet; ids: GoogleIds } | null
  /** The card as it is now, for a Google patch (undefined: the customer is gone). */
  cartaoDe(utilizadorId: number): Promise<Omit<Cartao, 'serie'> | undefined>
}

type Resultado = 'feito' | 'repetir' | 'desistir' | 'dispositivo-perdido'

/**
 * The wallets' update outbox: each update claimed by one process under a lease (platform/outbox-lease.ts), sent, and
 * settled while the lease is still its own; retried with backoff when Apple or Google does not answer or asks to wait,
 * so an outage delays the cards and loses nothing. An APNs push only wakes the device, which then fetches the pass as
 * it is; a Google patch carries the card as it is when sent, so a late retry never writes an old balance.
 */
export function createCarteiraEnvios({ db, clock, log, apns, google, cartaoDe }: CarteiraEnviosDeps) {
  const arrendamento = createOutboxLease(db, clock, 'carteira_envios', RECLAMACAO_MS)

  async function enviarApple(pushToken: string): Promise<Resultado> {
    if (!apns) return 'desistir'
    const { status, motivo } = await apns.enviar(pushToken)
    if (status === 200) return 'feito'
    if ((status === 400 || status === 410) && motivo !== null && TOKEN_PERDIDO.has(motivo)) return 'dispositivo-perdido'
    if (status === 0 || status === 403 || status === 429 || status >= 500) return 'repetir'
    log.warn({ status, motivo }, 'APNs refused a Wallet pass update')
    return 'desistir'
  }

  async function enviarGoogle(serie: string, ativo: boolean): Promise<Resultado> {
    if (!google) return 'desistir'
    let patch: Record<string, unknown> = objetoGoogleInativo()
    if (ativo) {
      const passe = await carteiraRepo(db).passePorSerie(serie)
      const cartao = passe ? await cartaoDe(passe.utilizador_id) : undefined
      // Erased since it was queued: the erasure queued the object's deactivation.
      if (!cartao) return 'feito'
      patch = camposGoogle(cartao)
    }
    let status: number
    try {
      status = await google.wallet.atualizar(objectIdGoogle(google.ids, serie), patch)
    } catch {
      return 'repetir'
    }
    // 404: the customer took the link and never saved the object; there is nothing to update.
    if (status === 200 || status === 404) return 'feito'
    if (status === 401 || status === 408 || status === 429 || status >= 500) return 'repetir'
    log.warn({ status }, 'Google Wallet refused a loyalty object update')
    return 'desistir'
  }

  return {
    /** One round: the due updates sent; answers how many were delivered. */
    async despachar(): Promise<number> {
      const devidos = await db
        .selectFrom('carteira_envios')
        .selectAll()
        .where('proxima_em', '<=', isoNow(clock))
        .orderBy('id')
        .limit(LOTE)
        .execute()
      if (devidos.length === 0) return 0
      const { ate, reclamados } = await arrendamento.reclamar(devidos.map((d) => d.id))
      let feitos = 0
      await Promise.all(
        devidos
          .filter((d) => reclamados.has(d.id))
          .map(async (d) => {
            const resultado =
              d.tipo === 'apple' && d.push_token !== null
                ? await enviarApple(d.push_token)
                : await enviarGoogle(d.serie, d.ativo === 1)
            const tentativas = d.tentativas + 1
            // An erased customer's deactivation is never given up: until Google takes it, their name is there.
            const fim = resultado !== 'repetir' || (tentativas >= CARTEIRA_TENTATIVAS && d.ativo === 1)
            if (resultado === 'feito') feitos++
            await arrendamento.liquidar({ id: d.id, ate }, async (trx) => {
              if (resultado === 'dispositivo-perdido' && d.push_token !== null) {
                await trx.deleteFrom('carteira_dispositivos').where('push_token', '=', d.push_token).execute()
              }
              if (fim) {
                await trx.deleteFrom('carteira_envios').where('id', '=', d.id).execute()
              } else {
                await trx
                  .updateTable('carteira_envios')
                  .set({ tentativas, proxima_em: isoIn(clock, Math.min(HOUR, 30_000 * 2 ** (tentativas - 1))) })
                  .where('id', '=', d.id)
                  .execute()
              }
            })
            if (resultado === 'repetir' && fim) log.warn({ tipo: d.tipo }, 'wallet update given up after its retries')
          }),
      )
      return feitos
    },

    /** Updates waiting (new or to retry): the metric. */
    async pendentes(): Promise<number> {
      const r = await db
        .selectFrom('carteira_envios')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },
  }
}
