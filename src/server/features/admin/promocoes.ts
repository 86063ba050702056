import type { Promocao, PromocaoDados } from '../../../shared/promocoes.ts'
import { promocoesMensagens } from '../../../shared/promocoes.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { fieldError, HttpError } from '../../platform/errors.ts'
import type { FidelizacaoService, RegistoPromocao } from '../fidelizacao/service.ts'
import { type AdminDeps, atorDe, auditar, type Staff } from './context.ts'
import { alcanceDe } from './lojas.ts'

/**
 * The promotions in the back-office ('Promoções', decision 0052): features/fidelizacao owns them and makes each
 * change, audited in its transaction. An admin sets any; a gestor only those of their restaurants (of one of them, or of
 * one of their stores), and sees every promotion, as the customers do.
 */
export function createAdminPromocoes(deps: AdminDeps, fidelizacao: Pick<FidelizacaoService, 'promocoes'>) {
  const { promocoes } = fidelizacao
  const registo =
    (staff: Staff, ip: string, acao: string): RegistoPromocao =>
    (trx, antes, depois) =>
      auditar(trx, deps.clock, atorDe(staff, ip), {
        acao,
        entidade: 'promocao',
        entidadeId: depois.id,
        ...(antes ? { antes } : {}),
        depois,
      })

  /**
   * The scope names a restaurant with stores or a store that exists (422 with the field named), within the staff
   * member's reach (403).
   */
  async function noAlcance(
    staff: Staff,
    p: Pick<PromocaoDados, 'ambito' | 'id_restaurante' | 'id_loja'>,
    db?: DatabaseTransaction,
  ) {
    const alcance = alcanceDe(staff)
    const fora = () =>
      new HttpError(403, promocoesMensagens.foraDoAlcance, 'Sem permissão', {
        ambito: promocoesMensagens.foraDoAlcance,
      })
    if (p.ambito === 'todas') {
      if (alcance !== 'todas') throw fora()
      return
    }
    const lojas = await deps.lojas.lojasGestao(
      p.ambito === 'loja' ? { idsLoja: [p.id_loja ?? 0] } : { restaurantes: [p.id_restaurante ?? 0] },
      db,
    )
    if (lojas.length === 0) {
      throw p.ambito === 'loja'
        ? fieldError('id_loja', promocoesMensagens.loja)
        : fieldError('id_restaurante', promocoesMensagens.restaurante)
    }
    if (alcance === 'todas') return
    const restaurantes = 'restaurantes' in alcance ? alcance.restaurantes : []
    if (!lojas.every((l) => restaurantes.includes(l.restaurante_id))) throw fora()
  }

  return {
    listar: (): Promise<Promocao[]> => promocoes.listar(),
    async criar(staff: Staff, dados: PromocaoDados, ip: string) {
      await noAlcance(staff, dados)
      return promocoes.criar(dados, registo(staff, ip, 'promocao.criar'))
    },
    async editar(staff: Staff, id: number, dados: PromocaoDados, ip: string) {
      // Both what it becomes and what it was, read under the promotion's lock: a gestor cannot take another's promotion
      // into theirs, nor theirs out, even as an admin changes it.
      await noAlcance(staff, dados)
      return promocoes.editar(id, dados, registo(staff, ip, 'promocao.editar'), (trx, antes) =>
        noAlcance(staff, antes, trx),
      )
    },
  }
}
