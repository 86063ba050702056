import { createAdminAcesso } from './acesso.ts'
import type { AdminDeps } from './context.ts'
import { createAdminEquipa } from './equipa.ts'
import { createAdminLojas } from './lojas.ts'

export type { Staff } from './context.ts'

/** The back-office's service (issue 21): signing in (acesso.ts) and the staff and audit log (equipa.ts). */
export function createAdminService(deps: AdminDeps) {
  return { acesso: createAdminAcesso(deps), equipa: createAdminEquipa(deps), lojas: createAdminLojas(deps) }
}

export type AdminService = ReturnType<typeof createAdminService>
