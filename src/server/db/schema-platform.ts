import type { Generated } from 'kysely'
import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'

/**
 * The platform's tables (sessions, secrets, limits, the outboxes, the store and counter surfaces' keys and sessions,
 * idempotency records, images, the payments sandbox): what every feature stands on, apart from the features' own.
 */

/** Images served under /imagens/:nome (generated demo art and, later, uploads). Stored in the database so that
 * several app servers on PostgreSQL share them. */
export interface ImagensTable {
  nome: string
  tipo: string
  /** Text files (SVG); null when the bytes are in `dados`. */
  conteudo: string | null
  /** Binary files: raster sources and every AVIF/WebP variant. */
  dados: Buffer | null
  /** Pixels of this file (an SVG's design size); null on rows older than the image pipeline. */
  largura: number | null
  altura: number | null
  /** The source a variant was encoded from (its `nome`); null on sources. */
  origem: string | null
  atualizado_em: string
}

/** Sessions of accounts only: an anonymous visitor has no row (a signed token, platform/sessions.ts). */
export interface SessoesTable {
  id: Generated<number>
  token_hash: string
  utilizador_id: number | null
  saw_onboarding: Generated<number>
  criado_em: string
  expira_em: string
  revogada_em: string | null
  /** Why it was ended elsewhere (FimDeSessao: `password`), for the device's next visit; null: no word to give. */
  fim_motivo: string | null
}

/**
 * The event log (decision 0056): what the bus published, kept a short while for the streams that reconnect. `id` is a
 * 64-bit integer on PostgreSQL, which its driver answers as a string: the code reads it through String() or Number().
 */
export interface EventosTable {
  id: Generated<number>
  canal: string
  evento: string
  criado_em: string
}

export interface SmsOutboxTable {
  id: Generated<number>
  para: string
  texto: string
  criado_em: string
}

/**
 * The e-mail outbox (migration 2026-11-26T0200-email): pending while neither sent nor given up; `proxima_em` is the
 * next attempt, or the lease of the process sending it.
 */
export interface EmailOutboxTable {
  id: Generated<number>
  para: string
  assunto: string
  texto: string
  html: string
  tentativas: Generated<number>
  proxima_em: string
  enviado_em: string | null
  desistido_em: string | null
  erro: string | null
  criado_em: string
}

export interface LimitesTable {
  chave: string
  janela: string
  contador: number
}

/** Secrets the server makes for itself when the environment gives none (the anonymous token key). */
export interface SegredosTable {
  nome: string
  valor: string
  criado_em: string
}

/** Store API keys: one store each, only a hash kept (STORE-API.md "Common rules"). */
export interface LojasChavesTable {
  id: Generated<number>
  id_loja: number
  etiqueta: string
  chave_hash: string
  criado_em: string
  revogada_em: string | null
  /** Its last authenticated use (Store API or a tablet's pairing), moved at most once a minute. */
  ultimo_uso_em: string | null
}

/** What a store call with an Idempotency-Key answered, to give the same answer again. */
export interface IdempotenciaTable {
  chave_id: number
  chave: string
  pedido_hash: string
  estado: number
  resposta: string
  criado_em: string
}

/** A counter tablet paired with a store key (/painel). */
export interface PainelSessoesTable {
  id: Generated<number>
  token_hash: string
  chave_id: number
  id_loja: number
  criado_em: string
  expira_em: string
  revogada_em: string | null
}

/** The sandbox provider's MB WAY requests: what the customer's phone would hold. */
export interface PagamentosSandboxTable {
  id: string
  referencia: string
  telemovel: string
  pais: string
  valor: number
  estado: 'pendente' | 'pago' | 'recusado'
  /** Migration 2026-12-09T0000: the method; a Multibanco request's entity and reference; where a page returns to. */
  metodo: Generated<MetodoPagamento>
  entidade: string | null
  mb_referencia: string | null
  url_regresso: string | null
  reembolsado: Generated<number>
  criado_em: string
  expira_em: string
}
