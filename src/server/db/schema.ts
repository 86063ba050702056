import type { Generated } from 'kysely'

/**
 * The database as Kysely sees it. Booleans are integers 0/1 and timestamps ISO-8601 UTC strings on both dialects, so
 * the same queries and rows hold on SQLite and PostgreSQL.
 */

interface ConteudoBase {
  id: Generated<number>
  tag: string
  title: string
  title_detail: string
  subtitle: string | null
  text: string
  destaque: Generated<number>
  image_list: string | null
  image_detail: string | null
  posicao: Generated<number>
  publicado_em: string
}

export type NovidadesTable = ConteudoBase
export type CampanhasTable = ConteudoBase

export interface FaqCategoriasTable {
  id: Generated<number>
  tag: string
  title: string
  posicao: Generated<number>
}

export interface FaqPerguntasTable {
  id: Generated<number>
  categoria_id: number
  tag: string
  title: string
  title_detail: string
  text: string
  posicao: Generated<number>
}

export interface InformacaoLegalTable {
  id: Generated<number>
  tag: string
  title: string
  title_detail: string
  text: string
  posicao: Generated<number>
}

export interface RestaurantesTable {
  id: Generated<number>
  tag: string
  name: string
  title: string
  text: string | null
  image_main: string | null
  image_logo: string | null
  color: string | null
  posicao: Generated<number>
}

export interface LojasTable {
  id: Generated<number>
  restaurante_id: number
  tag: string
  id_loja: number
  name: string
  name_detail: string
  /** One line per entry, separated by "\n". */
  opening_hours: string
  text: string | null
  directions: string | null
  facebook_link: string | null
  facebook_tag: string | null
  instagram_link: string | null
  instagram_tag: string | null
  site_link: string | null
  book: Generated<number>
  address: string
  postal_code: string
  city: string
  phone: string | null
  latitude: number
  longitude: number
  map_link: string | null
  image_list: string | null
  image_main: string | null
  posicao: Generated<number>
}

export interface LojaMenusTable {
  id: Generated<number>
  loja_id: number
  titulo: string
  imagem_pequena: string
  imagem: string
  posicao: Generated<number>
}

/** Images served under /imagens/:nome (generated demo art and, later, uploads). Stored in the database so that
 * several app servers on PostgreSQL share them. */
export interface ImagensTable {
  nome: string
  tipo: string
  conteudo: string
  atualizado_em: string
}

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
  comunicacoes: Generated<number>
  comunicacao: Generated<number>
  temporario: Generated<number>
  /** 'app' (sign-up) or 'loja' (provisional, created by staff). */
  origem: Generated<string>
  usar_codigo_seguranca: Generated<number>
  codigo_seguranca_hash: string | null
  /** Cents. */
  saldo: Generated<number>
  pontos: Generated<number>
  patamar: Generated<number>
  ve_rating: Generated<number>
  id_perfil: Generated<number>
  saw_onboarding: Generated<number>
  qr_code: string
  acumulado: Generated<number>
  ja_poupou: Generated<number>
  total_valor_desconto: Generated<number>
  eliminado: Generated<number>
  /** When the personal data were first completed; null while the registration was never finished. */
  registo_completo_em: string | null
  criado_em: string
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
}

export type SmsFinalidade = 'registo' | 'reset' | 'telemovel'

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

export interface SmsOutboxTable {
  id: Generated<number>
  para: string
  texto: string
  criado_em: string
}

export interface LimitesTable {
  chave: string
  janela: string
  contador: number
}

/** Login failures per phone number, known to have an account or not, and the growing lock they set. */
export interface TentativasLoginTable {
  chave: string
  falhas: Generated<number>
  bloqueado_ate: string | null
  atualizado_em: string
}

/** Secrets the server makes for itself when the environment gives none (the anonymous token key). */
export interface SegredosTable {
  nome: string
  valor: string
  criado_em: string
}

export interface DB {
  novidades: NovidadesTable
  campanhas: CampanhasTable
  faq_categorias: FaqCategoriasTable
  faq_perguntas: FaqPerguntasTable
  informacao_legal: InformacaoLegalTable
  restaurantes: RestaurantesTable
  lojas: LojasTable
  loja_menus: LojaMenusTable
  imagens: ImagensTable
  utilizadores: UtilizadoresTable
  sessoes: SessoesTable
  sms_desafios: SmsDesafiosTable
  sms_outbox: SmsOutboxTable
  limites: LimitesTable
  tentativas_login: TentativasLoginTable
  segredos: SegredosTable
}
