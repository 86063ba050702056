import type { Generated } from 'kysely'

/** The back-office's tables (migration 2026-11-28T0000-admin, docs/decisions/0018-admin-access.md). */

export interface AdminUtilizadoresTable {
  id: Generated<number>
  /** Lower-case: unique whatever the case it was typed in. */
  email: string
  /** scrypt; null for an invited person who has not set one yet. */
  password_hash: string | null
  /** 'admin' | 'gestor' | 'loja' */
  papel: string
  /** A gestor's restaurants (JSON array of ids); null otherwise. */
  restaurantes: string | null
  /** A loja user's store (`id_loja`); null otherwise. */
  id_loja: number | null
  mudar_password: Generated<number>
  /** Sealed with the data key (AAD: table, column, row id); null until an enrolment starts. */
  totp_segredo: string | null
  totp_ativo: Generated<number>
  /** The time step of the last code accepted: a code of that step or before is refused (replay). */
  totp_ultimo_passo: number | null
  desativado_em: string | null
  criado_em: string
  atualizado_em: string
}

export interface AdminCodigosRecuperacaoTable {
  id: Generated<number>
  utilizador_id: number
  codigo_hash: string
  usado_em: string | null
}

export interface AdminSessoesTable {
  id: Generated<number>
  token_hash: string
  utilizador_id: number
  /** 1 once the TOTP (or a recovery code) was given in this session. */
  segundo_fator: Generated<number>
  criado_em: string
  /** The idle expiry counts from here (30 minutes). */
  ultimo_uso_em: string
  /** The absolute end, however busy the session. */
  expira_em: string
  revogada_em: string | null
}

export interface AdminTentativasLoginTable {
  chave: string
  falhas: number
  bloqueado_ate: string | null
  atualizado_em: string
}

export interface AdminConvitesTable {
  id: Generated<number>
  utilizador_id: number
  token_hash: string
  criado_em: string
  expira_em: string
  usado_em: string | null
}

export interface AdminAuditoriaTable {
  id: Generated<number>
  /** Who (null: the command line, or a sign-in that named nobody known). */
  utilizador_id: number | null
  /** Their e-mail as it was then (kept if the account changes). */
  email: string | null
  acao: string
  entidade: string
  entidade_id: string | null
  /** JSON of the entity before and after; never a password, hash, secret or code. */
  antes: string | null
  depois: string | null
  ip: string | null
  criado_em: string
}

/** A notification composed in the back-office (migration 2026-11-30T0530-notificacoes-campanhas). */
export interface AdminNotificacoesTable {
  id: Generated<number>
  titulo: string
  /** Sanitised HTML, as the app shows it. */
  texto: string
  /** The app's screen it opens (migration 2026-12-03T0300-comunicacao-unica); null: none. */
  ligacao: string | null
  /** Who it is for: everyone who consented, a restaurant's customers who consented, or one phone (if consented). */
  publico: 'todos' | 'restaurante' | 'telefone'
  restaurante_id: number | null
  /** For `telefone`: the customer the number was when composed (migration 2026-11-30T0700); null: none. */
  utilizador_id: number | null
  /** For `telefone`: the number masked (`Telemóvel ••• ••• 678`), as the list shows it; never the whole number. */
  telefone: string | null
  /** The composing gestor's restaurants (JSON), which bound the audience when it goes out; null: an admin's. */
  alcance: string | null
  estado: Generated<'agendada' | 'enviada' | 'cancelada'>
  agendada_para: string
  criada_por: number | null
  criada_por_email: string | null
  criada_em: string
  enviada_em: string | null
  /** Customers it was written for when it went out. */
  destinatarios: Generated<number>
}

/**
 * A customer a store's or a gestor's account found by their whole phone number: it may open them by id until
 * `expira_em` (migration 2026-12-03T0400-staff-alcance).
 */
export interface AdminClientesEncontradosTable {
  utilizador_id: number
  cliente_id: number
  expira_em: string
}
