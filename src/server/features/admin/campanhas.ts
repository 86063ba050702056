import type { CampanhaDados, CampanhaStaff } from '../../../shared/campanhas-gestao.ts'
import type { Clock } from '../../platform/clock.ts'
import type { ConteudosService, RegistoCampanha } from '../conteudos/service.ts'
import { atorDe, auditar, type Staff } from './context.ts'

/**
 * The campaigns in the back-office (admin and gestor), as novidades.ts the news items: features/conteudos owns them
 * and makes each change; the audit entry is written in the change's own transaction (the `registar` it calls).
 */
export function createAdminCampanhas(conteudos: ConteudosService, clock: Clock) {
  const { campanhas } = conteudos
  const registo =
    (staff: Staff, ip: string, acao: string): RegistoCampanha =>
    (trx, antes, depois) =>
      auditar(trx, clock, atorDe(staff, ip), {
        acao,
        entidade: 'campanha',
        entidadeId: (depois ?? antes)?.id ?? null,
        ...(antes ? { antes } : {}),
        ...(depois ? { depois } : {}),
      })

  return {
    listar: (): Promise<CampanhaStaff[]> => campanhas.listar(),
    criar: (staff: Staff, dados: CampanhaDados, ip: string) =>
      campanhas.criar(dados, registo(staff, ip, 'campanha.criar')),
    editar: (staff: Staff, id: number, dados: CampanhaDados, ip: string) =>
      campanhas.editar(id, dados, registo(staff, ip, 'campanha.editar')),
    publicar: (staff: Staff, id: number, publicada: boolean, ip: string) =>
      campanhas.publicar(id, publicada, registo(staff, ip, publicada ? 'campanha.publicar' : 'campanha.despublicar')),
    apagar: (staff: Staff, id: number, ip: string) => campanhas.apagar(id, registo(staff, ip, 'campanha.apagar')),
  }
}
