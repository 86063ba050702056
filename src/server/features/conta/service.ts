import type { FastifyBaseLogger } from 'fastify'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import { FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE } from '../../../shared/api.ts'
import { PASSWORD_LENGTH } from '../../../shared/constants.ts'
import {
  type AlterarPasswordSchema,
  type AlterarTelemovelSchema,
  dadosPessoaisSchema,
  type LoginSchema,
  type PrivateData,
  type ResetSchema,
  type SignupSchema,
  type UserData,
} from '../../../shared/conta.ts'
import type { FidelizacaoDados, Transacao } from '../../../shared/fidelizacao.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { mensagens, SMS_CODE_LENGTH, toE164Mobile } from '../../../shared/validacao.ts'
import type { SmsFinalidade, UtilizadoresTable } from '../../db/schema.ts'
import { type Clock, DAY, HOUR, isoIn, isoNow, lisbonToday, MINUTE } from '../../platform/clock.ts'
import {
  type DataKeyring,
  hashSecret,
  openText,
  randomDigits,
  randomToken,
  SealedValueError,
  sealText,
  secretsEqual,
  sha256,
  verifySecret,
} from '../../platform/crypto.ts'
import { type Database, type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import { HttpError, TooManyRequests } from '../../platform/errors.ts'
import { withoutPhoneNumbers } from '../../platform/logging.ts'
import { ipKey, type Limit, type RateLimiter } from '../../platform/rate-limit.ts'
import { type Sessao, type SessoesRepo, sessoesRepo } from '../../platform/sessions.ts'
import type { SmsProvider } from '../../platform/sms.ts'
import { type ContaRepo, contaRepo } from './repository.ts'

/**
 * The account rules of ARCHITECTURE.md's security baseline and the issue's abuse cases, in one place. Limits are keyed
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

/** The loyalty QR's content: opaque, random, per customer (never the phone). */
const newQrToken = () => randomToken(18)

const minutesFrom = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE))

type Utilizador = Selectable<UtilizadoresTable>

interface Phone {
  telemovel: string
  pais: string
  e164: string
}

export interface ContaDeps {
  db: Database
  limiter: RateLimiter
  sms: SmsProvider
  clock: Clock
  settings: { idadeMinima: number; appUrl: string }
  log: Pick<FastifyBaseLogger, 'error'>
  /** The server's data key (DATA_ENCRYPTION_KEY): the security code is kept sealed with it, never in clear. */
  cifra: DataKeyring
  /**
   * The loyalty part of a customer's private data, asked of the loyalty feature (which owns balances and ledger):
   * conta composes, it does not reach into another feature's tables.
   */
  fidelizacaoDe(utilizador: { id: number; registoCompleto: boolean }): Promise<{
    dados: FidelizacaoDados
    transacoes: Transacao[]
  }>
  /** The customer's current orders (spec §3 "Current order"), asked of the ordering feature. */
  encomendasDe?(utilizadorId: number): Promise<EncomendaCliente[]>
  /**
   * Told after a change is committed, for the customer's open screens (the event bus): their sessions were ended
   * (password changed elsewhere, phone changed, recovery, lapse), or their record changed.
   */
  eventos?: {
    /** `exceto`: the session that did it and goes on (its screens stay signed in). */
    sessoesTerminadas(utilizadorId: number, exceto: number | null): void
    utilizadorAlterado(utilizadorId: number): void
  }
}

/**
 * The new session of a confirmation (sign-up, recovery, phone change), written by the caller in the confirmation's own
 * transaction: the account, the code spent and the session commit together or not at all.
 */
export type AbrirSessao<S> = (trx: DatabaseTransaction, utilizadorId: number) => Promise<S>

/** The repository's writes to the account itself: only inside a unit of work, which tells the account's screens. */
type EscritasDaConta = 'insertUtilizador' | 'updateUtilizador'

/** A customer as the till finds them (STORE-API.md "identificar"). */
export interface ClienteConta {
  id: number
  nome: string | null
  temporario: 0 | 1
  registoCompleto: boolean
  usarCodigoSeguranca: boolean
}

const toClienteConta = (u: Utilizador): ClienteConta => ({
  id: u.id,
  nome: u.nome,
  temporario: u.temporario === 1 ? 1 : 0,
  registoCompleto: u.registo_completo_em !== null,
  usarCodigoSeguranca: u.usar_codigo_seguranca === 1,
})

/**
 * The security code's additional authenticated data: its column and the row's id, so that a sealed code copied to
 * another account (or column) does not open.
 */
const codigoSegurancaAad = (utilizadorId: number) => `utilizadores.codigo_seguranca:${utilizadorId}`

/** A new security code for an account, sealed for its row. */
function novoCodigoSeguranca(cifra: DataKeyring, utilizadorId: number) {
  const codigo = randomDigits(SMS_CODE_LENGTH)
  return { codigo, cifrado: sealText(cifra, codigo, codigoSegurancaAad(utilizadorId)) }
}

/**
 * Start-up step (docs/decisions/0004, "Security key"): the keys kept only as a scrypt hash, from before codes were
 * sealed (or written since by a process of an older version), cannot be shown: their code is gone. A key that is on
 * gets a new code, sealed, and a new loyalty QR token; one that is off just loses its hash (turning it on makes a new
 * one). Each row changes in one UPDATE conditional on the hash it was read with, so N processes starting at once
 * upgrade it once, and a key made meanwhile is never overwritten. Returns the ids of the keys renewed.
 */
export async function upgradeLegacySecurityKeys(db: Database, cifra: DataKeyring, clock: Clock): Promise<number[]> {
  const renovados: number[] = []
  let depoisDe = 0
  for (;;) {
    const legados = await db
      .selectFrom('utilizadores')
      .select(['id', 'codigo_seguranca_hash', 'usar_codigo_seguranca', 'eliminado'])
      .where('codigo_seguranca_hash', 'is not', null)
      .where('id', '>', depoisDe)
      .orderBy('id')
      .limit(500)
      .execute()
    for (const legado of legados) {
      const hash = legado.codigo_seguranca_hash
      if (hash === null) continue
      const renovar = legado.usar_codigo_seguranca === 1 && legado.eliminado === 0
      const result = await db
        .updateTable('utilizadores')
        .set(
          renovar
            ? {
                codigo_seguranca_hash: null,
                codigo_seguranca_cifrado: novoCodigoSeguranca(cifra, legado.id).cifrado,
                qr_code: newQrToken(),
                atualizado_em: isoNow(clock),
              }
            : { codigo_seguranca_hash: null, codigo_seguranca_cifrado: null },
        )
        .where('id', '=', legado.id)
        .where('codigo_seguranca_hash', '=', hash)
        .executeTakeFirst()
      if (renovar && result.numUpdatedRows > 0n) renovados.push(legado.id)
    }
    const ultimo = legados.at(-1)
    if (!ultimo) return renovados
    depoisDe = ultimo.id
  }
}

export function toUserData(
  u: Utilizador,
  fidelizacao: FidelizacaoDados,
  codigoSeguranca: string | null = null,
): UserData {
  return {
    id: u.id,
    telemovel: u.telemovel,
    pais: u.pais,
    nome: u.nome,
    email: u.email,
    dataNascimento: u.data_nascimento,
    codigoPostal: u.codigo_postal,
    genero: (u.genero as UserData['genero']) ?? null,
    codigoParceria: u.codigo_parceria,
    nomeFaturacao1: u.nome_faturacao1,
    nif1: u.nif1,
    nomeFaturacao2: u.nome_faturacao2,
    nif2: u.nif2,
    nif_utilizado: (u.nif_utilizado as UserData['nif_utilizado']) ?? '',
    comunicacoes: u.comunicacoes === 1,
    comunicacao: u.comunicacao === 1,
    temporario: u.temporario === 1 ? 1 : 0,
    registoCompleto: u.registo_completo_em !== null,
    usar_codigo_seguranca: u.usar_codigo_seguranca === 1 ? 1 : 0,
    codigo_seguranca: u.usar_codigo_seguranca === 1 ? codigoSeguranca : null,
    ...fidelizacao,
    id_perfil: u.id_perfil,
    dataActualizacao: u.atualizado_em,
    eliminado: u.eliminado === 1 ? 1 : 0,
    qrCode: u.qr_code,
  }
}

export function createContaService({
  db,
  limiter,
  sms,
  clock,
  settings,
  log,
  cifra,
  fidelizacaoDe,
  encomendasDe,
  eventos,
}: ContaDeps) {
  // Outside a unit of work the account is only read: its writes are the unit of work's, so none goes untold.
  const repository: Omit<ContaRepo, EscritasDaConta> = contaRepo(db)

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
            return conta.updateUtilizador(...args)
          },
        },
        sessoes: {
          ...sessoes,
          revokeAllFor: async (utilizadorId: number, keepId?: number | null) => {
            terminadas.set(utilizadorId, keepId ?? ator?.id ?? null)
            return sessoes.revokeAllFor(utilizadorId, keepId)
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

  /** The number of a form, with its E.164 form (the schemas already checked it is a mobile number). */
  function phoneOf({ telemovel, pais }: { telemovel: string; pais: string }): Phone {
    const e164 = toE164Mobile(pais, telemovel)
    if (!e164) throw new HttpError(400, mensagens.telemovelInvalido, 'Erro', { telemovel: mensagens.telemovelInvalido })
    return { telemovel, pais, e164 }
  }

  const smsText = (code: string) =>
    `Balcão: o seu código de confirmação é ${code}. É válido durante 10 minutos. Não o partilhe com ninguém.`

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

  async function sendCode(e164: string, code: string) {
    if (!(await deliver(e164, smsText(code)))) throw new HttpError(502, contaMensagens.smsFalhou)
  }

  /** Every request that may send an SMS counts against its IP first, before anything is looked up. */
  const limitIp = (ip: string) => limit(ipKey('sms', ip), CONTA_LIMITES.smsRequestsPerIp)

  async function limitPhone(e164: string, ip: string) {
    await limit(`${ipKey('tel-sms', ip)}:${e164}`, CONTA_LIMITES.smsPerPhoneFromIp)
    await limit(`tel:sms:${e164}`, CONTA_LIMITES.smsPerPhone)
    await limit(`tel:sms-dia:${e164}`, CONTA_LIMITES.smsPerPhoneDaily)
  }

  /**
   * Whether a challenge's code goes out by SMS: not for the recovery of a phone without an account, a challenge no
   * code will ever confirm that otherwise behaves like any other (so the answers do not tell the two apart).
   */
  const deliversCode = (finalidade: SmsFinalidade, utilizadorId: number | null) =>
    finalidade !== 'reset' || utilizadorId !== null

  /** Starts an SMS challenge and sends its code; returns the hash the app puts in the URL. */
  async function startChallenge(
    finalidade: SmsFinalidade,
    phone: Phone,
    utilizadorId: number | null,
    ip: string,
  ): Promise<string> {
    await limitPhone(phone.e164, ip)
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

  const expired = () => new HttpError(410, contaMensagens.codigoExpirado, 'Código expirado')

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

  /** The session's account; a temporary one may only complete its personal data (spec §6). */
  async function requireUser(sessao: Sessao, { allowTemporario = false } = {}): Promise<Utilizador> {
    const user = sessao.utilizadorId === null ? undefined : await repository.findUtilizadorById(sessao.utilizadorId)
    if (!user) throw new HttpError(401, contaMensagens.sessaoTerminada, 'Sessão terminada')
    if (user.temporario === 1 && !allowTemporario) throw new HttpError(403, contaMensagens.completarDados)
    return user
  }

  /** The session's private data (spec §7); `known`: the session's account when the caller has just read it. */
  async function privateData(sessao: Sessao, known?: Utilizador): Promise<PrivateData> {
    const user =
      known?.id === sessao.utilizadorId
        ? known
        : sessao.utilizadorId === null
          ? undefined
          : await repository.findUtilizadorById(sessao.utilizadorId)
    const [fidelizacao, ordering] = user
      ? await Promise.all([
          fidelizacaoDe({ id: user.id, registoCompleto: user.registo_completo_em !== null }),
          encomendasDe ? encomendasDe(user.id) : [],
        ])
      : [undefined, []]
    return {
      user: {
        loggedIn: Boolean(user),
        sawOnboarding: sessao.sawOnboarding || user?.saw_onboarding === 1,
        data:
          user && fidelizacao
            ? toUserData(user, fidelizacao.dados, user.usar_codigo_seguranca === 1 ? codigoSegurancaDe(user) : null)
            : null,
      },
      transacoes: fidelizacao?.transacoes ?? [],
      ordering,
    }
  }

  function phoneTaken() {
    return new HttpError(409, mensagens.telemovelExistente, 'Erro', { telemovel: mensagens.telemovelExistente })
  }

  return {
    privateData,
    requireUser,

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
        await sessoes.revokeAllFor(user.id)
        return abrirSessao(trx, user.id)
      })
    },

    async resend(hash: string, ip: string): Promise<void> {
      const desafio = await repository.findDesafioByHash(sha256(hash))
      const now = clock.now()
      if (!desafio || desafio.usado_em || desafio.tentativas >= CONTA_LIMITES.codeAttempts) throw expired()
      const resendInMs = new Date(desafio.ultimo_envio_em).getTime() + CONTA_LIMITES.resendIntervalMs - now.getTime()
      if (resendInMs > 0) throw new TooManyRequests(resendInMs, contaMensagens.reenvioCedo, 'Aguarde')
      await limitIp(ip)
      await limitPhone(desafio.telemovel_e164, ip)
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

    /** The session behind an open event stream is still good (not ended by a password change elsewhere…). */
    async sessaoAtiva(sessao: Sessao): Promise<boolean> {
      return sessao.id !== null && (await sessoesRepo(db, clock).isActive(sessao.id))
    },

    async changePassword(sessao: Sessao, input: z.output<typeof AlterarPasswordSchema>): Promise<void> {
      const user = await requireUser(sessao)
      const passwordHash = await hashSecret(input.password)
      await unitOfWork(async ({ conta, sessoes }) => {
        await conta.updateUtilizador(user.id, { password_hash: passwordHash, atualizado_em: isoNow(clock) })
        await sessoes.revokeAllFor(user.id, sessao.id)
      })
    },

    async requestPhoneChange(sessao: Sessao, input: z.output<typeof AlterarTelemovelSchema>, ip: string) {
      const user = await requireUser(sessao)
      await limitIp(ip)
      const phone = phoneOf(input)
      if (phone.e164 === user.telemovel_e164) {
        throw new HttpError(400, contaMensagens.mesmoTelemovel, 'Erro', { telemovel: contaMensagens.mesmoTelemovel })
      }
      if (await repository.findUtilizadorByPhone(phone.e164)) throw phoneTaken()
      return startChallenge('telemovel', phone, user.id, ip)
    },

    /**
     * Confirms a phone change: every session of the account ends, and this device goes on under a new one
     * (`abrirSessao`), written with the new number and the code spent, in one transaction.
     */
    async confirmPhoneChange<S>(
      sessao: Sessao,
      hash: string,
      codigo: string,
      ip: string,
      abrirSessao: AbrirSessao<S>,
    ): Promise<S> {
      const user = await requireUser(sessao)
      const desafio = await verifyChallenge('telemovel', hash, codigo, ip)
      if (desafio.utilizador_id !== user.id) throw expired()
      if (await repository.findUtilizadorByPhone(desafio.telemovel_e164)) throw phoneTaken()
      try {
        return await unitOfWork(async ({ conta, sessoes, trx }) => {
          await spend(conta, desafio)
          await conta.updateUtilizador(user.id, {
            telemovel: desafio.telemovel,
            pais: desafio.pais,
            telemovel_e164: desafio.telemovel_e164,
            atualizado_em: isoNow(clock),
          })
          await sessoes.revokeAllFor(user.id)
          // This device goes on with its new session: only the others are signed out.
          return abrirSessao(trx, user.id)
        }, sessao)
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken()
        throw error
      }
    },

    /**
     * Turns the security key on or off; turning it on when there is no code to show (the first time, or a legacy or
     * unreadable one), or asking for a new one, makes a new code. Off keeps the code: on again shows the same.
     * `chave`: the code when one was just made.
     */
    async setSecurityKey(sessao: Sessao, selecao: 0 | 1, regenerate: boolean): Promise<{ chave: string | null }> {
      const user = await requireUser(sessao)
      const makeKey = selecao === 1 && (regenerate || codigoSegurancaDe(user) === null)
      const novo = makeKey ? novoCodigoSeguranca(cifra, user.id) : null
      // The customer's other screens are told, and show the new QR.
      await unitOfWork(({ conta }) =>
        conta.updateUtilizador(user.id, {
          usar_codigo_seguranca: selecao,
          // A new key also makes a new loyalty QR: a photo of the old one identifies nobody any more.
          ...(novo
            ? { codigo_seguranca_cifrado: novo.cifrado, codigo_seguranca_hash: null, qr_code: newQrToken() }
            : {}),
          atualizado_em: isoNow(clock),
        }),
      )
      return { chave: novo?.codigo ?? null }
    },

    async updatePersonalData(sessao: Sessao, body: unknown): Promise<void> {
      const user = await requireUser(sessao, { allowTemporario: true })
      const comPassword = user.temporario === 1
      const parsed = dadosPessoaisSchema({
        idadeMinima: settings.idadeMinima,
        comPassword,
        comAceitacao: user.registo_completo_em === null,
        hoje: lisbonToday(clock),
      }).safeParse(body)
      if (!parsed.success) {
        const fields: Record<string, string> = {}
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.')
          if (key && !fields[key]) fields[key] = issue.message
        }
        throw new HttpError(400, FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE, fields)
      }
      const d = parsed.data
      const password = 'password' in d ? (d.password as string) : null
      const passwordHash = password ? await hashSecret(password) : null
      await unitOfWork(async ({ conta, sessoes }) => {
        await conta.updateUtilizador(user.id, {
          nome: d.nome,
          email: d.email,
          data_nascimento: d.dataNascimento,
          genero: d.genero,
          codigo_postal: d.codigoPostal,
          codigo_parceria: d.codigoParceria,
          nome_faturacao1: d.nomeFaturacao1,
          nif1: d.nif1,
          nome_faturacao2: d.nomeFaturacao2,
          nif2: d.nif2,
          // A removed NIF cannot stay the chosen one.
          nif_utilizado:
            (user.nif_utilizado === 'principal' && !d.nif1) || (user.nif_utilizado === 'secundario' && !d.nif2)
              ? ''
              : user.nif_utilizado,
          comunicacoes: d.comunicacoes ? 1 : 0,
          temporario: 0,
          // Set once, with the acceptance of terms and privacy the schema required for it: the moment of consent.
          registo_completo_em: user.registo_completo_em ?? isoNow(clock),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          atualizado_em: isoNow(clock),
        })
        if (passwordHash) await sessoes.revokeAllFor(user.id, sessao.id)
      })
    },

    /** The till's look-up: by the loyalty QR's token or by number; lapsed and erased accounts are never found. */
    async findCliente(by: { qr: string } | { telemovel: string; pais: string }): Promise<ClienteConta | undefined> {
      if ('qr' in by) {
        const user = await repository.findUtilizadorByQr(by.qr)
        return user && toClienteConta(user)
      }
      const e164 = toE164Mobile(by.pais, by.telemovel)
      const user = e164 ? await repository.findUtilizadorByPhone(e164) : undefined
      return user && toClienteConta(user)
    },

    /** A customer by id, on the pool or inside the caller's transaction (the loyalty feature's units of work). */
    async clienteById(id: number, ex: Database = db): Promise<ClienteConta | undefined> {
      const user = await contaRepo(ex).findUtilizadorById(id)
      return user && toClienteConta(user)
    },

    /**
     * The security code the customer shows at the till (spec: `codigo_seguranca`): opened and compared in constant
     * time; a legacy key not upgraded yet, against its hash.
     */
    async verifySecurityCode(id: number, codigo: string): Promise<boolean> {
      const user = await repository.findUtilizadorById(id)
      if (!user) return false
      if (user.codigo_seguranca_hash !== null) return verifySecret(codigo, user.codigo_seguranca_hash)
      const esperado = codigoSegurancaDe(user)
      return esperado !== null && secretsEqual(codigo, esperado)
    },

    /** The start-up step of the legacy keys (upgradeLegacySecurityKeys); the customers' open screens show the new QR. */
    async upgradeLegacySecurityKeys(): Promise<number> {
      const renovados = await upgradeLegacySecurityKeys(db, cifra, clock)
      for (const id of renovados) eventos?.utilizadorAlterado(id)
      return renovados.length
    },

    /**
     * A provisional account made at the till (STORE-API.md "clientes"), in three steps so that the caller can write it
     * inside its own transaction: prepare (checks, limits, the password and its hash: slow work, outside any
     * transaction), insert (with the caller's executor), then the SMS with the app's address and the password, once
     * the account is written. Temporary: the first login forces the personal data form; unfinished after 30 days it
     * lapses.
     */
    async prepareProvisional(input: { telemovel: string; pais: string }) {
      const phone = phoneOf(input)
      // No SMS limit here: a number gets this SMS once (the account then exists, and a second attempt is 409), and
      // the till's key has its own limit on writes.
      if (await repository.findUtilizadorByPhone(phone.e164)) throw phoneTaken()
      const password = randomDigits(PASSWORD_LENGTH)
      return { phone, password, passwordHash: await hashSecret(password) }
    },

    async insertProvisional(plan: { phone: Phone; passwordHash: string }, ex: Database = db): Promise<ClienteConta> {
      const now = isoNow(clock)
      try {
        const id = await contaRepo(ex).insertUtilizador({
          telemovel: plan.phone.telemovel,
          pais: plan.phone.pais,
          telemovel_e164: plan.phone.e164,
          temporario: 1,
          origem: 'loja',
          password_hash: plan.passwordHash,
          qr_code: newQrToken(),
          criado_em: now,
          atualizado_em: now,
        })
        return { id, nome: null, temporario: 1, registoCompleto: false, usarCodigoSeguranca: false }
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

    /** Spec §4: principal or secundario; choosing the current one again empties it. Only a NIF the account has. */
    async selectNif(sessao: Sessao, selecao: 'principal' | 'secundario'): Promise<void> {
      const user = await requireUser(sessao)
      const nif = selecao === 'principal' ? user.nif1 : user.nif2
      if (!nif) throw new HttpError(400, mensagens.valorInvalido, 'Erro', { selecao: mensagens.valorInvalido })
      await unitOfWork(({ conta }) =>
        conta.updateUtilizador(user.id, {
          nif_utilizado: user.nif_utilizado === selecao ? '' : selecao,
          atualizado_em: isoNow(clock),
        }),
      )
    },

    /**
     * A session was ended on its own device (logout): that session's other screens (more tabs with the same cookie)
     * are signed out too. Every open stream of the customer checks its own session; only that one's has ended.
     */
    sessaoTerminada(utilizadorId: number): void {
      eventos?.sessoesTerminadas(utilizadorId, null)
    },

    /** The account remembers the onboarding too, for its next devices (the session's own flag is the session's). */
    async markOnboardingSeen(sessao: Sessao): Promise<void> {
      const { utilizadorId } = sessao
      if (utilizadorId !== null)
        await unitOfWork(({ conta }) => conta.updateUtilizador(utilizadorId, { saw_onboarding: 1 }))
    },

    /** In-store provisional accounts not completed within 30 days lapse: anonymised, phone freed, sessions ended. */
    /** Provisional accounts that lapse within `dias` days (their reminders: features/notificacoes). */
    async provisoriosAExpirar(dias: number): Promise<number[]> {
      const cutoff = new Date(clock.now().getTime() - (CONTA_LIMITES.provisionalDays - dias) * DAY).toISOString()
      return (await repository.listLapsedProvisional(cutoff)).map((u) => u.id)
    },

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

    /**
     * Housekeeping: SMS challenges a day past their expiry, outbox messages after a week, and login failures after a
     * quiet day with no lock running.
     */
    async purgeOldChallenges(): Promise<void> {
      const now = clock.now()
      await repository.deleteDesafiosExpiredBefore(new Date(now.getTime() - DAY).toISOString())
      await repository.deleteOutboxBefore(new Date(now.getTime() - 7 * DAY).toISOString())
      await repository.deleteTentativasLoginBefore(
        new Date(now.getTime() - CONTA_LIMITES.loginFailuresMemoryMs).toISOString(),
        now.toISOString(),
      )
    },

    /** Development outbox, newest first; `para` narrows it to one E.164 number. */
    listOutbox: (para?: string) => repository.listOutbox(50, para),
  }
}

export type ContaService = ReturnType<typeof createContaService>
