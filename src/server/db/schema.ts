import type { Generated } from 'kysely'
import type {
  AdminAuditoriaTable,
  AdminClientesEncontradosTable,
  AdminCodigosRecuperacaoTable,
  AdminConvitesTable,
  AdminNotificacoesTable,
  AdminSessoesTable,
  AdminTentativasLoginTable,
  AdminUtilizadoresTable,
} from './schema-admin.ts'
import type { CarteiraDispositivosTable, CarteiraEnviosTable, CarteiraPassesTable } from './schema-carteira.ts'
import type {
  ConsentimentosTable,
  PerfisTable,
  RgpdPedidosTable,
  SmsDesafiosTable,
  TentativasLoginTable,
  UtilizadoresTable,
} from './schema-contas.ts'
import type { ConvidadosTable, DocumentosFiscaisTable, EncomendasTable } from './schema-encomendas.ts'
import type {
  CarimbosMovimentosTable,
  CartoesCarimbosTable,
  FidelizacaoRegrasTable,
  IdentificacoesTable,
  OpinioesTable,
  PremiosAniversarioTable,
  PremiosTable,
  PromocoesTable,
  TransacoesPromocoesTable,
  TransacoesTable,
} from './schema-fidelizacao.ts'
import type { ImpressoesTable } from './schema-impressoras.ts'
import type {
  NotificacoesTable,
  PushDifusoesTable,
  PushEnviosTable,
  PushSubscricoesTable,
} from './schema-notificacoes.ts'
import type {
  EmailOutboxTable,
  EventosTable,
  IdempotenciaTable,
  ImagensTable,
  LimitesTable,
  LojasChavesTable,
  PagamentosSandboxTable,
  PainelSessoesTable,
  SegredosTable,
  SessoesTable,
  SmsOutboxTable,
} from './schema-platform.ts'

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

export interface NovidadesTable extends ConteudoBase {
  /** When it was taken off the customer's screens (migration 2026-11-29T0000-novidades-publicacao); null: published. */
  despublicado_em: string | null
}
export interface CampanhasTable extends ConteudoBase {
  /** When it ends (migration 2026-11-26T0100-campanhas-fim); null: until it is taken down. */
  termina_em: string | null
  /** When it was taken off the customer's screens (migration 2026-11-30T0100-campanhas-publicacao); null: published. */
  despublicado_em: string | null
  /** The promotion it announces (migration 2026-12-12T0000-promocoes); null: none. */
  promocao_id: number | null
}

export interface FaqCategoriasTable {
  id: Generated<number>
  tag: string
  title: string
  posicao: Generated<number>
  /** Off the customer's screens since (null: published). */
  despublicado_em: string | null
}

export interface FaqPerguntasTable {
  id: Generated<number>
  categoria_id: number
  tag: string
  title: string
  title_detail: string
  text: string
  posicao: Generated<number>
  /** Off the customer's screens since (null: published). */
  despublicado_em: string | null
}

export interface InformacaoLegalTable {
  id: Generated<number>
  tag: string
  title: string
  title_detail: string
  text: string
  posicao: Generated<number>
  /** Off the customer's screens since (null: published). */
  despublicado_em: string | null
  /** The version customers must accept again (terms, privacy), set when a change was published as relevant. */
  versao_relevante: string | null
  /** That change in the staff's words, shown in the app's dialog. */
  o_que_mudou: string | null
  /** When it was published: an acceptance after it counts. */
  relevante_em: string | null
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
  /** When the store takes orders (JSON, see migration 2026-11-23T1000-ementas); null: it takes none. */
  horario_encomendas: string | null
  /** When its online orders were paused (null: not paused); see migration 2026-11-29T0100-lojas-pausa. */
  encomendas_pausa_em: string | null
  /** When the pause ends by itself (null: until resumed). */
  encomendas_pausa_ate: string | null
  /** The POS price tier charged for take-away and for eating in (shared/tabelas-preco.ts); migration 2026-12-02T0000. */
  preco_take_away: Generated<string>
  preco_na_loja: Generated<string>
  /** The operating company that sells at the store (a franchise is its own), and its NIPC; null until named. */
  empresa: string | null
  nipc: string | null
  /** The store's fiscal region: its VAT rates and, in the Azores, its clock (shared/regioes.ts). */
  regiao: Generated<string>
  /** Minutes added to every promise until `ocupada_ate`, set from the board (migration 2026-12-06T0000-lojas-cozinha). */
  ocupada_minutos: Generated<number>
  ocupada_ate: string | null
  /** When a board of the store was last there (null: it never had one). */
  painel_visto_em: string | null
  /** Orders taken per 15-minute pick-up slot (migration 2026-12-06T0200-lojas-levantamento). */
  capacidade_intervalo: Generated<number>
  /** The kitchen printer on the store's network (ESC/POS over TCP; null: none) and its port (null: 9100). */
  impressora_endereco: string | null
  impressora_porta: number | null
  /** Its tables, numbered 1..mesas, each with a QR code to order from (0: none); migration 2026-12-07T0100. */
  mesas: Generated<number>
  /** The payment methods it accepts, comma-separated (migration 2026-12-09T0000; 'mbway' until set). */
  metodos_pagamento: Generated<string>
  /** The secret its tables' codes are signed with (null until they are first printed). */
  mesas_segredo: string | null
}

/** A store's menu as its POS last sent it, validated, prices in cents (src/shared/ementa.ts). */
export interface EmentasTable {
  id: Generated<number>
  id_loja: number
  hash: string
  last_update: string
  conteudo: string
  atualizado_em: string
}

/** A product of a store's menu sold out for one day (`dia`, the store's date in Lisbon, YYYY-MM-DD). */
export interface EmentasEsgotadosTable {
  id_loja: number
  cod_produto: string
  dia: string
  marcado_em: string
}

/**
 * The back-office's marks on a product of a store's menu (decision 0037): sold to adults only (`alcoolico` 1), and its
 * take-away packaging (`embalagem`, shared/embalagens.ts; null: not said), under the POS's own `embalagem`.
 */
export interface EmentasProdutosMarcasTable {
  id_loja: number
  cod_produto: string
  alcoolico: Generated<number>
  embalagem: string | null
  atualizado_em: string
}

/** Days a store is closed beyond its weekly hours: `de`..`ate` inclusive (Lisbon dates, YYYY-MM-DD). */
export interface LojasEncerramentosTable {
  id: Generated<number>
  id_loja: number
  de: string
  ate: string
  motivo: string | null
  criado_em: string
}

export interface LojaMenusTable {
  id: Generated<number>
  loja_id: number
  titulo: string
  imagem_pequena: string
  imagem: string
  posicao: Generated<number>
}

/** One row (`id` 1) once an admin has set it (decision 0039); without it, shared/informacao-consumidor.ts's defaults. */
export interface InformacaoConsumidorTable {
  id: number
  /** The consumer-arbitration entity the legal information names (Lei 144/2015, art. 18.º). */
  ral_nome: string
  ral_sitio: string
  /** 1: the group has adhered to it («A empresa aderiu a»); 0: named among those available (migration 2026-12-04T0410). */
  ral_aderiu: Generated<number>
  /** Where the accessibility statement sends feedback. */
  email_acessibilidade: string
  alterado_em: string
}

/**
 * A composed message still being written to its audience, a short batch at a time (migration
 * 2026-12-03T0300-comunicacao-unica); gone once the last batch is written.
 */
export interface CampanhasEscritaTable {
  campanha_id: number
  /** Customers up to this id have had their turn. */
  escritas_ate: Generated<number>
  criada_em: string
}

export interface DB {
  novidades: NovidadesTable
  campanhas: CampanhasTable
  faq_categorias: FaqCategoriasTable
  faq_perguntas: FaqPerguntasTable
  informacao_legal: InformacaoLegalTable
  informacao_consumidor: InformacaoConsumidorTable
  restaurantes: RestaurantesTable
  lojas: LojasTable
  loja_menus: LojaMenusTable
  ementas: EmentasTable
  ementas_esgotados: EmentasEsgotadosTable
  ementas_produtos_marcas: EmentasProdutosMarcasTable
  lojas_encerramentos: LojasEncerramentosTable
  imagens: ImagensTable
  utilizadores: UtilizadoresTable
  perfis: PerfisTable
  sessoes: SessoesTable
  sms_desafios: SmsDesafiosTable
  sms_outbox: SmsOutboxTable
  email_outbox: EmailOutboxTable
  limites: LimitesTable
  tentativas_login: TentativasLoginTable
  segredos: SegredosTable
  transacoes: TransacoesTable
  fidelizacao_regras: FidelizacaoRegrasTable
  premios: PremiosTable
  premios_aniversario: PremiosAniversarioTable
  promocoes: PromocoesTable
  transacoes_promocoes: TransacoesPromocoesTable
  cartoes_carimbos: CartoesCarimbosTable
  carimbos_movimentos: CarimbosMovimentosTable
  opinioes: OpinioesTable
  lojas_chaves: LojasChavesTable
  idempotencia: IdempotenciaTable
  painel_sessoes: PainelSessoesTable
  encomendas: EncomendasTable
  convidados: ConvidadosTable
  pagamentos_sandbox: PagamentosSandboxTable
  eventos: EventosTable
  notificacoes: NotificacoesTable
  push_subscricoes: PushSubscricoesTable
  push_envios: PushEnviosTable
  push_difusoes: PushDifusoesTable
  campanhas_escrita: CampanhasEscritaTable
  identificacoes: IdentificacoesTable
  consentimentos: ConsentimentosTable
  rgpd_pedidos: RgpdPedidosTable
  admin_utilizadores: AdminUtilizadoresTable
  admin_codigos_recuperacao: AdminCodigosRecuperacaoTable
  admin_sessoes: AdminSessoesTable
  admin_tentativas_login: AdminTentativasLoginTable
  admin_convites: AdminConvitesTable
  admin_auditoria: AdminAuditoriaTable
  admin_notificacoes: AdminNotificacoesTable
  admin_clientes_encontrados: AdminClientesEncontradosTable
  documentos_fiscais: DocumentosFiscaisTable
  impressoes: ImpressoesTable
  carteira_passes: CarteiraPassesTable
  carteira_dispositivos: CarteiraDispositivosTable
  carteira_envios: CarteiraEnviosTable
}

export type * from './schema-admin.ts'
export type * from './schema-carteira.ts'
export type * from './schema-contas.ts'
export type * from './schema-encomendas.ts'
export type * from './schema-fidelizacao.ts'
export type * from './schema-impressoras.ts'
export type * from './schema-notificacoes.ts'
export type * from './schema-platform.ts'
