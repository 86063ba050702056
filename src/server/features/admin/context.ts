import { PAPEIS_COM_TOTP, type Papel, type Pendente } from '../../../shared/admin.ts'
import { type Clock, DAY, HOUR, isoNow, MINUTE } from '../../platform/clock.ts'
import type { DataKeyring } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import type { Limit, RateLimiter } from '../../platform/rate-limit.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import { adminRepo, type StaffRow } from './repository.ts'

export const ADMIN_LIMITES = {
  /** A session ends after this long without a request (sliding). */
  idleMs: 30 * MINUTE,
  /** …and after this long whatever happens (a working day). */
  sessaoMaxMs: 12 * HOUR,
  /** Failures on one e-mail before it locks (known or not); each further one doubles the lock. */
  falhasAntesDoBloqueio: 5,
  primeiroBloqueioMs: MINUTE,
  bloqueioMaxMs: DAY,
  /** Failed sign-ins from one address, across e-mails (password spraying). */
  falhasPorIp: { max: 50, windowMs: 15 * MINUTE } satisfies Limit,
  /** Second-factor codes tried by one account (6 digits: 10 guesses in 15 minutes). */
  codigosPorConta: { max: 10, windowMs: 15 * MINUTE } satisfies Limit,
  conviteMs: 7 * DAY,
} as const

export const adminMensagens = {
  credenciais: 'Email ou palavra-passe incorretos',
  bloqueada: (minutos: number) =>
    `Conta bloqueada temporariamente por excesso de tentativas. Tente novamente dentro de ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  semSessao: 'Sessão terminada. Inicie sessão novamente.',
  semPermissao: 'Não tem permissão para esta área.',
  passo: 'Conclua primeiro o passo pedido no início de sessão.',
  passwordAtual: 'Palavra-passe atual incorreta',
  codigo: 'Código inválido ou já utilizado',
  emailExistente: 'Já existe um utilizador com este email',
  convite: 'O convite expirou ou já foi utilizado. Peça um novo convite.',
  proprio: 'Não pode desativar a sua própria conta.',
  proprioPapel: 'Não pode mudar o papel da sua própria conta.',
  naoExiste: 'Utilizador não encontrado.',
} as const

export interface AdminDeps {
  db: Database
  clock: Clock
  limiter: RateLimiter
  cifra: DataKeyring
  /** Where invitation links point (APP_URL). */
  appUrl: string
  /** How long a store's board may be away before its orders pause themselves (0: never; decision 0041). */
  semPainelMs?: number
  /** The stores (features/restaurantes): the pause of their online orders, their closures. */
  lojas: Pick<
    RestaurantesService,
    | 'lojasGestao'
    | 'definirPausa'
    | 'esquecerPainel'
    | 'encerramentos'
    | 'adicionarEncerramento'
    | 'removerEncerramento'
    | 'listRestaurantes'
  >
}

/** The staff member a session speaks for, and what the session still asks before the back-office opens. */
export interface Staff {
  id: number
  sessaoId: number
  email: string
  papel: Papel
  restaurantes: number[]
  idLoja: number | null
  pendente: Pendente | null
}

/**
 * The step a session still owes: the second factor of an enrolled account first (so that a password alone changes
 * nothing), then a password set by someone else, then the enrolment the role requires.
 */
export function pendenteDe(user: StaffRow, segundoFator: boolean): Pendente | null {
  if (user.totp_ativo === 1 && !segundoFator) return 'verificar_totp'
  if (user.mudar_password === 1) return 'alterar_password'
  if (PAPEIS_COM_TOTP.includes(user.papel as Papel) && user.totp_ativo !== 1) return 'inscrever_totp'
  return null
}

/** What the audit log and the staff list show of an account: never its password, TOTP secret or codes. */
export function vistaStaff(user: StaffRow) {
  return {
    id: user.id,
    email: user.email,
    papel: user.papel as Papel,
    restaurantes: user.restaurantes ? (JSON.parse(user.restaurantes) as number[]) : [],
    id_loja: user.id_loja,
    totp_ativo: user.totp_ativo === 1,
    mudar_password: user.mudar_password === 1,
    convite_pendente: user.password_hash === null,
    desativado_em: user.desativado_em,
  }
}
export type VistaStaff = ReturnType<typeof vistaStaff>

/** Who did it (null: the command line), for the audit entry. */
export interface Ator {
  id: number | null
  email: string | null
  ip: string | null
}

export interface EntradaAuditoria {
  acao: string
  entidade: string
  entidadeId?: string | number | null
  antes?: unknown
  depois?: unknown
}

/**
 * One audit entry, written with the change it records: in the change's transaction, which the type demands (a write on
 * the pool beside it would neither roll back with the change nor, on SQLite, get the connection the change holds).
 */
export async function auditar(
  trx: DatabaseTransaction,
  clock: Clock,
  ator: Ator,
  entrada: EntradaAuditoria,
): Promise<void> {
  await adminRepo(trx).insertAuditoria({
    utilizador_id: ator.id,
    email: ator.email,
    acao: entrada.acao,
    entidade: entrada.entidade,
    entidade_id: entrada.entidadeId === undefined || entrada.entidadeId === null ? null : String(entrada.entidadeId),
    antes: entrada.antes === undefined ? null : JSON.stringify(entrada.antes),
    depois: entrada.depois === undefined ? null : JSON.stringify(entrada.depois),
    ip: ator.ip,
    criado_em: isoNow(clock),
  })
}

export const atorDe = (staff: Pick<Staff, 'id' | 'email'>, ip: string | null): Ator => ({
  id: staff.id,
  email: staff.email,
  ip,
})
