import { ADMIN_API_PREFIX, adminPaths, type Papel } from './admin.ts'

/**
 * The back-office's sections and the roles each is for: the one table the server's route guard (doors/admin.ts), the
 * web menu (features/admin/seccoes.ts) and the README's table (checked by src/server/readme.test.ts) are read from.
 * Decision record 0032 gives the reasons.
 *
 * `api`: the API paths (below `/admin/api`, a path prefix ending at a segment) the section's screens call. A route
 * belongs to the sections whose entry matches it most closely (`/lojas/:id_loja/produtos` is 'Ementas e esgotados',
 * `/lojas` is 'Lojas'); the door lets a role through only when one of them is the role's, and refuses at start a route
 * of no section or one naming a role none of its sections has. A route may narrow further (an adjustment is an
 * admin's within 'Clientes'), never widen.
 */
export interface SeccaoAdmin {
  id: string
  nome: string
  pagina: string
  papeis: readonly Papel[]
  api: readonly string[]
}

const todos: readonly Papel[] = ['admin', 'gestor', 'loja']
const gestao: readonly Papel[] = ['admin', 'gestor']
const admin: readonly Papel[] = ['admin']

/** In the navigation's order. */
export const SECCOES_ADMIN: readonly SeccaoAdmin[] = [
  { id: 'inicio', nome: 'Início', pagina: adminPaths.inicio, papeis: todos, api: [] },
  {
    id: 'novidades',
    nome: 'Novidades',
    pagina: adminPaths.novidades,
    papeis: gestao,
    api: ['/novidades', '/imagens', '/pre-visualizar'],
  },
  {
    id: 'campanhas',
    nome: 'Campanhas',
    pagina: adminPaths.campanhas,
    papeis: gestao,
    api: ['/campanhas', '/imagens', '/pre-visualizar'],
  },
  {
    id: 'promocoes',
    nome: 'Promoções',
    pagina: adminPaths.promocoes,
    papeis: gestao,
    api: ['/promocoes'],
  },
  {
    id: 'carimbos',
    nome: 'Cartões de carimbos',
    pagina: adminPaths.carimbos,
    papeis: admin,
    api: ['/carimbos'],
  },
  { id: 'faq', nome: 'FAQ', pagina: adminPaths.faq, papeis: gestao, api: ['/faq', '/pre-visualizar'] },
  {
    id: 'conteudos-legais',
    nome: 'Conteúdos legais',
    pagina: adminPaths.conteudosLegais,
    papeis: gestao,
    api: ['/legais', '/pre-visualizar'],
  },
  {
    id: 'restaurantes',
    nome: 'Restaurantes e lojas',
    pagina: adminPaths.restaurantes,
    papeis: gestao,
    api: ['/restaurantes', '/lojas-conteudo', '/imagens'],
  },
  { id: 'lojas', nome: 'Lojas', pagina: adminPaths.lojas, papeis: todos, api: ['/lojas'] },
  {
    id: 'ementas',
    nome: 'Ementas e esgotados',
    pagina: adminPaths.ementas,
    papeis: todos,
    api: ['/lojas', '/lojas/:id_loja/produtos', '/lojas/:id_loja/esgotados', '/lojas/:id_loja/encerramentos'],
  },
  { id: 'chaves', nome: 'Chaves de loja', pagina: adminPaths.chaves, papeis: gestao, api: ['/chaves'] },
  { id: 'clientes', nome: 'Clientes', pagina: adminPaths.clientes, papeis: todos, api: ['/clientes', '/perfis'] },
  { id: 'opinioes', nome: 'Opiniões', pagina: adminPaths.opinioes, papeis: gestao, api: ['/opinioes'] },
  { id: 'perfis', nome: 'Perfis de cliente', pagina: adminPaths.perfis, papeis: admin, api: ['/perfis'] },
  {
    id: 'notificacoes',
    nome: 'Notificações',
    pagina: adminPaths.notificacoes,
    papeis: gestao,
    api: ['/notificacoes'],
  },
  { id: 'relatorios', nome: 'Relatórios', pagina: adminPaths.relatorios, papeis: gestao, api: ['/relatorios'] },
  { id: 'definicoes', nome: 'Definições', pagina: adminPaths.definicoes, papeis: admin, api: ['/definicoes'] },
  {
    id: 'utilizadores',
    nome: 'Utilizadores',
    pagina: adminPaths.utilizadores,
    papeis: admin,
    api: ['/utilizadores', '/restaurantes'],
  },
  { id: 'auditoria', nome: 'Auditoria', pagina: adminPaths.auditoria, papeis: admin, api: ['/auditoria'] },
]

/** How closely an API entry matches a route path (its length), or -1: a prefix ending at a segment boundary. */
function proximidade(entrada: string, rota: string): number {
  if (rota === entrada || rota.startsWith(`${entrada}/`)) return entrada.length
  return -1
}

/** The sections an API route (`/admin/api/...` or the path below it) belongs to: those of its closest entries. */
export function seccoesDaRota(url: string): SeccaoAdmin[] {
  const rota = url.startsWith(ADMIN_API_PREFIX) ? url.slice(ADMIN_API_PREFIX.length) : url
  let melhor = -1
  let seccoes: SeccaoAdmin[] = []
  for (const s of SECCOES_ADMIN) {
    const p = Math.max(-1, ...s.api.map((a) => proximidade(a, rota)))
    if (p < 0 || p < melhor) continue
    if (p > melhor) seccoes = []
    melhor = p
    seccoes.push(s)
  }
  return seccoes
}

/** The roles an API route is open to by the table (empty: a route of no section). */
export function papeisDaRota(url: string): Papel[] {
  return [...new Set(seccoesDaRota(url).flatMap((s) => s.papeis))]
}
