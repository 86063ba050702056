import type { Ordenacao } from '../../../shared/admin-tabelas.ts'
import { PASSWORD_LENGTH } from '../../../shared/constants.ts'
import { toE164Mobile } from '../../../shared/validacao.ts'
import { isoNow } from '../../platform/clock.ts'
import { hashSecret, randomDigits } from '../../platform/crypto.ts'
import { type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { CONTA_LIMITES, type ContaContext } from './context.ts'
import { contaRepo } from './repository.ts'

/** The class of the profile every account starts with ('Cliente', migration 2026-11-30T0400). */
export const PERFIL_CLASSE_BASE = 'perfil-cliente'

export const gestaoContaMensagens = {
  naoExiste: 'Este cliente não existe ou a conta foi eliminada.',
  naoProvisorio: 'Só uma conta provisória criada na loja, ainda por completar, recebe este SMS.',
  smsFalhou: 'Não foi possível enviar o SMS. Tente mais tarde.',
  perfilNaoExiste: 'Este perfil não existe.',
  perfilRepetido: 'Já existe um perfil com este nome.',
} as const

/** A customer as the back-office sees them: never the whole phone number outside this feature's caller's masking. */
export interface ClienteGestao {
  id: number
  nome: string | null
  pais: string
  telemovel: string
  temporario: boolean
  provisorio: boolean
  /** The store whose till made the account (null: the app, or made before this was kept). */
  id_loja_origem: number | null
  id_perfil: number
  criado_em: string
}

export interface FiltroClientes extends Ordenacao<'criado_em' | 'nome' | 'id'> {
  telemovel?: { telemovel: string; pais: string }
  pagina: number
  porPagina: number
}

/** Writes the audit entry of a change, in the change's transaction (features/admin). */
export type Registo = (trx: DatabaseTransaction, antes: unknown, depois: unknown) => Promise<void>

/**
 * The accounts as the back-office finds and changes them: the list (only accounts still open), one
 * customer, the provisional account's SMS sent again, and the customer profiles (spec §3 `id_perfil`).
 */
export function createGestaoConta(ctx: ContaContext) {
  const { db, clock, settings, limit, deliver, destinosSms } = ctx

  const ativos = () => db.selectFrom('utilizadores').where('eliminado', '=', 0).where('anonimizado_em', 'is', null)

  const vista = (u: {
    id: number
    nome: string | null
    pais: string
    telemovel: string
    temporario: number
    origem: string
    registo_completo_em: string | null
    id_loja_origem: number | null
    id_perfil: number
    criado_em: string
  }): ClienteGestao => ({
    id: u.id,
    nome: u.nome,
    pais: u.pais,
    telemovel: u.telemovel,
    temporario: u.temporario === 1,
    provisorio: u.origem === 'loja' && u.temporario === 1 && u.registo_completo_em === null,
    id_loja_origem: u.id_loja_origem,
    id_perfil: u.id_perfil,
    criado_em: u.criado_em,
  })

  const colunas = [
    'id',
    'nome',
    'pais',
    'telemovel',
    'temporario',
    'origem',
    'registo_completo_em',
    'id_loja_origem',
    'id_perfil',
    'criado_em',
  ] as const

  async function perfilExiste(trx: DatabaseTransaction, id: number) {
    return (await trx.selectFrom('perfis').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  }

  return {
    /** Open accounts, paged; with a number, only the account of that whole number (none for a part of one). */
    async listar(f: FiltroClientes) {
      let base = ativos()
      if (f.telemovel) {
        const e164 = toE164Mobile(f.telemovel.pais, f.telemovel.telemovel)
        base = base.where('telemovel_e164', '=', e164 ?? '-')
      }
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(colunas)
          .orderBy(f.ordenar, f.direcao)
          .orderBy('id', f.direcao)
          .limit(f.porPagina)
          .offset((f.pagina - 1) * f.porPagina)
          .execute(),
      ])
      return { total: Number(n), itens: rows.map(vista) }
    },

    async cliente(id: number): Promise<ClienteGestao> {
      const u = await ativos().select(colunas).where('id', '=', id).executeTakeFirst()
      if (!u) throw notFound(gestaoContaMensagens.naoExiste)
      return vista(u)
    },

    /**
     * A provisional account's SMS again: a new password (only its hash was ever kept), written with the audit entry,
     * then the SMS. The phone's own SMS limits apply (per hour and per day), as to every SMS the app sends.
     */
    async reenviarProvisorio(id: number, registar: Registo): Promise<void> {
      const u = await ativos().selectAll().where('id', '=', id).executeTakeFirst()
      if (!u) throw notFound(gestaoContaMensagens.naoExiste)
      if (!vista(u).provisorio || !u.telemovel_e164) throw new HttpError(409, gestaoContaMensagens.naoProvisorio)
      const e164 = u.telemovel_e164
      // The account exists: its number gets its SMS whatever SMS_PAISES says now, counted as every SMS.
      await limit(`tel:sms:${e164}`, CONTA_LIMITES.smsPerPhone)
      await limit(`tel:sms-dia:${e164}`, CONTA_LIMITES.smsPerPhoneDaily)
      await destinosSms.contar(e164, u.pais)
      const password = randomDigits(PASSWORD_LENGTH)
      const passwordHash = await hashSecret(password)
      await db.transaction().execute(async (trx) => {
        const escrito = await contaRepo(trx).updateUtilizador(id, {
          password_hash: passwordHash,
          atualizado_em: isoNow(clock),
        })
        if (!escrito) throw notFound(gestaoContaMensagens.naoExiste)
        await registar(trx, null, { id, sms: 'reenviado' })
      })
      const enviado = await deliver(
        e164,
        `Balcão: a sua conta de cliente foi criada. Entre em ${settings.appUrl} com este telemóvel e a password ` +
          `${password}, e complete os seus dados em 30 dias.`,
      )
      if (!enviado) throw new HttpError(502, gestaoContaMensagens.smsFalhou)
    },

    perfis: () => db.selectFrom('perfis').select(['id', 'nome', 'classe']).orderBy('id').execute(),

    /** Creates (`id` undefined) or renames a profile; a name is unique. */
    async guardarPerfil(id: number | undefined, dados: { nome: string; classe: string }, registar: Registo) {
      try {
        return await db.transaction().execute(async (trx) => {
          const antes =
            id === undefined
              ? null
              : await trx.selectFrom('perfis').select(['id', 'nome', 'classe']).where('id', '=', id).executeTakeFirst()
          if (id !== undefined && !antes) throw notFound(gestaoContaMensagens.perfilNaoExiste)
          const depois =
            id === undefined
              ? await trx
                  .insertInto('perfis')
                  .values({ ...dados, criado_em: isoNow(clock) })
                  .returning(['id', 'nome', 'classe'])
                  .executeTakeFirstOrThrow()
              : await trx
                  .updateTable('perfis')
                  .set(dados)
                  .where('id', '=', id)
                  .returning(['id', 'nome', 'classe'])
                  .executeTakeFirstOrThrow()
          await registar(trx, antes, depois)
          return depois
        })
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new HttpError(409, gestaoContaMensagens.perfilRepetido, 'Nome repetido', {
            nome: gestaoContaMensagens.perfilRepetido,
          })
        }
        throw error
      }
    },

    /** Sets a customer's profile; the app applies its class from the next read of the private data. */
    async definirPerfil(id: number, idPerfil: number, registar: Registo): Promise<ClienteGestao> {
      const r = await db.transaction().execute(async (trx) => {
        const u = await trx
          .selectFrom('utilizadores')
          .select(colunas)
          .where('id', '=', id)
          .where('eliminado', '=', 0)
          .executeTakeFirst()
        if (!u) throw notFound(gestaoContaMensagens.naoExiste)
        if (!(await perfilExiste(trx, idPerfil))) throw notFound(gestaoContaMensagens.perfilNaoExiste)
        if (!(await contaRepo(trx).updateUtilizador(id, { id_perfil: idPerfil, atualizado_em: isoNow(clock) }))) {
          throw notFound(gestaoContaMensagens.naoExiste)
        }
        await registar(trx, { id, id_perfil: u.id_perfil }, { id, id_perfil: idPerfil })
        return vista({ ...u, id_perfil: idPerfil })
      })
      ctx.eventos?.utilizadorAlterado(id)
      return r
    },
  }
}
