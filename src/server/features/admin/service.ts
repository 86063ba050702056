import type { ContaService } from '../conta/service.ts'
import type { ConteudosService } from '../conteudos/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { NotificacoesService } from '../notificacoes/service.ts'
import { createAdminAcesso } from './acesso.ts'
import type { AdminDeps } from './context.ts'
import { createAdminDefinicoes } from './definicoes.ts'
import { createAdminEquipa } from './equipa.ts'
import { createAdminLojas } from './lojas.ts'
import { createAdminNotificacoes } from './notificacoes.ts'
import { createAdminNovidades } from './novidades.ts'

export type { Staff } from './context.ts'

/** The features whose content the back-office manages, through their services. */
export interface AdminFeatures {
  conteudos: ConteudosService
  /** The loyalty rules ('Definições'). */
  fidelizacao: Pick<FidelizacaoService, 'regras' | 'clientesDasLojas'>
  /** The composer: who consented (conta), and the notifications and their pushes (notificacoes). */
  conta: Pick<ContaService, 'findCliente' | 'audiencia'>
  notificacoes: Pick<NotificacoesService, 'enviarCampanha' | 'entregaDaCampanha'>
}

/**
 * The back-office's service (issue 21): signing in (acesso.ts), the staff and audit log (equipa.ts), the stores at
 * work (lojas.ts) and the content it manages through its owners' services (novidades.ts).
 */
export function createAdminService(deps: AdminDeps, features: AdminFeatures) {
  return {
    acesso: createAdminAcesso(deps),
    equipa: createAdminEquipa(deps),
    lojas: createAdminLojas(deps),
    novidades: createAdminNovidades(features.conteudos, deps.clock),
    definicoes: createAdminDefinicoes(features.fidelizacao, deps.clock),
    notificacoes: createAdminNotificacoes({
      db: deps.db,
      clock: deps.clock,
      lojas: deps.lojas,
      conta: features.conta,
      fidelizacao: features.fidelizacao,
      notificacoes: features.notificacoes,
    }),
  }
}

export type AdminService = ReturnType<typeof createAdminService>
