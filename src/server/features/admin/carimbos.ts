import type { CartaoCarimbos, CartaoCarimbosDados } from '../../../shared/carimbos.ts'
import type { FidelizacaoService, RegistoCartaoCarimbos } from '../fidelizacao/service.ts'
import { type AdminDeps, atorDe, auditar, type Staff } from './context.ts'

/**
 * The stamp cards in the back-office ('Cartões de carimbos', decision 0057): features/fidelizacao owns them and makes
 * each change, audited in its transaction. Admins only: a card counts in every store of the group.
 */
export function createAdminCarimbos(deps: AdminDeps, fidelizacao: Pick<FidelizacaoService, 'carimbos'>) {
  const { carimbos } = fidelizacao
  const registo =
    (staff: Staff, ip: string, acao: string): RegistoCartaoCarimbos =>
    (trx, antes, depois) =>
      auditar(trx, deps.clock, atorDe(staff, ip), {
        acao,
        entidade: 'cartao_carimbos',
        entidadeId: depois.id,
        ...(antes ? { antes } : {}),
        depois,
      })

  return {
    listar: (): Promise<CartaoCarimbos[]> => carimbos.listar(),
    criar: (staff: Staff, dados: CartaoCarimbosDados, ip: string) =>
      carimbos.criar(dados, registo(staff, ip, 'cartao_carimbos.criar')),
    editar: (staff: Staff, id: number, dados: CartaoCarimbosDados, ip: string) =>
      carimbos.editar(id, dados, registo(staff, ip, 'cartao_carimbos.editar')),
  }
}
