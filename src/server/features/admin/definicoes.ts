import type {
  DefinicoesFidelizacao,
  InformacaoConsumidorEdicaoDados,
  RegrasFidelizacaoDados,
} from '../../../shared/admin-definicoes.ts'
import type { DefinicaoPremio, PremioDados } from '../../../shared/premios.ts'
import type { DefinicaoAniversario, PremioAniversarioDados } from '../../../shared/premios-aniversario.ts'
import type { Clock } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import type { ConteudosService } from '../conteudos/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import { atorDe, auditar, type Staff } from './context.ts'

/**
 * 'Definições' (admin only): the loyalty rules a business changes (credit percent, points per euro, threshold), owned
 * by features/fidelizacao; and what the consumer is told about disputes and accessibility (the arbitration entity the
 * group adheres to, the accessibility contact: decision 0039), owned by features/conteudos. Each change is made by its
 * owner's service and audited (before/after) in its transaction.
 */
export function createAdminDefinicoes(
  fidelizacao: Pick<FidelizacaoService, 'regras' | 'premios' | 'aniversarios'>,
  conteudos: Pick<ConteudosService, 'informacaoConsumidor'>,
  clock: Clock,
) {
  /** The audit entry of a change of the settings' part `entidadeId`, written in the change's transaction. */
  const registo =
    (staff: Staff, ip: string, acao: string, entidadeId: string) =>
    (trx: DatabaseTransaction, antes: unknown, depois: unknown) =>
      auditar(trx, clock, atorDe(staff, ip), { acao, entidade: 'definicoes', entidadeId, antes, depois })

  return {
    ler: (): Promise<DefinicoesFidelizacao> => fidelizacao.regras.ler(),
    definir: (staff: Staff, novas: RegrasFidelizacaoDados, ip: string) =>
      fidelizacao.regras.definir(novas, registo(staff, ip, 'definicoes.fidelizacao', 'fidelizacao')),
    premio: {
      ler: (): Promise<DefinicaoPremio> => fidelizacao.premios.ler(),
      definir: (staff: Staff, novo: PremioDados, ip: string) =>
        fidelizacao.premios.definir(novo, registo(staff, ip, 'definicoes.premio', 'premio')),
    },
    /** The birthday reward (decision 0053). */
    aniversario: {
      ler: (): Promise<DefinicaoAniversario> => fidelizacao.aniversarios.ler(),
      definir: (staff: Staff, novo: PremioAniversarioDados, ip: string) =>
        fidelizacao.aniversarios.definir(
          novo,
          registo(staff, ip, 'definicoes.premio_aniversario', 'premio-aniversario'),
        ),
    },
    consumidor: {
      ler: () => conteudos.informacaoConsumidor.ler(),
      definir: (staff: Staff, novos: InformacaoConsumidorEdicaoDados, ip: string) =>
        conteudos.informacaoConsumidor.definir(
          novos,
          registo(staff, ip, 'definicoes.informacao_consumidor', 'informacao-consumidor'),
        ),
    },
  }
}
