import type { Papel } from '../../../shared/admin.ts'
import { SECCOES_ADMIN } from '../../../shared/admin-seccoes.ts'

/**
 * The back-office's sections, in the navigation's order, with the roles each is for: the shared table
 * (src/shared/admin-seccoes.ts) the server's route guard reads too, so the menu never offers what the server refuses.
 */
export const SECCOES: { nome: string; para?: string; papeis: readonly Papel[]; fim?: boolean }[] = SECCOES_ADMIN.map(
  (s) => ({ nome: s.nome, para: s.pagina, papeis: s.papeis, ...(s.id === 'inicio' ? { fim: true } : {}) }),
)

/** The roles of a section by its id in the shared table: what a page of that section lets in. */
export function papeisDe(id: string): readonly Papel[] {
  const seccao = SECCOES_ADMIN.find((s) => s.id === id)
  if (!seccao) throw new Error(`secção desconhecida: ${id}`)
  return seccao.papeis
}
