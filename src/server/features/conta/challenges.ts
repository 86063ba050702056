import { mensagens, SMS_CODE_LENGTH } from '../../../shared/validacao.ts'
import type { SmsFinalidade } from '../../db/schema.ts'
import { DAY, isoIn, isoNow } from '../../platform/clock.ts'
import { hashSecret, randomDigits, randomToken, sha256, verifySecret } from '../../platform/crypto.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { ipKey } from '../../platform/rate-limit.ts'
import { listSmsOutbox, purgeSmsOutbox } from '../../platform/sms.ts'
import { CONTA_LIMITES, type ContaContext, contaMensagens, type Phone } from './context.ts'
import type { ContaRepo } from './repository.ts'

const smsText = (code: string) =>
  `Balcão: o seu código de confirmação é ${code}. É válido durante 10 minutos. Não o partilhe com ninguém.`

/**
 * Whether a challenge's code goes out by SMS: not for the recovery of a phone without an account, a challenge no
 * code will ever confirm that otherwise behaves like any other (so the answers do not tell the two apart).
 */
const deliversCode = (finalidade: SmsFinalidade, utilizadorId: number | null) =>
  finalidade !== 'reset' || utilizadorId !== null

/** SMS challenges: codes sent, checked, resent and spent, under the limits on SMS. */
export function createDesafios(ctx: ContaContext) {
  const { db, repository, clock, limit, failureCeiling, deliver, expired, destinosSms } = ctx

  async function sendCode(e164: string, code: string) {
    if (!(await deliver(e164, smsText(code)))) throw new HttpError(502, contaMensagens.smsFalhou)
  }

  /** Every request that may send an SMS counts against its IP first, before anything is looked up. */
  const limitIp = (ip: string) => limit(ipKey('sms', ip), CONTA_LIMITES.smsRequestsPerIp)

  /**
   * The limits on one challenge's SMS: a country SMS go to (decision 0054); then the phone's own limits; then, for an
   * SMS that goes out, its block's and country's. A recovery is never refused for its country: the refusal would tell
   * whether the phone has an account, and one that has may keep recovering it whatever the setting says now.
   */
  async function limitPhone(
    finalidade: SmsFinalidade,
    phone: { e164: string; pais: string },
    utilizadorId: number | null,
    ip: string,
  ) {
    const { e164, pais } = phone
    if (finalidade !== 'reset') destinosSms.permitir(pais)
    await limit(`${ipKey('tel-sms', ip)}:${e164}`, CONTA_LIMITES.smsPerPhoneFromIp)
    await limit(`tel:sms:${e164}`, CONTA_LIMITES.smsPerPhone)
    await limit(`tel:sms-dia:${e164}`, CONTA_LIMITES.smsPerPhoneDaily)
    if (deliversCode(finalidade, utilizadorId)) await destinosSms.contar(e164, pais)
  }

  /** Starts an SMS challenge and sends its code; returns the hash the app puts in the URL. */
  async function startChallenge(
    finalidade: SmsFinalidade,
    phone: Phone,
    utilizadorId: number | null,
    ip: string,
  ): Promise<string> {
    await limitPhone(finalidade, phone, utilizadorId, ip)
    const hash = randomToken()
    const code = randomDigits(SMS_CODE_LENGTH)
    const now = isoNow(clock)
    await repository.insertDesafio({
      hash_token: sha256(hash),
      finalidade,
      telemovel: phone.telemovel,
      pais: phone.pais,
      telemovel_e164: phone.e164,
      utilizador_id: utilizadorId,
      codigo_hash: await hashSecret(code),
      ultimo_envio_em: now,
      expira_em: isoIn(clock, CONTA_LIMITES.codeTtlMs),
      criado_em: now,
    })
    if (deliversCode(finalidade, utilizadorId)) await sendCode(phone.e164, code)
    return hash
  }

  /**
   * Checks an SMS code against its challenge: 5 tries, 10 minutes, single use. The attempt is counted here, on its own,
   * so that a wrong code counts whatever happens next; the code is spent by `spend`, in the transaction that acts on
   * it, so that a confirmation that fails leaves it good. Returns the challenge.
   */
  async function verifyChallenge(finalidade: SmsFinalidade, hash: string, codigo: string, ip: string) {
    const ceiling = failureCeiling('codigo-falhas', ip, CONTA_LIMITES.codeFailuresPerIp)
    await ceiling.take()
    const desafio = await repository.findDesafio(sha256(hash), finalidade)
    if (!desafio) throw expired()
    const now = isoNow(clock)
    const attempt = await repository.takeAttempt(desafio.id, CONTA_LIMITES.codeAttempts, now)
    if (!attempt) throw expired()
    const ok = /^\d+$/.test(codigo) && (await verifySecret(codigo, desafio.codigo_hash))
    if (ok) await ceiling.succeeded()
    if (!ok) {
      const left = CONTA_LIMITES.codeAttempts - attempt.tentativas
      if (left <= 0) throw expired()
      throw new HttpError(400, mensagens.codigoSmsInvalido, 'Erro', { codigo: mensagens.codigoSmsInvalido })
    }
    return desafio
  }

  /** Spends a verified code, in the unit of work that acts on it; another request that spent it first wins. */
  async function spend(conta: ContaRepo, desafio: { id: number }) {
    if (!(await conta.consumeDesafio(desafio.id, isoNow(clock)))) throw expired()
  }

  return {
    limitIp,
    startChallenge,
    verifyChallenge,
    spend,

    async resend(hash: string, ip: string): Promise<void> {
      const desafio = await repository.findDesafioByHash(sha256(hash))
      const now = clock.now()
      if (!desafio || desafio.usado_em || desafio.tentativas >= CONTA_LIMITES.codeAttempts) throw expired()
      const resendInMs = new Date(desafio.ultimo_envio_em).getTime() + CONTA_LIMITES.resendIntervalMs - now.getTime()
      if (resendInMs > 0) throw new TooManyRequests(resendInMs, contaMensagens.reenvioCedo, 'Aguarde')
      await limitIp(ip)
      await limitPhone(
        desafio.finalidade,
        { e164: desafio.telemovel_e164, pais: desafio.pais },
        desafio.utilizador_id,
        ip,
      )
      const code = randomDigits(SMS_CODE_LENGTH)
      // The attempts left are not renewed: five wrong codes end the hash, however many times it was resent.
      await repository.renewDesafio(desafio.id, {
        codigo_hash: await hashSecret(code),
        envios: desafio.envios + 1,
        ultimo_envio_em: now.toISOString(),
        expira_em: isoIn(clock, CONTA_LIMITES.codeTtlMs),
      })
      if (deliversCode(desafio.finalidade, desafio.utilizador_id)) await sendCode(desafio.telemovel_e164, code)
    },

    /**
     * Housekeeping: SMS challenges a day past their expiry, outbox messages after a week, and login failures after a
     * quiet day with no lock running.
     */
    async purgeOldChallenges(): Promise<void> {
      const now = clock.now()
      await repository.deleteDesafiosExpiredBefore(new Date(now.getTime() - DAY).toISOString())
      await purgeSmsOutbox(db, new Date(now.getTime() - 7 * DAY).toISOString())
      await repository.deleteTentativasLoginBefore(
        new Date(now.getTime() - CONTA_LIMITES.loginFailuresMemoryMs).toISOString(),
        now.toISOString(),
      )
    },

    /** Development outbox, newest first; `para` narrows it to one E.164 number. */
    listOutbox: (para?: string) => listSmsOutbox(db, 50, para),
  }
}

export type Desafios = ReturnType<typeof createDesafios>
