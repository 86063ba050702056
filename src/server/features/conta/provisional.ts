import { PASSWORD_LENGTH } from '../../../shared/constants.ts'
import { DAY, isoNow } from '../../platform/clock.ts'
import { hashSecret, randomDigits } from '../../platform/crypto.ts'
import { type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import type { ClienteConta } from './clientes.ts'
import { CONTA_LIMITES, type ContaContext, type Phone } from './context.ts'
import { contaRepo } from './repository.ts'
import { newQrToken } from './security-key.ts'

/**
 * Provisional accounts made at the till (STORE-API.md "clientes"): temporary, the first login forces the personal data
 * form; unfinished after 30 days they lapse (reminded before: features/notificacoes).
 */
export function createProvisorios(ctx: ContaContext) {
  const { clock, settings, log, repository, unitOfWork, phoneOf, phoneTaken, deliver, destinosSms } = ctx

  return {
    /**
     * Made in three steps so that the caller can write it inside its own transaction: prepare (checks, the password
     * and its hash: slow work, outside any transaction), insert (in the caller's transaction), then the SMS with the
     * app's address and the password, once the account is written.
     */
    async prepareProvisional(input: { telemovel: string; pais: string }) {
      const phone = phoneOf(input)
      // No per-phone SMS limit here: a number gets this SMS once (the account then exists, and a second attempt is
      // 409), and the till's key has its own limit on writes. Its destination is guarded as every SMS's.
      destinosSms.permitir(phone.pais)
      if (await repository.findUtilizadorByPhone(phone.e164)) throw phoneTaken()
      await destinosSms.contar(phone.e164, phone.pais)
      const password = randomDigits(PASSWORD_LENGTH)
      return { phone, password, passwordHash: await hashSecret(password) }
    },

    /** `idLoja`: the store whose till made it (only that store's staff resend its password). */
    async insertProvisional(
      plan: { phone: Phone; passwordHash: string },
      trx: DatabaseTransaction,
      idLoja?: number,
    ): Promise<ClienteConta> {
      const now = isoNow(clock)
      try {
        const id = await contaRepo(trx).insertUtilizador({
          telemovel: plan.phone.telemovel,
          pais: plan.phone.pais,
          telemovel_e164: plan.phone.e164,
          temporario: 1,
          origem: 'loja',
          id_loja_origem: idLoja ?? null,
          password_hash: plan.passwordHash,
          qr_code: newQrToken(),
          criado_em: now,
          atualizado_em: now,
        })
        return { id, nome: null, temporario: 1, registoCompleto: false, usarCodigoSeguranca: false, nif: null }
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken()
        throw error
      }
    },

    /** If it fails, the account stands: the customer can still recover it by SMS code from the app. */
    async sendProvisionalSms(plan: { phone: Phone; password: string }): Promise<void> {
      await deliver(
        plan.phone.e164,
        `Balcão: a sua conta de cliente foi criada. Entre em ${settings.appUrl} com este telemóvel e a password ` +
          `${plan.password}, e complete os seus dados em 30 dias.`,
      )
    },

    /** Provisional accounts that lapse within `dias` days (their reminders: features/notificacoes). */
    async provisoriosAExpirar(dias: number): Promise<number[]> {
      const cutoff = new Date(clock.now().getTime() - (CONTA_LIMITES.provisionalDays - dias) * DAY).toISOString()
      return (await repository.listLapsedProvisional(cutoff)).map((u) => u.id)
    },

    /** In-store provisional accounts not completed within 30 days lapse: anonymised, phone freed, sessions ended. */
    async lapseProvisionalAccounts(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - CONTA_LIMITES.provisionalDays * DAY).toISOString()
      const lapsed = await repository.listLapsedProvisional(cutoff)
      // Each account lapses whole (anonymised and its sessions ended) or not at all; one failing leaves the others to
      // lapse now and itself to the next hour.
      let done = 0
      for (const { id } of lapsed) {
        try {
          await unitOfWork(async ({ conta, sessoes }) => {
            await conta.updateUtilizador(id, {
              eliminado: 1,
              telemovel_e164: null,
              telemovel: '',
              nome: null,
              email: null,
              password_hash: null,
              data_nascimento: null,
              codigo_seguranca_hash: null,
              codigo_seguranca_cifrado: null,
              // The registration ended: the retention job removes the rest a year from now (spec §9).
              terminado_em: isoNow(clock),
              atualizado_em: isoNow(clock),
            })
            await sessoes.revokeAllFor(id)
          })
          done++
        } catch (error) {
          log.error({ utilizador: id, err: (error as Error).message }, 'provisional account did not lapse')
        }
      }
      return done
    },
  }
}
