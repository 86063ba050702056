import type { ConteudosService } from '../conteudos/service.ts'
import { createAdminAcesso } from './acesso.ts'
import type { AdminDeps } from './context.ts'
import { createAdminEquipa } from './equipa.ts'
import { createAdminLojas } from './lojas.ts'
import { createAdminNovidades } from './novidades.ts'
import { createAdminPessoas, type PessoasFeatures } from './pessoas.ts'

export type { Staff } from './context.ts'

/** The features whose content the back-office manages, through their services. */
export interface AdminFeatures {
  conteudos: ConteudosService
  /** Customers, their ledger, orders and opinions, erasure (pessoas.ts). */
  pessoas: PessoasFeatures
}

/**
 * The back-office's service (issue 21): signing in (acesso.ts), the staff and audit log (equipa.ts), the stores at
 * work (lojas.ts), the content it manages through its owners' services (novidades.ts), and people and loyalty
 * (pessoas.ts).
 */
export function createAdminService(deps: AdminDeps, features: AdminFeatures) {
  return {
    acesso: createAdminAcesso(deps),
    equipa: createAdminEquipa(deps),
    lojas: createAdminLojas(deps),
    novidades: createAdminNovidades(features.conteudos, deps.clock),
    pessoas: createAdminPessoas(deps.clock, features.pessoas),
  }
}

export type AdminService = ReturnType<typeof createAdminService>
