import { SECCOES_ADMIN } from '../../../shared/admin-seccoes.ts'
import type { Papel } from '../../../shared/admin.ts'

/**
 * The back-office's sections, in the navigation's order, with the roles each is for: the shared table
 * (src/shared/admin-seccoes.ts) the server's route guard reads too, so the menu never offers what the server refuses.
 */
export const SECCOES: { nome: string; para?: string; papeis: readonly Papel[]; fim?: boolean }[] = SECCOES_ADMIN.map(
  (s) => ({ nome: s.nome, para: s.pagina, papeis: s.papeis, ...(s.id === 'inicio' ? { fim: true } : {}) }),
)
