import type { FastifyBaseLogger } from 'fastify'
import type { Selectable } from 'kysely'
import type { FimDeSessao } from '../../../shared/fim-de-sessao.ts'
import type { TextoPorAceitar } from '../../../shared/termos.ts'
import { mensagens, toE164Mobile } from '../../../shared/validacao.ts'
import type { UtilizadoresTable } from '../../db/schema.ts'
import { type Clock, DAY, HOUR, MINUTE } from '../../platform/clock.ts'
import { type DataKeyring, openText, SealedValueError } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { withoutPhoneNumbers } from '../../platform/logging.ts'
import { ipKey, type Limit, type RateLimiter } from '../../platform/rate-limit.ts'
import { type Sessao, type SessoesRepo, sessoesRepo } from '../../platform/sessions.ts'
import type { SmsProvider } from '../../platform/sms.ts'
import { createDestinosSms } from './destinos-sms.ts'
import type { VersoesLegais } from './direitos.ts'
import { type ContaRepo, contaRepo } from './repository.ts'
import { codigoSegurancaAad } from './security-key.ts'

/**
 * The account rules of ARCHITECTURE.md's security baseline and its abuse cases, in one place. Limits are keyed
 * first on what is attacked (the phone, the code, the account); the per-IP ones are only a high ceiling for abuse that
 * spreads across phones, since a carrier's NAT or a café's Wi-Fi puts many honest people behind one address. The
 * threat model, with what each limit stops and costs: docs/decisions/0005-shared-addresses.md.
 */
export const CONTA_LIMITES = {
  codeTtlMs: 10 * MINUTE,
  codeAttempts: 5,
  resendIntervalMs: MINUTE,
  /**
   * SMS to one phone asked from one address (first sends and resends together): one stranger cannot spend the phone's
   * whole allowance and so close its owner's recovery.
   */
  smsPerPhoneFromIp: { max: 3, windowMs: HOUR } satisfies Limit,
  /** SMS to one phone from anywhere: the ceiling of SMS bombing. */
  smsPerPhone: { max: 8, windowMs: HOUR } satisfies Limit,
  /** …and 20 a day, which also bounds code guesses against one phone (5 per code, codes only by SMS). */
  smsPerPhoneDaily: { max: 20, windowMs: DAY } satisfies Limit,
  /** Ceiling on SMS-sending requests (sign-up, recovery, phone change, resend) from one address, across phones. */
  smsRequestsPerIp: { max: 300, windowMs: HOUR } satisfies Limit,
  /** Ceiling on wrong SMS codes from one address, across challenges. */
  codeFailuresPerIp: { max: 300, windowMs: 15 * MINUTE } satisfies Limit,
  /** Ceiling on failed logins from one address, across phones (password spraying); successes do not count. */
  loginFailuresPerIp: { max: 200, windowMs: 15 * MINUTE } satisfies Limit,
  /** Failures on one phone number before it locks, whether it has an account or not; each further one doubles it. */
  loginFailuresBeforeLock: 5,
  firstLockMs: MINUTE,
  maxLockMs: DAY,
  /** A phone's failures are forgotten after a day without any (and no lock running). */
  loginFailuresMemoryMs: DAY,
  provisionalDays: 30,
} as const

export const contaMensagens = {
  credenciaisInvalidas: 'Telemóvel ou password incorretos',
  sessaoTerminada: 'Sessão terminada. Inicie sessão novamente.',
  codigoExpirado: 'O código SMS expirou ou já não é válido. Peça um novo código.',
  reenvioCedo: 'Aguarde um minuto antes de pedir um novo código.',
  demasiadosPedidos: (minutos: number) => `Demasiados pedidos. Tente novamente dentro de ${minutos} minutos.`,
  contaBloqueada: (minutos: number) =>
    `Conta bloqueada temporariamente por excesso de tentativas. Tente novamente dentro de ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  smsFalhou: 'Não foi possível enviar o SMS. Tente mais tarde.',
  mesmoTelemovel: 'O novo telemóvel é igual ao atual',
  completarDados: 'Complete primeiro os seus dados pessoais.',
}

export const minutesFrom = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE))

export type Utilizador = Selectable<UtilizadoresTable>

export interface Phone {
  telemovel: string
  pais: string
  e164: string
}

export interface ContaDeps {
  db: Database
  limiter: RateLimiter
  sms: SmsProvider
  clock: Clock
  /** `smsPaises`: the calling codes SMS go to (SMS_PAISES, decision 0054). */
  settings: { idadeMinima: number; appUrl: string; smsPaises: readonly string[] }
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
  /** The versions of the terms and privacy texts as they stand (the content feature's), recorded with each consent. */
  versoesLegais?: () => Promise<VersoesLegais>
  /** The terms and privacy texts whose last relevant change customers accept again (the content feature's). */
  alteracoesLegais?: () => Promise<TextoPorAceitar[]>
  /** The server's data key (DATA_ENCRYPTION_KEY): the security code is kept sealed with it, never in clear. */
  cifra: DataKeyring
  /**
   * Told after a change is committed, for the customer's open screens (the event bus): their sessions were ended
   * (password changed elsewhere, phone changed, recovery, lapse), or their record changed.
   */
  eventos?: {
    /** `exceto`: the session that did it and goes on (its screens stay signed in). */
    sessoesTerminadas(utilizadorId: number, exceto: number | null): void
    utilizadorAlterado(utilizadorId: number): void
  }
  /**
   * Told inside the transaction of a write to an account's name or loyalty QR, which it joins (the wallets' card: the
   * pass is updated with the change, or not at all).
   */
  aoAlterarConta?: (trx: DatabaseTransaction, utilizadorId: number) => Promise<void>
}

/**
 * The new session of a confirmation (sign-up, recovery, phone change), written by the caller in the confirmation's own
 * transaction: the account, the code spent and the session commit together or not at all.
 */
export type AbrirSessao<S> = (trx: DatabaseTransaction, utilizadorId: number) => Promise<S>

/** The repository's writes to the account itself: only inside a unit of work, which tells the account's screens. */
type EscritasDaConta = 'insertUtilizador' | 'updateUtilizador'

/** What the parts of the account service share: its dependencies, the unit of work, limits, common answers. */
export function createContaContext(deps: ContaDeps) {
  const { db, limiter, sms, clock, log, cifra, eventos, aoAlterarConta } = deps
  // Outside a unit of work the account is only read: its writes are the unit of work's, so none goes untold.
  const repository: Omit<ContaRepo, EscritasDaConta> = contaRepo(db)

  /**
   * Every write to an account, all or nothing (ARCHITECTURE.md, "Units of work"). Only the transaction's repositories
   * may be used inside: on SQLite the pool's one connection is the transaction's until it ends.
   */
  const unitOfWork = async <T>(
    step: (uow: { conta: ContaRepo; sessoes: SessoesRepo; trx: DatabaseTransaction }) => Promise<T>,
    /** The session doing it, when it goes on (under a new token): its own open screens are not signed out. */
    ator?: Sessao,
  ): Promise<T> => {
    // Whose sessions were ended and whose record was written, by whichever write of the repository, told once the
    // transaction has committed (a listener that then reads the database sees the change), and only if it did.
    const terminadas = new Map<number, number | null>()
    const alterados = new Set<number>()
    const result = await db.transaction().execute((trx) => {
      const conta = contaRepo(trx)
      const sessoes = sessoesRepo(trx, clock)
      return step({
        trx,
        conta: {
          ...conta,
          insertUtilizador: async (...args: Parameters<ContaRepo['insertUtilizador']>) => {
            const id = await conta.insertUtilizador(...args)
            alterados.add(id)
            return id
          },
          updateUtilizador: async (...args: Parameters<ContaRepo['updateUtilizador']>) => {
            alterados.add(args[0])
            // Erased while this change was on its way (it read the account before): nothing of it is written.
            if (!(await conta.updateUtilizador(...args))) {
              throw new HttpError(401, contaMensagens.sessaoTerminada, 'Sessão terminada')
            }
            // Only what the card shows: the name, the loyalty QR.
            const [id, values] = args
            if ('nome' in values || 'qr_code' in values) await aoAlterarConta?.(trx, id)
            return true
          },
        },
        sessoes: {
          ...sessoes,
          revokeAllFor: async (utilizadorId: number, keepId?: number | null, motivo?: FimDeSessao) => {
            terminadas.set(utilizadorId, keepId ?? ator?.id ?? null)
            return sessoes.revokeAllFor(utilizadorId, keepId, motivo)
          },
        },
      })
    })
    for (const [id, exceto] of terminadas) eventos?.sessoesTerminadas(id, exceto)
    // The screens that go on (the one that did it, the sessions kept) show the record as it now is.
    for (const id of alterados) eventos?.utilizadorAlterado(id)
    return result
  }

  const tooMany = (retryAfterMs: number) =>
    new TooManyRequests(retryAfterMs, contaMensagens.demasiadosPedidos(minutesFrom(retryAfterMs)))

  async function limit(key: string, rule: Limit) {
    const { allowed, retryAfterMs } = await limiter.hit(key, rule)
    if (!allowed) throw tooMany(retryAfterMs)
  }

  /**
   * A ceiling on failures. Each attempt is counted up front, atomically, and refused past the ceiling, so parallel
   * attempts cannot all slip under it; one that succeeds gives its count back (succeeded()), so only failures stay.
   */
  function failureCeiling(scope: string, ip: string, rule: Limit) {
    const key = ipKey(scope, ip)
    return {
      take: () => limit(key, rule),
      succeeded: () => limiter.release(key, rule),
    }
  }

  /** The guard of every SMS's destination (decision 0054): its country, and its block's and country's counts. */
  const destinosSms = createDestinosSms({ db, clock, log, limit, paises: deps.settings.smsPaises })

  /** The number of a form, with its E.164 form (the schemas already checked it is a mobile number). */
  function phoneOf({ telemovel, pais }: { telemovel: string; pais: string }): Phone {
    const e164 = toE164Mobile(pais, telemovel)
    if (!e164) throw new HttpError(400, mensagens.telemovelInvalido, 'Erro', { telemovel: mensagens.telemovelInvalido })
    return { telemovel, pais, e164 }
  }

  /** Sends one SMS; false (and a log line with the provider's words, never the number or the text) when it failed. */
  async function deliver(e164: string, text: string): Promise<boolean> {
    try {
      await sms.send(e164, text)
      return true
    } catch (error) {
      log.error({ provider: sms.name, err: withoutPhoneNumbers((error as Error).message) }, 'SMS delivery failed')
      return false
    }
  }

  /** The session's account; a temporary one may only complete its personal data (spec §6). */
  async function requireUser(sessao: Sessao, { allowTemporario = false } = {}): Promise<Utilizador> {
    const user = sessao.utilizadorId === null ? undefined : await repository.findUtilizadorById(sessao.utilizadorId)
    if (!user) throw new HttpError(401, contaMensagens.sessaoTerminada, 'Sessão terminada')
    if (user.temporario === 1 && !allowTemporario) throw new HttpError(403, contaMensagens.completarDados)
    return user
  }

  /**
   * The account's security code in clear, or null: none made, or a legacy key kept only as a hash (not upgraded yet),
   * or one that does not open (a lost or wrong data key: logged, and the customer can make a new one).
   */
  function codigoSegurancaDe(u: Utilizador): string | null {
    if (u.codigo_seguranca_hash !== null || u.codigo_seguranca_cifrado === null) return null
    try {
      return openText(cifra, u.codigo_seguranca_cifrado, codigoSegurancaAad(u.id))
    } catch (error) {
      if (!(error instanceof SealedValueError)) throw error
      log.error({ utilizador: u.id, err: error.message }, 'security code does not open with the data key')
      return null
    }
  }

  const phoneTaken = () =>
    new HttpError(409, mensagens.telemovelExistente, 'Erro', { telemovel: mensagens.telemovelExistente })

  const expired = () => new HttpError(410, contaMensagens.codigoExpirado, 'Código expirado')

  /** Without the content feature (a command line tool), a consent is recorded against no known text. */
  const versoesLegais = deps.versoesLegais ?? (async () => ({ termos: 'sem-texto', privacidade: 'sem-texto' }))

  /** Without the content feature (a command line tool), nothing to accept again. */
  const alteracoesLegais = deps.alteracoesLegais ?? (async () => [])

  return {
    ...deps,
    versoesLegais,
    alteracoesLegais,
    repository,
    unitOfWork,
    tooMany,
    limit,
    failureCeiling,
    destinosSms,
    phoneOf,
    deliver,
    requireUser,
    codigoSegurancaDe,
    phoneTaken,
    expired,
  }
}

export type ContaContext = ReturnType<typeof createContaContext>
