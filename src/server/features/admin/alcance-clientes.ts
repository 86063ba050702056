import { type Clock, HOUR, isoIn, isoNow } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { Staff } from './context.ts'
import { alcanceDe } from './lojas.ts'
import type { PessoasFeatures } from './pessoas.ts'

/** How long a customer found by their whole number stays open to the staff member who found them (a working day). */
export const ENCONTRADO_MS = 12 * HOUR

export const alcanceMensagens = {
  /** The same words as a customer that does not exist: a refusal never tells that a customer exists. */
  foraDoAlcance: 'Este cliente não existe ou a conta foi eliminada.',
  outraLoja: 'Só a loja que criou esta conta provisória pode reenviar a palavra-passe temporária.',
} as const

/**
 * Which customers a staff member may open (docs/decisions/0032-staff-alcance.md): an admin, all; a store's account,
 * those it found by their whole phone number (for ENCONTRADO_MS, recorded here) and those who bought or ordered at
 * its store; a gestor, those who bought or ordered at their restaurants' stores. Anyone else is answered 404, as a
 * customer that does not exist. Purchases and orders are asked of their features' services.
 */
export function createAlcanceClientes(db: Database, clock: Clock, f: PessoasFeatures) {
  /** The store ids of a staff member's reach (undefined: all, an admin). */
  async function lojasDe(staff: Staff): Promise<number[] | undefined> {
    const alcance = alcanceDe(staff)
    if (alcance === 'todas') return undefined
    return (await f.lojas.lojasGestao(alcance)).map((l) => l.id_loja)
  }

  async function encontrado(staff: Staff, clienteId: number): Promise<boolean> {
    const row = await db
      .selectFrom('admin_clientes_encontrados')
      .select('cliente_id')
      .where('utilizador_id', '=', staff.id)
      .where('cliente_id', '=', clienteId)
      .where('expira_em', '>', isoNow(clock))
      .executeTakeFirst()
    return row !== undefined
  }

  /** Whether the customer bought (a ledger movement) or ordered at one of these stores. */
  async function clienteDasLojas(clienteId: number, idsLoja: number[]): Promise<boolean> {
    if (idsLoja.length === 0) return false
    const [movimentos, encomendas] = await Promise.all([
      f.fidelizacao.gestao.movimentos(clienteId, {
        ordenar: 'criado_em',
        direcao: 'desc',
        pagina: 1,
        porPagina: 1,
        idsLoja,
      }),
      f.encomendas.daPessoa(clienteId),
    ])
    return movimentos.total > 0 || encomendas.some((e) => idsLoja.includes(e.id_loja))
  }

  async function podeLer(staff: Staff, clienteId: number): Promise<boolean> {
    if (staff.papel === 'admin') return true
    if (staff.papel === 'loja' && (await encontrado(staff, clienteId))) return true
    return clienteDasLojas(clienteId, (await lojasDe(staff)) ?? [])
  }

  return {
    lojasDe,
    podeLer,

    /** 404 (as a customer that does not exist) unless the staff member may open this customer. */
    async exigir(staff: Staff, clienteId: number): Promise<void> {
      if (!(await podeLer(staff, clienteId))) throw notFound(alcanceMensagens.foraDoAlcance)
    },

    /**
     * A store's account found these customers by their whole number: it may open them for ENCONTRADO_MS. Written
     * per customer, so two searches at once each leave the grant (the later expiry wins).
     */
    async registarEncontrados(staff: Staff, clienteIds: number[]): Promise<void> {
      if (staff.papel !== 'loja' || clienteIds.length === 0) return
      const expira = isoIn(clock, ENCONTRADO_MS)
      await db
        .insertInto('admin_clientes_encontrados')
        .values(clienteIds.map((id) => ({ utilizador_id: staff.id, cliente_id: id, expira_em: expira })))
        .onConflict((oc) => oc.columns(['utilizador_id', 'cliente_id']).doUpdateSet({ expira_em: expira }))
        .execute()
    },

    /** A provisional account's password is resent only by an admin or the store whose till made it (403 otherwise). */
    exigirLojaDeOrigem(staff: Staff, idLojaOrigem: number | null): void {
      if (staff.papel === 'admin') return
      if (staff.papel !== 'loja' || idLojaOrigem === null || idLojaOrigem !== staff.idLoja) {
        throw new HttpError(403, alcanceMensagens.outraLoja, 'Sem permissão')
      }
    },

    /** Forgets the finds that expired (the hourly housekeeping). */
    async purgar(): Promise<number> {
      const r = await db
        .deleteFrom('admin_clientes_encontrados')
        .where('expira_em', '<=', isoNow(clock))
        .executeTakeFirst()
      return Number(r.numDeletedRows)
    },
  }
}

export type AlcanceClientes = ReturnType<typeof createAlcanceClientes>
