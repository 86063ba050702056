import type { z } from 'zod'
import { FORM_FAILURE_MESSAGE, GENERIC_ERROR_TITLE } from '../../../shared/api.ts'
import {
  type AlterarPasswordSchema,
  type AlterarTelemovelSchema,
  dadosPessoaisSchema,
  type UserData,
} from '../../../shared/conta.ts'
import type { FidelizacaoDados } from '../../../shared/fidelizacao.ts'
import type { TextoPorAceitar } from '../../../shared/termos.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { isoNow, lisbonToday } from '../../platform/clock.ts'
import { hashSecret, secretsEqual, verifySecret } from '../../platform/crypto.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { Sessao } from '../../platform/sessions.ts'
import type { Desafios } from './challenges.ts'
import { type AbrirSessao, type ContaContext, contaMensagens, type Utilizador } from './context.ts'
import { registarConsentimento, VERSAO_COMUNICACOES } from './direitos.ts'
import { PERFIL_CLASSE_BASE } from './gestao.ts'
import { newQrToken, novoCodigoSeguranca, upgradeLegacySecurityKeys } from './security-key.ts'
import { createTermosConta } from './termos.ts'

export function toUserData(
  u: Utilizador,
  fidelizacao: FidelizacaoDados,
  codigoSeguranca: string | null = null,
  classePerfil = PERFIL_CLASSE_BASE,
  termosPorAceitar: TextoPorAceitar[] = [],
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
    // One consent, under both of the spec's names (docs/decisions/0031-um-consentimento.md).
    comunicacoes: u.comunicacao === 1,
    comunicacao: u.comunicacao === 1,
    temporario: u.temporario === 1 ? 1 : 0,
    registoCompleto: u.registo_completo_em !== null,
    usar_codigo_seguranca: u.usar_codigo_seguranca === 1 ? 1 : 0,
    codigo_seguranca: u.usar_codigo_seguranca === 1 ? codigoSeguranca : null,
    ...fidelizacao,
    id_perfil: u.id_perfil,
    classe_perfil: classePerfil,
    dataActualizacao: u.atualizado_em,
    eliminado: u.eliminado === 1 ? 1 : 0,
    qrCode: u.qr_code,
    termosPorAceitar,
  }
}

/**
 * The account's part of a session's private data (spec §7). The user data carries the loyalty figures, which the
 * loyalty feature gives: whoever composes the private data (features/dados-privados) passes them to `userData`.
 */
export type ParteDaConta = { sawOnboarding: boolean } & (
  | { cliente: null }
  | { cliente: { id: number; registoCompleto: boolean }; userData(fidelizacao: FidelizacaoDados): UserData }
)

/** The customer's own account: personal data, password, phone, security key, NIF choice, onboarding. */
export function createPerfil(ctx: ContaContext, desafios: Desafios) {
  const { db, clock, settings, cifra, eventos, repository, unitOfWork, requireUser, phoneOf, phoneTaken, expired } = ctx
  const { versoesLegais } = ctx
  const { codigoSegurancaDe } = ctx
  const { limitIp, startChallenge, verifyChallenge, spend } = desafios

  return {
    requireUser,

    async parteDaSessao(sessao: Sessao): Promise<ParteDaConta> {
      const user = sessao.utilizadorId === null ? undefined : await repository.findUtilizadorById(sessao.utilizadorId)
      const sawOnboarding = sessao.sawOnboarding || user?.saw_onboarding === 1
      if (!user) return { sawOnboarding, cliente: null }
      const [perfil, termosPorAceitar] = await Promise.all([
        db.selectFrom('perfis').select('classe').where('id', '=', user.id_perfil).executeTakeFirst(),
        createTermosConta(ctx).termosPorAceitar(user),
      ])
      return {
        sawOnboarding,
        cliente: { id: user.id, registoCompleto: user.registo_completo_em !== null },
        userData: (fidelizacao) =>
          toUserData(
            user,
            fidelizacao,
            user.usar_codigo_seguranca === 1 ? codigoSegurancaDe(user) : null,
            perfil?.classe,
            termosPorAceitar,
          ),
      }
    },

    async changePassword(sessao: Sessao, input: z.output<typeof AlterarPasswordSchema>): Promise<void> {
      const user = await requireUser(sessao)
      const passwordHash = await hashSecret(input.password)
      await unitOfWork(async ({ conta, sessoes }) => {
        await conta.updateUtilizador(user.id, { password_hash: passwordHash, atualizado_em: isoNow(clock) })
        // The account's other devices are told why they were signed out (FimDeSessao).
        await sessoes.revokeAllFor(user.id, sessao.id, 'password')
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
      const versoes = user.registo_completo_em === null ? await versoesLegais() : null
      await unitOfWork(async ({ conta, sessoes, trx }) => {
        const agora = isoNow(clock)
        // The active acceptance of the terms and the privacy policy (spec §4), and each change of the consent to
        // communications: a history with moments and versions (features/rgpd gives it to the customer).
        // The box is the one consent the GDPR screen shows too; absent from the body, it stays as it is. Completing the
        // registration records the answer given then, whatever it is: the history starts with the sign-up's choice.
        const comunicacao = d.comunicacoes ?? user.comunicacao === 1
        if (versoes) {
          await registarConsentimento(trx, user.id, 'termos', versoes.termos, true, agora, 'registo')
          await registarConsentimento(trx, user.id, 'privacidade', versoes.privacidade, true, agora, 'registo')
          await registarConsentimento(trx, user.id, 'comunicacao', VERSAO_COMUNICACOES, comunicacao, agora, 'registo')
        } else if ((user.comunicacao === 1) !== comunicacao) {
          await registarConsentimento(
            trx,
            user.id,
            'comunicacao',
            VERSAO_COMUNICACOES,
            comunicacao,
            agora,
            'dados-pessoais',
          )
        }
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
          comunicacao: comunicacao ? 1 : 0,
          temporario: 0,
          // Set once, with the acceptance of terms and privacy the schema required for it: the moment of consent.
          registo_completo_em: user.registo_completo_em ?? isoNow(clock),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          atualizado_em: isoNow(clock),
        })
        if (passwordHash) await sessoes.revokeAllFor(user.id, sessao.id, 'password')
      })
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

    /** The account remembers the onboarding too, for its next devices (the session's own flag is the session's). */
    async markOnboardingSeen(sessao: Sessao): Promise<void> {
      const { utilizadorId } = sessao
      if (utilizadorId !== null)
        await unitOfWork(({ conta }) => conta.updateUtilizador(utilizadorId, { saw_onboarding: 1 }))
    },
  }
}
