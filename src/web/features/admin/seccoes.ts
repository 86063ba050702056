import { adminPaths, type Papel } from '../../../shared/admin.ts'

/**
 * The back-office's sections, in the navigation's order, with the roles each is for (the server refuses the others
 * too). A section not built yet has no `para`: it is listed, marked as coming.
 */
export const SECCOES: { nome: string; para?: string; papeis: readonly Papel[]; fim?: boolean }[] = [
  { nome: 'Início', para: adminPaths.inicio, papeis: ['admin', 'gestor', 'loja'], fim: true },
  { nome: 'Novidades', para: adminPaths.novidades, papeis: ['admin', 'gestor'] },
  { nome: 'Campanhas', para: adminPaths.campanhas, papeis: ['admin', 'gestor'] },
  { nome: 'Lojas', para: adminPaths.lojas, papeis: ['admin', 'gestor', 'loja'] },
  { nome: 'Restaurantes e lojas', para: adminPaths.restaurantes, papeis: ['admin', 'gestor'] },
  { nome: 'Outros conteúdos', papeis: ['admin', 'gestor'] },
  { nome: 'Ementas e esgotados', papeis: ['admin', 'gestor', 'loja'] },
  { nome: 'Pessoas e fidelização', papeis: ['admin', 'gestor', 'loja'] },
  { nome: 'Notificações', papeis: ['admin', 'gestor'] },
  { nome: 'Relatórios', papeis: ['admin', 'gestor'] },
  { nome: 'Utilizadores', para: adminPaths.utilizadores, papeis: ['admin'] },
  { nome: 'Auditoria', para: adminPaths.auditoria, papeis: ['admin'] },
]
