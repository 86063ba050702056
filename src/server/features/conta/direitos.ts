import type { OrigemConsentimento, TipoConsentimento } from '../../db/schema-contas.ts'
import { isoNow } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import type { Sessao } from '../../platform/sessions.ts'
import type { ContaContext } from './context.ts'
import { newQrToken } from './security-key.ts'

/** The versions of the legal texts a consent is given to (the content feature keeps the texts). */
export interface VersoesLegais {
  termos: string
  privacidade: string
}

/** Who an erased account was, for the other parts of the erasure to find their rows by it: read before it goes. */
export interface PessoaEsquecida {
  utilizadorId: number
  /** E.164, when the account still had one. */
  telemovelE164: string | null
  telemovel: string
  pais: string
  email: string | null
}

/** The communication consents, which have no text of their own to version: their version is the form's. */
export const VERSAO_COMUNICACOES = 'app-1'

/** A consent given or withdrawn, with its moment, version and where it was made: appended, never changed (a history). */
export async function registarConsentimento(
  trx: DatabaseTransaction,
  utilizadorId: number,
  tipo: Exclude<TipoConsentimento, 'comunicacoes'>,
  versao: string,
  valor: boolean,
  agora: string,
  origem: OrigemConsentimento,
): Promise<void> {
  await trx
    .insertInto('consentimentos')
    .values({ utilizador_id: utilizadorId, tipo, versao, valor: valor ? 1 : 0, registado_em: agora, origem })
    .execute()
}

/**
 * The account's part of the customer's GDPR rights: the communication consent and its history, what the account holds
 * for the portability file, and the erasure of the account itself, with the other features' parts in the same
 * transaction (features/rgpd composes them).
 */
export function createDireitosConta(ctx: ContaContext) {
  const { db, clock, repository, unitOfWork, requireUser } = ctx

  return {
    /**
     * Spec §7 "GDPR communication": the opt-in, the same one consent the personal data's box shows
     * (docs/decisions/0031-um-consentimento.md); each change appended to the consent history with where it was made.
     */
    async setComunicacao(sessao: Sessao, comunicacao: boolean): Promise<void> {
      const user = await requireUser(sessao)
      if ((user.comunicacao === 1) === comunicacao) return
      await unitOfWork(async ({ conta, trx }) => {
        const agora = isoNow(clock)
        await conta.updateUtilizador(user.id, { comunicacao: comunicacao ? 1 : 0, atualizado_em: agora })
        await registarConsentimento(trx, user.id, 'comunicacao', VERSAO_COMUNICACOES, comunicacao, agora, 'rgpd')
      })
    },

    /** The account as the portability file gives it: every field of spec §3 that is the person's, no secret. */
    async exportarConta(utilizadorId: number) {
      const u = await repository.findUtilizadorById(utilizadorId)
      if (!u) return null
      const consentimentos = await db
        .selectFrom('consentimentos')
        .select(['tipo', 'versao', 'valor', 'registado_em', 'origem'])
        .where('utilizador_id', '=', utilizadorId)
        .orderBy('id')
        .execute()
      return {
        perfil: {
          telemovel: u.telemovel,
          pais: u.pais,
          nome: u.nome,
          email: u.email,
          dataNascimento: u.data_nascimento,
          codigoPostal: u.codigo_postal,
          genero: u.genero,
          codigoParceria: u.codigo_parceria,
          nomeFaturacao1: u.nome_faturacao1,
          nif1: u.nif1,
          nomeFaturacao2: u.nome_faturacao2,
          nif2: u.nif2,
          nif_utilizado: u.nif_utilizado,
          // One consent, under both of the spec's names.
          comunicacoes: u.comunicacao === 1,
          comunicacao: u.comunicacao === 1,
          usar_codigo_seguranca: u.usar_codigo_seguranca,
          origem: u.origem,
          criadoEm: u.criado_em,
          registoCompletoEm: u.registo_completo_em,
          atualizadoEm: u.atualizado_em,
        },
        consentimentos: consentimentos.map((c) => ({
          tipo: c.tipo,
          versao: c.versao,
          dado: c.valor === 1,
          em: c.registado_em,
          origem: c.origem,
        })),
      }
    },

    /**
     * Erases an account (GDPR Art. 17; spec §4 "anonymises all data"), all or nothing: every personal field of spec §3
     * removed, a new QR token (an old photo identifies nobody), the phone freed for a new sign-up, its sessions,
     * consents, SMS challenges and login failures deleted; `outros` removes the other features' part in the same
     * transaction. Every open screen of the account is then signed out (the real-time event). False when the account
     * was already gone. (The unit of work revoking the sessions tells the screens, once committed.)
     */
    async esquecer(
      utilizadorId: number,
      outros: {
        /** Taken first in the transaction: the locks that make writes of the account wait for the erasure. */
        bloquear: (trx: DatabaseTransaction) => Promise<void>
        apagar: (trx: DatabaseTransaction, pessoa: PessoaEsquecida) => Promise<void>
      },
    ): Promise<boolean> {
      return unitOfWork(async ({ conta, sessoes, trx }) => {
        // Two erasures of one account (two processes' retention rounds) wait on this lock: the second reads it anonymised.
        await outros.bloquear(trx)
        const u = await trx
          .selectFrom('utilizadores')
          .select(['id', 'telemovel', 'pais', 'telemovel_e164', 'email', 'anonimizado_em'])
          .where('id', '=', utilizadorId)
          .executeTakeFirst()
        if (!u || u.anonimizado_em !== null) return false
        const agora = isoNow(clock)
        const pessoa: PessoaEsquecida = {
          utilizadorId,
          telemovelE164: u.telemovel_e164,
          telemovel: u.telemovel,
          pais: u.pais,
          email: u.email,
        }
        await outros.apagar(trx, pessoa)
        await sessoes.revokeAllFor(utilizadorId, null)
        await sessoes.deleteAllFor(utilizadorId)
        await trx.deleteFrom('consentimentos').where('utilizador_id', '=', utilizadorId).execute()
        await trx.deleteFrom('sms_desafios').where('utilizador_id', '=', utilizadorId).execute()
        if (u.telemovel_e164) {
          await trx.deleteFrom('sms_desafios').where('telemovel_e164', '=', u.telemovel_e164).execute()
          await trx.deleteFrom('tentativas_login').where('chave', '=', u.telemovel_e164).execute()
        }
        await conta.updateUtilizador(utilizadorId, {
          telemovel: '',
          telemovel_e164: null,
          nome: null,
          email: null,
          password_hash: null,
          data_nascimento: null,
          codigo_postal: null,
          genero: null,
          codigo_parceria: null,
          nome_faturacao1: null,
          nif1: null,
          nome_faturacao2: null,
          nif2: null,
          nif_utilizado: '',
          comunicacao: 0,
          usar_codigo_seguranca: 0,
          codigo_seguranca_hash: null,
          codigo_seguranca_cifrado: null,
          qr_code: newQrToken(),
          eliminado: 1,
          terminado_em: agora,
          anonimizado_em: agora,
          atualizado_em: agora,
        })
        return true
      })
    },

    /** Registrations that ended before `antes` (lapsed provisional accounts) and still hold data: the retention job's. */
    async terminadasPorAnonimizar(antes: string, limite: number): Promise<number[]> {
      const rows = await db
        .selectFrom('utilizadores')
        .select('id')
        .where('terminado_em', '<', antes)
        .where('anonimizado_em', 'is', null)
        .orderBy('id')
        .limit(limite)
        .execute()
      return rows.map((r) => r.id)
    },
  }
}

export type DireitosConta = ReturnType<typeof createDireitosConta>
