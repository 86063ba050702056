import type { Generated } from 'kysely'

/**
 * The customers' accounts and what belongs to them alone: the account, its SMS challenges, login failures, consents and
 * GDPR requests (features/conta and features/rgpd own them: src/server/db/table-owners.test.ts).
 */

export interface UtilizadoresTable {
  id: Generated<number>
  telemovel: string
  pais: string
  telemovel_e164: string | null
  nome: string | null
  email: string | null
  password_hash: string | null
  data_nascimento: string | null
  codigo_postal: string | null
  genero: string | null
  codigo_parceria: string | null
  nome_faturacao1: string | null
  nif1: string | null
  nome_faturacao2: string | null
  nif2: string | null
  nif_utilizado: Generated<string>
  /** The one consent to communications (both screens' box; migration 2026-12-03T0300-comunicacao-unica). */
  comunicacao: Generated<number>
  temporario: Generated<number>
  /** 'app' (sign-up) or 'loja' (provisional, created by staff). */
  origem: Generated<string>
  /** The store whose till made a provisional account (null: signed up in the app, or made before this was kept). */
  id_loja_origem: number | null
  usar_codigo_seguranca: Generated<number>
  /** Legacy: the scrypt hash of a security code made before codes were encrypted; emptied by the start-up upgrade. */
  codigo_seguranca_hash: string | null
  /** The security code sealed with the server's data key (platform/crypto.ts `sealText`, AAD bound to this id). */
  codigo_seguranca_cifrado: string | null
  id_perfil: Generated<number>
  saw_onboarding: Generated<number>
  qr_code: string
  eliminado: Generated<number>
  /** When the personal data were first completed; null while the registration was never finished. */
  registo_completo_em: string | null
  /** The newest notification id the customer has seen (reading is all or nothing). */
  notificacoes_lidas_ate: Generated<number>
  criado_em: string
  atualizado_em: string
  /** When the registration ended: erased, or a provisional account that lapsed (migration 2026-11-27T0000-rgpd). */
  terminado_em: string | null
  /** When every personal datum was removed: at once on erasure, a year after a lapse (the retention job). */
  anonimizado_em: string | null
}

/** A customer profile (spec §3 `id_perfil`, §6): a name for the back-office and the style class the app applies. */
export interface PerfisTable {
  id: Generated<number>
  nome: string
  classe: string
  criado_em: string
}

/** 'convidado': a guest's phone, confirmed for one order (decision 0050). */
export type SmsFinalidade = 'registo' | 'reset' | 'telemovel' | 'convidado'

export interface SmsDesafiosTable {
  id: Generated<number>
  hash_token: string
  finalidade: SmsFinalidade
  telemovel: string
  pais: string
  telemovel_e164: string
  utilizador_id: number | null
  codigo_hash: string
  tentativas: Generated<number>
  envios: Generated<number>
  ultimo_envio_em: string
  expira_em: string
  usado_em: string | null
  criado_em: string
}

/** Login failures per phone number, known to have an account or not, and the growing lock they set. */
export interface TentativasLoginTable {
  chave: string
  falhas: Generated<number>
  bloqueado_ate: string | null
  atualizado_em: string
}

/** 'comunicacoes': the personal data's old box, before there was one consent (history only, never written now). */
export type TipoConsentimento = 'termos' | 'privacidade' | 'comunicacao' | 'comunicacoes'

/** Where a consent was given or withdrawn (the screen, or what else changed it). */
export type OrigemConsentimento = 'registo' | 'dados-pessoais' | 'rgpd' | 'migracao' | 'termos'

/** A consent given (1) or withdrawn (0), when, and the version of the text it was given to: a history. */
export interface ConsentimentosTable {
  id: Generated<number>
  utilizador_id: number
  tipo: TipoConsentimento
  versao: string
  valor: number
  registado_em: string
  /** Where it was made (migration 2026-12-03T0300-comunicacao-unica; older rows: the screen their type came from). */
  origem: OrigemConsentimento
}

/** A GDPR request's e-mailed link: single use, 24 hours, bound to the account; only the token's hash is kept. */
export interface RgpdPedidosTable {
  id: Generated<number>
  utilizador_id: number
  tipo: 'esquecimento' | 'portabilidade'
  token_hash: string
  criado_em: string
  expira_em: string
  usado_em: string | null
}
