import { sql } from 'kysely'
import type { NifCliente } from '../../../shared/fidelizacao.ts'
import { toE164Mobile } from '../../../shared/validacao.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { createAudienciaConta } from './audiencia.ts'
import type { Utilizador } from './context.ts'
import { contaRepo } from './repository.ts'

/** A customer as the till finds them (STORE-API.md "identificar"). */
export interface ClienteConta {
  id: number
  nome: string | null
  temporario: 0 | 1
  registoCompleto: boolean
  usarCodigoSeguranca: boolean
  /** The NIF the customer chose in the app for invoices (`nif_utilizado`), or null when none is chosen. */
  nif: NifCliente | null
}

/**
 * The chosen NIF: principal or secundario, only while that number is still on the account. The contract's `nome` is
 * never null: a NIF saved without a billing name is invoiced in the account holder's name.
 */
export function nifEscolhido(u: Utilizador): NifCliente | null {
  if (u.nif_utilizado === 'principal' && u.nif1) return { numero: u.nif1, nome: u.nome_faturacao1 ?? u.nome ?? '' }
  if (u.nif_utilizado === 'secundario' && u.nif2) return { numero: u.nif2, nome: u.nome_faturacao2 ?? u.nome ?? '' }
  return null
}

export const toClienteConta = (u: Utilizador): ClienteConta => ({
  id: u.id,
  nome: u.nome,
  temporario: u.temporario === 1 ? 1 : 0,
  registoCompleto: u.registo_completo_em !== null,
  usarCodigoSeguranca: u.usar_codigo_seguranca === 1,
  nif: nifEscolhido(u),
})

/**
 * The accounts as other features find them (the till, the operators' notify command) and the one mark they keep on
 * them (notifications read). Needs only the database, so a command line tool can have it without the rest of conta.
 */
export function createClientesConta(db: Database) {
  const repository = contaRepo(db)
  return {
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

    /** A customer by id, inside the caller's transaction (the loyalty feature's units of work). */
    async clienteById(id: number, trx: DatabaseTransaction): Promise<ClienteConta | undefined> {
      const user = await contaRepo(trx).findUtilizadorById(id)
      return user && toClienteConta(user)
    },

    /** What the loyalty card in a wallet shows of the account: the name and the loyalty QR's token. */
    async cartaoConta(id: number): Promise<{ nome: string | null; qr: string } | undefined> {
      const user = await repository.findUtilizadorById(id)
      return user && { nome: user.nome, qr: user.qr_code }
    },

    /**
     * The customers whose birth date falls on these days of the year (`MM-DD`) and who can have a birthday reward: a
     * complete registration, not ended (decision 0053).
     */
    async aniversariantes(diasDoAno: string[]): Promise<number[]> {
      if (diasDoAno.length === 0) return []
      const rows = await db
        .selectFrom('utilizadores')
        .select('id')
        .where(sql<string>`substr(data_nascimento, 6, 5)`, 'in', diasDoAno)
        .where('registo_completo_em', 'is not', null)
        .where('terminado_em', 'is', null)
        .where('eliminado', '=', 0)
        .orderBy('id')
        .execute()
      return rows.map((r) => r.id)
    },

    /** The newest notification the customer has read: those up to it show as read. */
    notificacoesLidasAte: (utilizadorId: number) => repository.notificacoesLidasAte(utilizadorId),

    /** Moves the customer's read mark forward to `ate`; false when it was there already (or past it). */
    marcarNotificacoesLidas: (utilizadorId: number, ate: number) =>
      repository.advanceNotificacoesLidasAte(utilizadorId, ate),

    /** Who consented to communications, and how far they read (the back-office's composer). */
    audiencia: createAudienciaConta(db),
  }
}

export type ClientesConta = ReturnType<typeof createClientesConta>
