import type { DefinicoesFidelizacao, RegrasFidelizacaoDados } from '../../../shared/admin-definicoes.ts'
import type { Clock } from '../../platform/clock.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import { atorDe, auditar, type Staff } from './context.ts'

/**
 * 'Definições' (admin only): the loyalty rules a business changes (credit percent, points per euro, threshold).
 * features/fidelizacao owns them; the change is made by its service and audited (before/after) in its transaction.
 */
export function createAdminDefinicoes(fidelizacao: Pick<FidelizacaoService, 'regras'>, clock: Clock) {
  return {
    ler: (): Promise<DefinicoesFidelizacao> => fidelizacao.regras.ler(),
    definir: (staff: Staff, novas: RegrasFidelizacaoDados, ip: string) =>
      fidelizacao.regras.definir(novas, (trx, antes, depois) =>
        auditar(trx, clock, atorDe(staff, ip), {
          acao: 'definicoes.fidelizacao',
          entidade: 'definicoes',
          entidadeId: 'fidelizacao',
          antes,
          depois,
        }),
      ),
  }
}
