import {
  type Ajuste,
  type ClienteAdmin,
  type ClienteDetalhe,
  mascararTelemovel,
  type PerfilDados,
} from '../../../shared/admin-pessoas.ts'
import type { Ordenacao } from '../../../shared/admin-tabelas.ts'
import { POR_PAGINA } from '../../../shared/admin-tabelas.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { ClienteGestao, ContaService } from '../conta/service.ts'
import type { EncomendasService } from '../encomendas/service.ts'
import type { FidelizacaoService, Movimento } from '../fidelizacao/service.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import type { RgpdService } from '../rgpd/service.ts'
import { createAlcanceClientes } from './alcance-clientes.ts'
import { atorDe, auditar, type Staff } from './context.ts'

export const pessoasMensagens = {
  numeroPrimeiro: 'Indique o número de telemóvel completo do cliente.',
} as const

/** The features whose people and ledger the back-office reads and changes, through their services. */
export interface PessoasFeatures {
  conta: Pick<ContaService, 'gestao'>
  fidelizacao: Pick<FidelizacaoService, 'gestao' | 'listLojas'>
  encomendas: Pick<EncomendasService, 'daPessoa'>
  rgpd: Pick<RgpdService, 'esquecerAPedido'>
  lojas: Pick<RestaurantesService, 'lojasGestao'>
}

const paraAdmin = (c: ClienteGestao): ClienteAdmin => ({
  id: c.id,
  nome: c.nome,
  telemovel: mascararTelemovel(c.pais, c.telemovel),
  temporario: c.temporario,
  provisorio: c.provisorio,
  id_perfil: c.id_perfil,
  criado_em: c.criado_em,
})

/** What an adjustment's audit entry records: the movement, never more of the person than their id. */
const vistaAjuste = (m: Movimento) => ({
  movimento: m.id,
  saldo: m.saldo_adicionado - m.saldo_removido,
  pontos: m.pontos_ganhos,
  motivo: m.motivo,
  saldo_actual: m.saldo_actual,
  pontos_actual: m.pontos_actual,
  itens_actual: m.itens_actual,
})

/**
 * People and loyalty in the back-office: customers found by their whole number (lists show it masked), one
 * customer's movements, orders and opinions, manual adjustments of the ledger, the provisional account's SMS again,
 * erasure on request (features/rgpd's own erasure), profiles, and the stores' opinions. Every change is made by its
 * owner's service, with the audit entry written in the change's transaction.
 */
export function createAdminPessoas(db: Database, clock: Clock, f: PessoasFeatures) {
  const { conta, fidelizacao, encomendas, rgpd } = f
  const registo =
    (staff: Staff, ip: string, acao: string, entidade: string, id: number) =>
    (trx: DatabaseTransaction, antes: unknown, depois: unknown) =>
      auditar(trx, clock, atorDe(staff, ip), {
        acao,
        entidade,
        entidadeId: id,
        ...(antes ? { antes } : {}),
        ...(depois ? { depois } : {}),
      })

  // Who may open which customer (alcance-clientes.ts): every read and change of one customer asks it first.
  const alcance = createAlcanceClientes(db, clock, f)
  const { lojasDe } = alcance

  /** The customer, if the staff member may open them: 404 otherwise, as one that does not exist. */
  async function aoAlcance(staff: Staff, id: number): Promise<ClienteGestao> {
    await alcance.exigir(staff, id)
    return conta.gestao.cliente(id)
  }

  return {
    /**
     * Customers, paged. An admin browses them; a store account finds one by the whole number the customer gives (the
     * customers are the group's, not the store's: no browsing of the others).
     */
    async clientes(
      staff: Staff,
      q: Ordenacao<'criado_em' | 'nome' | 'id'> & { pagina: number; telemovel?: string | undefined; pais: string },
    ) {
      if (staff.papel !== 'admin' && !q.telemovel) {
        throw new HttpError(400, pessoasMensagens.numeroPrimeiro, 'Indique o número', {
          telemovel: pessoasMensagens.numeroPrimeiro,
        })
      }
      const pagina = await conta.gestao.listar({
        ...(q.telemovel ? { telemovel: { telemovel: q.telemovel, pais: q.pais } } : {}),
        ordenar: q.ordenar,
        direcao: q.direcao,
        pagina: q.pagina,
        porPagina: POR_PAGINA,
      })
      let { total, itens } = pagina
      // A store found them by the whole number: it may open them now. A gestor sees only their restaurants'
      // customers, even by number (a whole number finds at most one account).
      if (staff.papel === 'loja')
        await alcance.registarEncontrados(
          staff,
          itens.map((c) => c.id),
        )
      if (staff.papel === 'gestor') {
        const vistos = await Promise.all(itens.map((c) => alcance.podeLer(staff, c.id)))
        itens = itens.filter((_, i) => vistos[i])
        total = itens.length
      }
      return { total, pagina: q.pagina, por_pagina: POR_PAGINA, itens: itens.map(paraAdmin) }
    },

    async cliente(staff: Staff, id: number): Promise<ClienteDetalhe> {
      const c = await aoAlcance(staff, id)
      return { ...paraAdmin(c), ...(await fidelizacao.gestao.saldos(id)) }
    },

    async movimentos(staff: Staff, id: number, q: Ordenacao<'criado_em'> & { pagina: number }) {
      await aoAlcance(staff, id)
      return fidelizacao.gestao.movimentos(id, { ...q, porPagina: POR_PAGINA, idsLoja: await lojasDe(staff) })
    },

    async encomendas(staff: Staff, id: number) {
      await aoAlcance(staff, id)
      const idsLoja = await lojasDe(staff)
      const rows = (await encomendas.daPessoa(id)).filter((r) => !idsLoja || idsLoja.includes(r.id_loja))
      const nomes = new Map(
        (await fidelizacao.listLojas([...new Set(rows.map((r) => r.id_loja))])).map((l) => [l.id_loja, l.nome]),
      )
      return rows.map((r) => ({ ...r, loja: nomes.get(r.id_loja) ?? `Loja ${r.id_loja}` }))
    },

    async opinioesDoCliente(staff: Staff, id: number) {
      await aoAlcance(staff, id)
      return fidelizacao.gestao.opinioesDoCliente(id, await lojasDe(staff))
    },

    /** A manual adjustment (admins): one ledger movement, audited in its transaction; a repeated key writes nothing. */
    async ajustar(staff: Staff, id: number, ajuste: Ajuste, ip: string) {
      const { movimento } = await fidelizacao.gestao.ajustar(id, ajuste, (trx, m) =>
        registo(staff, ip, 'cliente.ajustar', 'cliente', id)(trx, null, vistaAjuste(m)),
      )
      return vistaAjuste(movimento)
    },

    /** A provisional account's password again: an admin's, or the store's whose till made the account. */
    async reenviarSms(staff: Staff, id: number, ip: string) {
      const c = await aoAlcance(staff, id)
      // An account that is not provisional is answered as such (409, below) whoever asks: the store of origin only
      // decides between stores for an account that has a temporary password to resend.
      if (c.provisorio) alcance.exigirLojaDeOrigem(staff, c.id_loja_origem)
      await conta.gestao.reenviarProvisorio(id, registo(staff, ip, 'cliente.reenviar_sms', 'cliente', id))
    },

    /** Forgets the customers found by number whose time ran out (the hourly housekeeping). */
    purgarEncontrados: () => alcance.purgar(),

    /** Erasure on request (admins): features/rgpd's erasure; the audit entry names the account's id, nothing more. */
    async esquecer(staff: Staff, id: number, ip: string): Promise<void> {
      const feito = await rgpd.esquecerAPedido(id, (trx) =>
        registo(staff, ip, 'cliente.eliminar', 'cliente', id)(trx, null, { id, eliminado: true }),
      )
      if (!feito) throw notFound('Este cliente não existe ou a conta já foi eliminada.')
    },

    perfis: () => conta.gestao.perfis(),

    criarPerfil: (staff: Staff, dados: PerfilDados, ip: string) =>
      conta.gestao.guardarPerfil(undefined, dados, (trx, antes, depois) =>
        registo(staff, ip, 'perfil.criar', 'perfil', (depois as { id: number }).id)(trx, antes, depois),
      ),

    editarPerfil: (staff: Staff, idPerfil: number, dados: PerfilDados, ip: string) =>
      conta.gestao.guardarPerfil(idPerfil, dados, registo(staff, ip, 'perfil.editar', 'perfil', idPerfil)),

    async definirPerfil(staff: Staff, id: number, idPerfil: number, ip: string): Promise<ClienteAdmin> {
      return paraAdmin(
        await conta.gestao.definirPerfil(id, idPerfil, registo(staff, ip, 'cliente.perfil', 'cliente', id)),
      )
    },

    /** The stores' opinions within the staff member's reach, with each store's averages. */
    async opinioes(
      staff: Staff,
      q: Ordenacao<'criado_em' | 'id_loja'> & {
        pagina: number
        loja?: number | undefined
        rating?: number | undefined
        de?: string | undefined
        ate?: string | undefined
      },
    ) {
      const idsLoja = await lojasDe(staff)
      return fidelizacao.gestao.opinioes({
        ...(idsLoja ? { idsLoja } : {}),
        ...(q.loja !== undefined ? { loja: q.loja } : {}),
        ...(q.rating !== undefined ? { rating: q.rating } : {}),
        ...(q.de ? { de: inicioDoDia(q.de) } : {}),
        ...(q.ate ? { ate: inicioDoDia(q.ate, 1) } : {}),
        ordenar: q.ordenar,
        direcao: q.direcao,
        pagina: q.pagina,
        porPagina: POR_PAGINA,
      })
    },
  }
}

/** The instant a Lisbon day (YYYY-MM-DD) begins, `mais` days later: filters by day as the staff reads dates. */
export function inicioDoDia(dia: string, mais = 0): string {
  const [y, m, d] = dia.split('-').map(Number) as [number, number, number]
  const utc = Date.UTC(y, m - 1, d + mais)
  // Lisbon is UTC+0 or UTC+1: the offset at that UTC midnight, read back from the formatter.
  const lisboa = new Date(new Date(utc).toLocaleString('en-US', { timeZone: 'Europe/Lisbon' }))
  const utcVisto = new Date(new Date(utc).toLocaleString('en-US', { timeZone: 'UTC' }))
  return new Date(utc - (lisboa.getTime() - utcVisto.getTime())).toISOString()
}

export type AdminPessoas = ReturnType<typeof createAdminPessoas>
