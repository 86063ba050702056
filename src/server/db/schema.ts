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
}
