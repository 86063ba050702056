import { adminPaths, type Papel } from '../../../shared/admin.ts'

/**
 * The back-office's sections, in the navigation's order, with the roles each is for (the server refuses the others
 * too). A section not built yet has no `para`: it is listed, marked as coming.
 */
export const SECCOES: { nome: string; para?: string; papeis: readonly Papel[]; fim?: boolean }[] = [
  { nome: 'Início', para: adminPaths.inicio, papeis: ['admin', 'gestor', 'loja'], fim: true },
  { nome: 'Novidades', para: adminPaths.novidades, papeis: ['admin', 'gestor'] },
  { nome: 'Campanhas', para: adminPaths.campanhas, papeis: ['admin', 'gestor'] },
  { nome: 'FAQ', para: adminPaths.faq, papeis: ['admin', 'gestor'] },
  { nome: 'Conteúdos legais', para: adminPaths.conteudosLegais, papeis: ['admin', 'gestor'] },
  { nome: 'Restaurantes e lojas', para: adminPaths.restaurantes, papeis: ['admin', 'gestor'] },
  { nome: 'Lojas', para: adminPaths.lojas, papeis: ['admin', 'gestor', 'loja'] },
  { nome: 'Ementas e esgotados', para: adminPaths.ementas, papeis: ['admin', 'gestor', 'loja'] },
  { nome: 'Chaves de loja', para: adminPaths.chaves, papeis: ['admin', 'gestor'] },
  { nome: 'Clientes', para: adminPaths.clientes, papeis: ['admin', 'loja'] },
  { nome: 'Opiniões', para: adminPaths.opinioes, papeis: ['admin', 'gestor'] },
  { nome: 'Perfis de cliente', para: adminPaths.perfis, papeis: ['admin'] },
  { nome: 'Notificações', para: adminPaths.notificacoes, papeis: ['admin', 'gestor'] },
  { nome: 'Relatórios', para: adminPaths.relatorios, papeis: ['admin', 'gestor'] },
  { nome: 'Definições', para: adminPaths.definicoes, papeis: ['admin'] },
  { nome: 'Utilizadores', para: adminPaths.utilizadores, papeis: ['admin'] },
  { nome: 'Auditoria', para: adminPaths.auditoria, papeis: ['admin'] },
]
