import type { ConteudosService } from '../conteudos/service.ts'
import type { GestaoRestaurantes } from '../restaurantes/service.ts'
import { createAdminAcesso } from './acesso.ts'
import { createAdminCampanhas } from './campanhas.ts'
import type { AdminDeps } from './context.ts'
import { createAdminEquipa } from './equipa.ts'
import { createAdminImagens } from './imagens.ts'
import { createAdminLojas } from './lojas.ts'
import { createAdminNovidades } from './novidades.ts'
import { createAdminRestaurantes } from './restaurantes.ts'

export type { Staff } from './context.ts'

/** The features whose content the back-office manages, through their services. */
export interface AdminFeatures {
  conteudos: ConteudosService
  /** The content of restaurants and stores (features/restaurantes' editing). */
  restaurantes: GestaoRestaurantes
}

/**
 * The back-office's service (issue 21): signing in (acesso.ts), the staff and audit log (equipa.ts), the stores at
 * work (lojas.ts) and the content it manages through its owners' services (novidades.ts).
 */
export function createAdminService(deps: AdminDeps, features: AdminFeatures) {
  return {
    acesso: createAdminAcesso(deps),
    equipa: createAdminEquipa(deps),
    imagens: createAdminImagens(deps),
    lojas: createAdminLojas(deps),
    novidades: createAdminNovidades(features.conteudos, deps.clock),
    campanhas: createAdminCampanhas(features.conteudos, deps.clock),
    restaurantes: createAdminRestaurantes(features.restaurantes, deps.clock),
  }
}

export type AdminService = ReturnType<typeof createAdminService>
