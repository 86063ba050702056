import { z } from 'zod'
import { INT_MAX, mensagens, obrigatorio } from './validacao.ts'

/**
 * The back-office (`/admin`, decision 0018): staff accounts, their sign-in (password, then TOTP) and the audit log. The
 * schemas the admin's forms and its routes share, with their pt-PT messages.
 */

export const ADMIN_API_PREFIX = '/admin/api'
export const ADMIN_PATH = '/admin'

/**
 * The back-office's pages. Kept here rather than in routes.ts, which every customer screen loads: the customer app
 * mounts the whole back-office as one lazy route (`/admin/*`), and only the back-office's own chunks know its pages.
 */
export const adminPaths = {
  inicio: '/admin',
  entrar: '/admin/entrar',
  alterarPassword: '/admin/alterar-palavra-passe',
  inscreverTotp: '/admin/autenticacao',
  verificarTotp: '/admin/verificar',
  utilizadores: '/admin/utilizadores',
  auditoria: '/admin/auditoria',
  novidades: '/admin/novidades',
  convite: '/admin/convite/:token',
  lojas: '/admin/lojas',
  /** The QR codes of a store's tables, for printing (decision 0045). */
  mesas: '/admin/lojas/:id_loja/mesas',
  relatorios: '/admin/relatorios',
  ementas: '/admin/ementas',
  faq: '/admin/faq',
  conteudosLegais: '/admin/conteudos-legais',
  chaves: '/admin/chaves',
  clientes: '/admin/clientes',
  cliente: '/admin/clientes/:id',
  opinioes: '/admin/opinioes',
  perfis: '/admin/perfis',
  definicoes: '/admin/definicoes',
  notificacoes: '/admin/notificacoes',
  campanhas: '/admin/campanhas',
  /** Promotions that apply themselves (decision 0052). */
  promocoes: '/admin/promocoes',
  /** Stamp cards (decision 0057). */
  carimbos: '/admin/carimbos',
  restaurantes: '/admin/restaurantes',
} as const

const adminPatterns = Object.values(adminPaths).map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}/?$`))

/** Whether a browser path is one of the back-office's pages (the server answers it 200 with the app's HTML). */
export const isAdminPagePath = (pathname: string) => adminPatterns.some((re) => re.test(pathname))

export const PAPEIS = ['admin', 'gestor', 'loja'] as const
export type Papel = (typeof PAPEIS)[number]
export const PAPEL_NOME: Record<Papel, string> = { admin: 'Administrador', gestor: 'Gestor', loja: 'Loja' }
/** Roles that must sign in with a second factor (TOTP). */
export const PAPEIS_COM_TOTP: readonly Papel[] = ['admin', 'gestor']

/** A staff password: long, since it guards everything the group publishes and every customer's record. */
export const STAFF_PASSWORD_MIN = 12
export const STAFF_PASSWORD_MAX = 200
export const RECOVERY_CODES = 10

/** What the session still asks before the back-office opens (null: nothing, it is open). */
export const PENDENTES = ['alterar_password', 'inscrever_totp', 'verificar_totp'] as const
export type Pendente = (typeof PENDENTES)[number]

export const EmailStaffSchema = obrigatorio(254)
  .transform((v) => v.toLowerCase())
  .pipe(z.string().regex(/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/, mensagens.email))

export const EntrarAdminSchema = z.object({
  email: EmailStaffSchema,
  password: z.string({ error: mensagens.obrigatorio }).min(1, mensagens.obrigatorio).max(STAFF_PASSWORD_MAX),
})

const NovaPassword = z
  .string({ error: mensagens.obrigatorio })
  .min(STAFF_PASSWORD_MIN, mensagens.tamanhoMinimo(STAFF_PASSWORD_MIN))
  .max(STAFF_PASSWORD_MAX, mensagens.tamanhoMaximo(STAFF_PASSWORD_MAX))

export const AlterarPasswordAdminSchema = z
  .object({
    atual: z.string({ error: mensagens.obrigatorio }).min(1, mensagens.obrigatorio).max(STAFF_PASSWORD_MAX),
    nova: NovaPassword,
    confirmacao: z.string({ error: mensagens.obrigatorio }).max(STAFF_PASSWORD_MAX),
  })
  .refine((v) => v.nova === v.confirmacao, {
    path: ['confirmacao'],
    message: mensagens.igualA('Nova palavra-passe'),
  })
  .refine((v) => v.nova !== v.atual, { path: ['nova'], message: 'A nova palavra-passe tem de ser diferente da atual' })

export const AceitarConviteSchema = z
  .object({
    token: obrigatorio(100),
    nova: NovaPassword,
    confirmacao: z.string({ error: mensagens.obrigatorio }).max(STAFF_PASSWORD_MAX),
  })
  .refine((v) => v.nova === v.confirmacao, {
    path: ['confirmacao'],
    message: mensagens.igualA('Nova palavra-passe'),
  })

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const CodigoTotpSchema = z.object({ codigo: obrigatorio(20).transform((v) => v.replace(/\s+/g, '')) })

export const alcanceMensagens = {
  loja: 'Escolha a loja desta conta.',
  restaurantes: 'Escolha pelo menos um restaurante.',
  lojaNaoExiste: 'Esta loja não existe.',
  restauranteNaoExiste: 'Um dos restaurantes escolhidos não existe.',
} as const

/**
 * A staff member's role and reach: a store's account needs its store, a gestor at least one restaurant (each one
 * that exists: the server checks that); an admin reaches everything and keeps neither.
 */
const alcanceStaff = {
  papel: z.enum(PAPEIS, { error: mensagens.valorInvalido }),
  restaurantes: z.array(z.number().int().positive().max(INT_MAX)).max(100).optional(),
  id_loja: z.number().int().positive().max(INT_MAX).optional(),
}

function exigirAlcance(
  v: { papel: Papel; restaurantes?: number[] | undefined; id_loja?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.papel === 'loja' && v.id_loja === undefined) {
    ctx.addIssue({ code: 'custom', path: ['id_loja'], message: alcanceMensagens.loja })
  }
  if (v.papel === 'gestor' && !v.restaurantes?.length) {
    ctx.addIssue({ code: 'custom', path: ['restaurantes'], message: alcanceMensagens.restaurantes })
  }
}

export const ConvidarSchema = z.object({ email: EmailStaffSchema, ...alcanceStaff }).superRefine(exigirAlcance)

/** An admin's change of a staff member's role and reach (`POST /admin/api/utilizadores/:id`). */
export const EditarStaffSchema = z.object(alcanceStaff).superRefine(exigirAlcance)

export interface SessaoAdmin {
  id: number
  email: string
  papel: Papel
  pendente: Pendente | null
}
