import type { z } from 'zod'
import type { LoginSchema, ResetSchema, SignupSchema } from '../../../shared/conta.ts'
import { toE164Mobile } from '../../../shared/validacao.ts'
import { isoNow, MINUTE } from '../../platform/clock.ts'
import { hashSecret, randomToken, verifySecret } from '../../platform/crypto.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { type Sessao, sessoesRepo } from '../../platform/sessions.ts'
import type { Desafios } from './challenges.ts'
import {
  type AbrirSessao,
  CONTA_LIMITES,
  type ContaContext,
  contaMensagens,
  minutesFrom,
  type Utilizador,
} from './context.ts'
import { registarConsentimento } from './direitos.ts'
import { newQrToken } from './security-key.ts'

/** Getting into an account: sign-up, login and its lockouts, recovery, and the checks of a session still good. */
export function createAcesso(ctx: ContaContext, desafios: Desafios) {
  const { db, clock, repository, unitOfWork, failureCeiling, tooMany, phoneOf, phoneTaken, expired, eventos } = ctx
  const { versoesLegais } = ctx
  const { limitIp, startChallenge, verifyChallenge, spend } = desafios

  /**
   * A real scrypt hash of nothing anybody knows, checked when the phone has no account (or no password yet), so that
   * both answers spend the same work.
   */
  let decoyHash: Promise<string> | undefined
  function passwordHashOf(user: Utilizador | undefined): Promise<string> | string {
    if (user?.password_hash) return user.password_hash
    decoyHash ??= hashSecret(randomToken())
    return decoyHash
  }

  /** The lock's end is when to come back (Retry-After). */
  const locked = (until: string) => {
    const leftMs = new Date(until).getTime() - clock.now().getTime()
    return new TooManyRequests(leftMs, contaMensagens.contaBloqueada(minutesFrom(leftMs)), 'Conta bloqueada')
  }

  /**
   * Takes one login attempt on a phone number before the password is checked, so that parallel guesses cannot outrun
   * the lock: the count goes up by one and, once it reaches the lock, the lock is set now. Returns the lock this attempt
   * set, if any. The same for numbers without an account, so the lock tells nobody which numbers have one.
   */
  async function takeLoginAttempt(chave: string): Promise<string | null> {
    for (let tries = 0; tries < 4; tries++) {
      const now = clock.now()
      const seen = await repository.findTentativaLogin(chave)
      if (seen?.bloqueado_ate && seen.bloqueado_ate > now.toISOString()) throw locked(seen.bloqueado_ate)
      const over = (seen?.falhas ?? 0) + 1 - CONTA_LIMITES.loginFailuresBeforeLock
      const lockUntil =
        over >= 0
          ? new Date(
              now.getTime() + Math.min(CONTA_LIMITES.firstLockMs * 2 ** over, CONTA_LIMITES.maxLockMs),
            ).toISOString()
          : null
      if (await repository.takeLoginAttempt(chave, seen?.falhas ?? null, lockUntil, now.toISOString())) return lockUntil
    }
    throw tooMany(MINUTE)
  }

  return {
    async signup(input: z.output<typeof SignupSchema>, ip: string): Promise<string> {
      await limitIp(ip)
      const phone = phoneOf(input)
      if (await repository.findUtilizadorByPhone(phone.e164)) throw phoneTaken()
      return startChallenge('registo', phone, null, ip)
    },

    /** Confirms a sign-up: the new account, the code spent and the account's first session (`abrirSessao`), at once. */
    async confirmSignup<S>(
      hash: string,
      codigo: string,
      ip: string,
      sessao: Sessao,
      abrirSessao: AbrirSessao<S>,
    ): Promise<S> {
      const desafio = await verifyChallenge('registo', hash, codigo, ip)
      if (await repository.findUtilizadorByPhone(desafio.telemovel_e164)) throw phoneTaken()
      const now = isoNow(clock)
      const versoes = await versoesLegais()
      try {
        return await unitOfWork(async ({ conta, trx }) => {
          await spend(conta, desafio)
          const id = await conta.insertUtilizador({
            telemovel: desafio.telemovel,
            pais: desafio.pais,
            telemovel_e164: desafio.telemovel_e164,
            temporario: 1,
            origem: 'app',
            saw_onboarding: sessao.sawOnboarding ? 1 : 0,
            qr_code: newQrToken(),
            criado_em: now,
            atualizado_em: now,
          })
          // The terms were accepted on the sign-up form (spec §4), before there was an account to record it on.
          await registarConsentimento(trx, id, 'termos', versoes.termos, true, now, 'registo')
          return abrirSessao(trx, id)
        })
      } catch (error) {
        // The unique phone lost a race with another confirmation.
        if (isUniqueViolation(error)) throw phoneTaken()
        throw error
      }
    },

    /**
     * Login. A number with no account, or an account with no password yet, goes through the very same steps as a wrong
     * password (the attempt taken, the lookup, a scrypt check, the failure counted), so neither the answer nor its time
     * tells whether the number has an account.
     */
    async login(input: z.output<typeof LoginSchema>, ip: string): Promise<number> {
      const ceiling = failureCeiling('login-falhas', ip, CONTA_LIMITES.loginFailuresPerIp)
      await ceiling.take()
      const chave = toE164Mobile(input.pais, input.telemovel) ?? `+${input.pais}${input.telemovel}`
      const lockUntil = await takeLoginAttempt(chave)
      const user = await repository.findUtilizadorByPhone(chave)
      const ok = await verifySecret(input.password, await passwordHashOf(user))
      if (!user || !ok) {
        if (lockUntil) throw locked(lockUntil)
        throw new HttpError(401, contaMensagens.credenciaisInvalidas)
      }
      await repository.clearTentativasLogin(chave)
      await ceiling.succeeded()
      return user.id
    },

    /**
     * Recovery. An unknown phone gets a challenge too, under the same limits, that no code will ever confirm (no SMS is
     * sent), so nothing in the answers tells whether the number has an account.
     */
    async reset(input: z.output<typeof ResetSchema>, ip: string): Promise<string> {
      await limitIp(ip)
      const phone = phoneOf(input)
      const user = await repository.findUtilizadorByPhone(phone.e164)
      return startChallenge('reset', phone, user?.id ?? null, ip)
    },

    /**
     * Confirms a recovery: the account becomes temporary, so the app asks for a new password in the data form; the
     * code is spent and this device's new session (`abrirSessao`) written in the same transaction.
     */
    async confirmReset<S>(hash: string, codigo: string, ip: string, abrirSessao: AbrirSessao<S>): Promise<S> {
      const desafio = await verifyChallenge('reset', hash, codigo, ip)
      const user =
        desafio.utilizador_id === null ? undefined : await repository.findUtilizadorById(desafio.utilizador_id)
      if (!user) throw expired()
      // Recovery is what a person does when the password may be known to someone else: the old password stops
      // working and every session of the account ends, so nobody but this device can set the new one.
      return unitOfWork(async ({ conta, sessoes, trx }) => {
        await spend(conta, desafio)
        await conta.updateUtilizador(user.id, { temporario: 1, password_hash: null, atualizado_em: isoNow(clock) })
        if (user.telemovel_e164) await conta.clearTentativasLogin(user.telemovel_e164)
        await sessoes.revokeAllFor(user.id, null, 'password')
        return abrirSessao(trx, user.id)
      })
    },

    /** The session behind an open event stream is still good (not ended by a password change elsewhere…). */
    async sessaoAtiva(sessao: Sessao): Promise<boolean> {
      return sessao.id !== null && (await sessoesRepo(db, clock).isActive(sessao.id))
    },

    /**
     * A session was ended on its own device (logout): that session's other screens (more tabs with the same cookie)
     * are signed out too. Every open stream of the customer checks its own session; only that one's has ended.
     */
    sessaoTerminada(utilizadorId: number): void {
      eventos?.sessoesTerminadas(utilizadorId, null)
    },
  }
}
