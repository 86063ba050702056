import type { NovidadeDados, NovidadeStaff } from '../../../shared/novidades-gestao.ts'
import type { Clock } from '../../platform/clock.ts'
import type { ConteudosService, RegistoNovidade } from '../conteudos/service.ts'
import { atorDe, auditar, type Staff } from './context.ts'

/**
 * The news items in the back-office (admin and gestor): features/conteudos owns them and their table; each change is
 * made by its service, and the audit entry is written in the change's own transaction (the `registar` it calls).
 */
export function createAdminNovidades(conteudos: ConteudosService, clock: Clock) {
  const { novidades } = conteudos
  const registo =
    (staff: Staff, ip: string, acao: string): RegistoNovidade =>
    (trx, antes, depois) =>
      auditar(trx, clock, atorDe(staff, ip), {
        acao,
        entidade: 'novidade',
        entidadeId: (depois ?? antes)?.id ?? null,
        ...(antes ? { antes } : {}),
        ...(depois ? { depois } : {}),
      })

  return {
    listar: (): Promise<NovidadeStaff[]> => novidades.listar(),
    criar: (staff: Staff, dados: NovidadeDados, ip: string) =>
      novidades.criar(dados, registo(staff, ip, 'novidade.criar')),
    editar: (staff: Staff, id: number, dados: NovidadeDados, ip: string) =>
      novidades.editar(id, dados, registo(staff, ip, 'novidade.editar')),
    publicar: (staff: Staff, id: number, publicada: boolean, ip: string) =>
      novidades.publicar(id, publicada, registo(staff, ip, publicada ? 'novidade.publicar' : 'novidade.despublicar')),
    apagar: (staff: Staff, id: number, ip: string) => novidades.apagar(id, registo(staff, ip, 'novidade.apagar')),
  }
}

export type AdminNovidades = ReturnType<typeof createAdminNovidades>
