import type {
  LojaEdicaoDados,
  LojaStaff,
  RestauranteEdicaoDados,
  RestauranteStaff,
} from '../../../shared/admin-restaurantes.ts'
import type { Clock } from '../../platform/clock.ts'
import { HttpError } from '../../platform/errors.ts'
import type { CatalogoService } from '../encomendas/service.ts'
import type { Autorizar, GestaoRestaurantes } from '../restaurantes/service.ts'
import { adminMensagens, atorDe, auditar, type Staff } from './context.ts'

/**
 * Restaurants and stores in the back-office: an admin edits every one, a gestor those of their restaurants
 * (another answers 403, checked in the change's transaction). features/restaurantes owns them and makes each change;
 * the audit entry is written in its transaction. Each store comes with the warning of a menu whose VAT rates are not
 * its region's (`aviso_iva`, from the menus' owner): a change of region is made, and said, not refused (decision 0036).
 */
export function createAdminRestaurantes(
  gestao: GestaoRestaurantes,
  clock: Clock,
  catalogo: Pick<CatalogoService, 'ivaForaDaRegiao'>,
) {
  const comAviso = async (loja: LojaStaff): Promise<LojaStaff> => ({
    ...loja,
    aviso_iva: await catalogo.ivaForaDaRegiao(loja.id_loja, loja.regiao),
  })
  const autorizar =
    (staff: Staff): Autorizar =>
    (restauranteId) => {
      if (staff.papel === 'admin') return
      if (staff.papel === 'gestor' && staff.restaurantes.includes(restauranteId)) return
      throw new HttpError(403, adminMensagens.semPermissao, 'Sem permissão')
    }
  // A store is named in the audit log by its POS id (`id_loja`), as the pause and the menus name it; a restaurant by its id.
  const registo =
    <T extends { id: number; id_loja?: number }>(staff: Staff, ip: string, acao: string, entidade: string) =>
    async (trx: Parameters<typeof auditar>[0], antes: T, depois: T) =>
      auditar(trx, clock, atorDe(staff, ip), { acao, entidade, entidadeId: depois.id_loja ?? depois.id, antes, depois })

  return {
    async listar(staff: Staff): Promise<RestauranteStaff[]> {
      const lista = await gestao.listar(
        staff.papel === 'admin' ? 'todos' : staff.papel === 'gestor' ? staff.restaurantes : [],
      )
      return Promise.all(lista.map(async (r) => ({ ...r, lojas: await Promise.all(r.lojas.map(comAviso)) })))
    },
    editarRestaurante: (staff: Staff, id: number, dados: RestauranteEdicaoDados, ip: string) =>
      gestao.editarRestaurante(
        id,
        dados,
        autorizar(staff),
        registo<RestauranteStaff>(staff, ip, 'restaurante.editar', 'restaurante'),
      ),
    editarLoja: async (staff: Staff, id: number, dados: LojaEdicaoDados, ip: string) =>
      comAviso(
        await gestao.editarLoja(id, dados, autorizar(staff), registo<LojaStaff>(staff, ip, 'loja.editar', 'loja')),
      ),
  }
}
