import type { Insertable } from 'kysely'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../shared/conteudos.ts'
import { IMAGE_BASE } from '../../shared/imagens.ts'
import type {
  CampanhasTable,
  FaqCategoriasTable,
  FaqPerguntasTable,
  InformacaoLegalTable,
  LojasTable,
  NovidadesTable,
  RestaurantesTable,
} from '../db/schema.ts'
import { svgFileName } from '../platform/images.ts'
import { horasPublicadas } from './horarios.ts'
import {
  type BannerOptions,
  banner,
  boloRei,
  bowl,
  bread,
  burger,
  chestnut,
  coffeeBean,
  coffeeCup,
  coin,
  croissant,
  drinkGlass,
  flame,
  gift,
  type Icon,
  type Landmark,
  leaf,
  logo,
  type MenuSection,
  menuCover,
  menuPage,
  onFloor,
  PALETTES,
  type Palette,
  pastelDeNata,
  phoneQr,
  pizza,
  plate,
  pumpkin,
  skewer,
  sprout,
  storefront,
} from './images.ts'

/**
 * The demo content of the fictional Grupo Ladrilho: four restaurants (a pastelaria, a grill, a pizzeria and a
 * vegetarian kitchen) in Lisbon and Porto, news, campaigns, FAQ and legal texts, and the generated images they show.
 */

export interface ContentSettings {
  LOYALTY_CREDIT_PERCENT: number
  MINIMUM_AGE: number
}

export interface ImagemSeed {
  /** File name by the naming rule of src/shared/imagens.ts. */
  nome: string
  /** The SVG drawing. */
  conteudo: string
}

export interface MenuSeed {
  titulo: string
  imagem_pequena: string
  imagem: string
  posicao: number
}

export type LojaSeed = Omit<Insertable<LojasTable>, 'id' | 'restaurante_id'> & { menus: MenuSeed[] }
export type RestauranteSeed = Omit<Insertable<RestaurantesTable>, 'id'> & { lojas: LojaSeed[] }
export type PerguntaSeed = Omit<Insertable<FaqPerguntasTable>, 'id' | 'categoria_id'>
export type CategoriaSeed = Omit<Insertable<FaqCategoriasTable>, 'id'> & { perguntas: PerguntaSeed[] }

export interface DemoContent {
  imagens: ImagemSeed[]
  restaurantes: RestauranteSeed[]
  novidades: Insertable<NovidadesTable>[]
  campanhas: Insertable<CampanhasTable>[]
  faq: CategoriaSeed[]
  informacaoLegal: Insertable<InformacaoLegalTable>[]
}

/** Collects the generated images and hands out the URLs the content points at. */
class Gallery {
  private readonly images = new Map<string, ImagemSeed>()

  /** `base` names the picture (`loja-nata-e-grao-chiado-lista`); the URL adds its size and content hash. */
  add(base: string, svg: string): string {
    if (!IMAGE_BASE.test(base)) throw new Error(`Nome de imagem inválido: ${base}`)
    const existing = this.images.get(base)
    if (existing !== undefined && existing.conteudo !== svg) throw new Error(`Imagem repetida: ${base}`)
    const nome = svgFileName(base, svg)
    this.images.set(base, { nome, conteudo: svg })
    return `/imagens/${nome}`
  }

  list(): ImagemSeed[] {
    return [...this.images.values()]
  }
}

/** "5" → "5%", "7.5" → "7,5%". */
export function formatPercent(value: number): string {
  return `${String(value).replace('.', ',')}%`
}

/** OpenStreetMap embed of a small box around the point, with a marker on it. */
export function osmEmbedUrl(latitude: number, longitude: number): string {
  const f = (n: number) => String(Number(n.toFixed(6)))
  const bbox = [longitude - 0.004, latitude - 0.002, longitude + 0.004, latitude + 0.002].map(f).join('%2C')
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${f(latitude)}%2C${f(longitude)}`
}

const lines = (...parts: string[]) => parts.join('\n')

/** Words in lines of at most `max` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, max: number): string[] {
  const out: string[] = []
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = out.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= max) out[out.length - 1] = `${last} ${word}`
    else out.push(word)
  }
  return out
}

const RESERVAS = 'https://reservas.grupoladrilho.pt'
const DAILY = 'Segunda a Domingo: 10h00 – 21h30'

// ---------------------------------------------------------------------------------------------------------------
// Restaurants, stores and menus
// ---------------------------------------------------------------------------------------------------------------

interface MenuDef {
  tag: string
  titulo: string
  icon: Icon
  seccoes: MenuSection[]
}

interface LojaDef {
  tag: string
  id_loja: number
  name: string
  name_detail: string
  address: string
  postal_code: string
  city: string
  phone: string | null
  latitude: number
  longitude: number
  directions: string
  text: string
  hours: string[]
  facebook: [string, string] | null
  instagram: [string, string] | null
  site: string | null
  /** The shop front: its own colours and street furniture, so that no two stores share a picture. */
  facade: string
  neighbours: [string, string]
  landmark: Landmark
  awning?: 'plain'
  windows?: 3 | 4
  /** A store whose menus are not published yet (exercises the empty state). */
  semMenus?: boolean
}

interface RestauranteDef {
  tag: string
  name: string
  title: string
  text: string
  color: string
  palette: Palette
  logoLines: string[]
  logoIcon: Icon
  /** Background of the logo when it is not the brand colour. */
  logoColor?: string
  logoScale?: number
  scene: BannerOptions['items']
  display: Icon
  menus: MenuDef[]
  lojas: LojaDef[]
}

const NATA_FACEBOOK: [string, string] = ['https://www.facebook.com/natagraopastelaria', '@natagraopastelaria']
const NATA_INSTAGRAM: [string, string] = ['https://www.instagram.com/natagrao.pastelaria', '@natagrao.pastelaria']
const BRASA_FACEBOOK: [string, string] = ['https://www.facebook.com/brasavivagrelhados', '@brasavivagrelhados']
const BRASA_INSTAGRAM: [string, string] = ['https://www.instagram.com/brasaviva.grelhados', '@brasaviva.grelhados']
const HORTA_FACEBOOK: [string, string] = ['https://www.facebook.com/hortadolargo', '@hortadolargo']
const HORTA_INSTAGRAM: [string, string] = ['https://www.instagram.com/horta.do.largo', '@horta.do.largo']

function restaurantes(): RestauranteDef[] {
  return [
    {
      tag: 'nata-e-grao',
      name: 'Nata & Grão',
      title: 'Pastelaria e café de bairro',
      text: 'Pastéis de nata a sair do forno de hora a hora, pão de fermentação lenta e café de torra própria. A <strong>Nata & Grão</strong> é a pastelaria do Grupo Ladrilho desde 1998.',
      color: '#B8741F',
      palette: PALETTES.nata,
      logoLines: ['Nata & Grão'],
      logoIcon: pastelDeNata(),
      logoScale: 0.6,
      scene: [
        onFloor(bread(), 150, 392, 0.8),
        onFloor(coffeeCup(), 330, 398, 1),
        onFloor(croissant(), 520, 404, 0.8),
        onFloor(pastelDeNata(), 670, 412, 0.72),
        onFloor(pastelDeNata(), 610, 432, 0.72),
        { icon: coffeeBean(), x: 440, y: 430, s: 0.7, r: 30, shadow: false },
        { icon: coffeeBean(), x: 470, y: 438, s: 0.7, r: -20, shadow: false },
      ],
      display: pastelDeNata(),
      menus: [
        {
          tag: 'pastelaria',
          titulo: 'Pastelaria',
          icon: pastelDeNata(),
          seccoes: [
            {
              titulo: 'Do forno',
              itens: [
                { nome: 'Pastel de nata', descricao: 'Massa folhada estaladiça e creme de ovos', preco: 130 },
                { nome: 'Croissant simples', preco: 160 },
                { nome: 'Pão de Deus', descricao: 'Com coco ralado', preco: 190 },
                { nome: 'Bola de Berlim', descricao: 'Com ou sem creme', preco: 180 },
                { nome: 'Queijada de laranja', preco: 170 },
              ],
            },
            {
              titulo: 'Salgados',
              itens: [
                { nome: 'Croissant misto', descricao: 'Fiambre e queijo', preco: 320 },
                { nome: 'Rissol de camarão', preco: 190 },
                { nome: 'Empada de galinha', preco: 210 },
                { nome: 'Folhado de salsicha', preco: 200 },
              ],
            },
          ],
        },
        {
          tag: 'cafetaria',
          titulo: 'Cafetaria',
          icon: coffeeCup(),
          seccoes: [
            {
              titulo: 'Cafés',
              itens: [
                { nome: 'Café', descricao: 'Torra própria, 100% arábica', preco: 90 },
                { nome: 'Descafeinado', preco: 95 },
                { nome: 'Abatanado', preco: 130 },
                { nome: 'Galão', descricao: 'Em copo alto', preco: 180 },
                { nome: 'Meia de leite', preco: 160 },
                { nome: 'Cappuccino', preco: 260 },
              ],
            },
            {
              titulo: 'Outras bebidas',
              itens: [
                { nome: 'Chá de infusão', preco: 180 },
                { nome: 'Chocolate quente', descricao: 'Com chantili', preco: 290 },
                { nome: 'Sumo de laranja natural', preco: 320 },
              ],
            },
          ],
        },
        {
          tag: 'pequenos-almocos',
          titulo: 'Pequenos-almoços',
          icon: croissant(),
          seccoes: [
            {
              titulo: 'Menus',
              itens: [
                { nome: 'Pequeno-almoço português', descricao: 'Galão, torrada e sumo de laranja', preco: 590 },
                { nome: 'Pequeno-almoço Nata & Grão', descricao: 'Café, pastel de nata e sumo natural', preco: 490 },
                { nome: 'Tosta mista', descricao: 'Pão de forma, fiambre e queijo', preco: 390 },
                { nome: 'Iogurte com granola', descricao: 'Granola da casa e fruta da época', preco: 450 },
              ],
            },
            {
              titulo: 'Extras',
              itens: [
                { nome: 'Torrada', descricao: 'Pão de forma com manteiga', preco: 190 },
                { nome: 'Ovos mexidos', preco: 320 },
                { nome: 'Fruta da época', preco: 250 },
              ],
            },
          ],
        },
      ],
      lojas: [
        {
          tag: 'chiado',
          id_loja: 862,
          name: 'Nata & Grão Chiado',
          name_detail: 'Nata & Grão — Pastelaria do Chiado',
          address: 'Rua Garrett, 61',
          postal_code: '1200-204',
          city: 'Lisboa',
          phone: '+351 213 000 862',
          latitude: 38.71072,
          longitude: -9.14143,
          directions: 'Metro Baixa-Chiado, saída Rua Garrett; elétrico 28, paragem Chiado',
          text: 'A nossa primeira casa, a dois passos do Largo do Chiado. Balcão de mármore, <strong>pastéis de nata a sair do forno</strong> e esplanada na calçada.',
          hours: horasPublicadas(862),
          facebook: NATA_FACEBOOK,
          instagram: NATA_INSTAGRAM,
          site: `${RESERVAS}/nata-e-grao/chiado`,
          facade: '#F3E3C3',
          neighbours: ['#E8B7A4', '#F0D58C'],
          landmark: 'tram',
        },
        {
          tag: 'saldanha',
          id_loja: 848,
          name: 'Nata & Grão Saldanha',
          name_detail: 'Nata & Grão — Avenidas Novas',
          address: 'Avenida da República, 38A',
          postal_code: '1050-194',
          city: 'Lisboa',
          phone: '+351 213 000 848',
          latitude: 38.73685,
          longitude: -9.14577,
          directions: 'Metro Saldanha, saída Avenida da República; autocarros 736 e 744',
          text: 'Pequenos-almoços rápidos antes do escritório e lanches com <strong>pão de Deus acabado de fazer</strong>. Tem mesas com tomadas para quem trabalha fora de casa.',
          hours: horasPublicadas(848),
          facebook: NATA_FACEBOOK,
          instagram: NATA_INSTAGRAM,
          site: null,
          facade: '#F2D0C4',
          neighbours: ['#D5DCE0', '#C9B79C'],
          landmark: 'tree',
          awning: 'plain',
          windows: 3,
        },
        {
          tag: 'santa-catarina',
          id_loja: 861,
          name: 'Nata & Grão Santa Catarina',
          name_detail: 'Nata & Grão — Rua de Santa Catarina, Porto',
          address: 'Rua de Santa Catarina, 212',
          postal_code: '4000-442',
          city: 'Porto',
          phone: '+351 222 000 861',
          latitude: 41.14853,
          longitude: -8.60598,
          directions: 'Metro Bolhão, saída Rua de Santa Catarina',
          text: 'No coração da Baixa do Porto, na rua mais movimentada da cidade. Experimente a <strong>nata com canela e uma bica ao balcão</strong>.',
          hours: horasPublicadas(861),
          facebook: NATA_FACEBOOK,
          instagram: ['https://www.instagram.com/natagrao.porto', '@natagrao.porto'],
          site: `${RESERVAS}/nata-e-grao/santa-catarina`,
          facade: '#DCE8EE',
          neighbours: ['#3F6FA6', '#B9B4AA'],
          landmark: 'bicycle',
        },
      ],
    },
    {
      tag: 'brasa-viva',
      name: 'Brasa Viva',
      title: 'Grelhados e hambúrgueres na brasa',
      text: 'Carne maturada, carvão de azinho e pão de batata feito por nós. Na <strong>Brasa Viva</strong> tudo passa pelo grelhador, até os legumes.',
      color: '#D4561F',
      palette: PALETTES.brasa,
      logoLines: ['Brasa Viva'],
      logoColor: '#2B1B18',
      logoIcon: flame(),
      logoScale: 0.5,
      scene: [
        onFloor(burger(), 220, 398, 1.05),
        onFloor(plate(), 440, 420, 0.9),
        onFloor(skewer(), 440, 400, 0.85, { shadow: false }),
        onFloor(flame(), 600, 380, 0.7),
        onFloor(drinkGlass('#E8A33A'), 710, 404, 0.85),
      ],
      display: burger(),
      menus: [
        {
          tag: 'hamburgueres',
          titulo: 'Hambúrgueres',
          icon: burger(),
          seccoes: [
            {
              titulo: 'Hambúrgueres',
              itens: [
                { nome: 'Clássico', descricao: 'Novilho, queijo, alface e tomate', preco: 950 },
                { nome: 'Brasa', descricao: 'Cheddar, bacon e cebola caramelizada', preco: 1190 },
                { nome: 'Serrano', descricao: 'Presunto, queijo da serra e rúcula', preco: 1250 },
                { nome: 'Grão', descricao: 'Hambúrguer de grão e beterraba', preco: 1050 },
              ],
            },
            {
              titulo: 'Para acompanhar',
              itens: [
                { nome: 'Batata frita', preco: 280 },
                { nome: 'Batata-doce frita', preco: 320 },
                { nome: 'Salada mista', preco: 320 },
              ],
            },
          ],
        },
        {
          tag: 'grelhados',
          titulo: 'Grelhados',
          icon: skewer(),
          seccoes: [
            {
              titulo: 'Na brasa',
              itens: [
                { nome: 'Frango no churrasco', descricao: 'Meio frango com molho da casa', preco: 850 },
                { nome: 'Espetada de novilho', descricao: 'Com pimentos e cebola', preco: 1450 },
                { nome: 'Costeletas de porco', preco: 1290 },
                { nome: 'Picanha', descricao: '300 g, arroz e feijão preto', preco: 1690 },
                { nome: 'Legumes grelhados', preco: 890 },
              ],
            },
            {
              titulo: 'Acompanhamentos',
              itens: [
                { nome: 'Arroz branco', preco: 250 },
                { nome: 'Batata frita', preco: 280 },
                { nome: 'Salada de tomate e orégãos', preco: 320 },
              ],
            },
          ],
        },
        {
          tag: 'bebidas-e-sobremesas',
          titulo: 'Bebidas e sobremesas',
          icon: drinkGlass('#E8A33A'),
          seccoes: [
            {
              titulo: 'Bebidas',
              itens: [
                { nome: 'Limonada da casa', descricao: 'Limão, hortelã e gengibre', preco: 350 },
                { nome: 'Cerveja à pressão', preco: 280 },
                { nome: 'Vinho da casa (copo)', descricao: 'Tinto ou branco do Douro', preco: 390 },
                { nome: 'Água mineral', preco: 150 },
              ],
            },
            {
              titulo: 'Sobremesas',
              itens: [
                { nome: 'Mousse de chocolate', preco: 420 },
                { nome: 'Arroz doce', descricao: 'Com canela', preco: 380 },
                { nome: 'Ananás grelhado', descricao: 'Com gelado de baunilha', preco: 450 },
              ],
            },
          ],
        },
      ],
      lojas: [
        {
          tag: 'cais-do-sodre',
          id_loja: 870,
          name: 'Brasa Viva Cais do Sodré',
          name_detail: 'Brasa Viva — Cais do Sodré',
          address: 'Rua Nova do Carvalho, 24',
          postal_code: '1200-292',
          city: 'Lisboa',
          phone: '+351 213 000 870',
          latitude: 38.70707,
          longitude: -9.1442,
          directions: 'Comboio, Metro e barcos do Cais do Sodré; a 3 minutos a pé do Mercado da Ribeira',
          text: 'Na rua cor-de-rosa, com <strong>grelhador à vista</strong> e mesas altas para partilhar.',
          hours: [DAILY, 'Feriados: 12h00 – 21h30'],
          facebook: BRASA_FACEBOOK,
          instagram: BRASA_INSTAGRAM,
          site: `${RESERVAS}/brasa-viva/cais-do-sodre`,
          facade: '#F2D0C4',
          neighbours: ['#F4A7B9', '#E9D8A6'],
          landmark: 'lamp',
        },
        {
          tag: 'boavista',
          id_loja: 871,
          name: 'Brasa Viva Boavista',
          name_detail: 'Brasa Viva — Avenida da Boavista, Porto',
          address: 'Avenida da Boavista, 1420',
          postal_code: '4100-114',
          city: 'Porto',
          phone: '+351 222 000 871',
          latitude: 41.15766,
          longitude: -8.63102,
          directions: 'Metro Casa da Música, saída Avenida da Boavista; parque de estacionamento no piso -1',
          text: 'A casa mais recente da Brasa Viva, aberta em novembro de 2026, com <strong>sala privada para grupos até 20 pessoas</strong>.',
          hours: [DAILY, '25 de dezembro e 1 de janeiro: encerrado'],
          facebook: BRASA_FACEBOOK,
          instagram: null,
          site: `${RESERVAS}/brasa-viva/boavista`,
          facade: '#E4E9EC',
          neighbours: ['#CFD6DA', '#E8E1D2'],
          landmark: 'tree',
          awning: 'plain',
          windows: 3,
        },
      ],
    },
    {
      tag: 'forno-da-ribeira',
      name: 'Forno da Ribeira',
      title: 'Pizzaria de forno a lenha',
      text: 'Massa de fermentação lenta (48 horas), farinha portuguesa e forno a lenha aceso desde manhã. <strong>Uma só casa</strong>, à beira do Douro.',
      color: '#2F7A4F',
      palette: PALETTES.forno,
      logoLines: ['Forno da', 'Ribeira'],
      logoIcon: pizza(),
      logoScale: 0.42,
      scene: [
        onFloor(leaf('#3E8E41'), 120, 392, 0.6, { r: -28 }),
        onFloor(bread(), 210, 404, 0.75),
        onFloor(pizza(), 420, 414, 1.25),
        onFloor(drinkGlass('#8E1F2F', '#F2C14E'), 640, 400, 0.85),
        onFloor(leaf('#5FA03E'), 730, 410, 0.5, { r: 32 }),
      ],
      display: pizza(),
      menus: [
        {
          tag: 'pizzas',
          titulo: 'Pizzas',
          icon: pizza(),
          seccoes: [
            {
              titulo: 'Clássicas',
              itens: [
                { nome: 'Margherita', descricao: 'Tomate, mozzarella e manjericão', preco: 1050 },
                { nome: 'Diavola', descricao: 'Salame picante e malagueta', preco: 1250 },
                { nome: 'Quatro queijos', descricao: 'Mozzarella, gorgonzola, parmesão e queijo da ilha', preco: 1290 },
              ],
            },
            {
              titulo: 'Da casa',
              itens: [
                { nome: 'Ribeira', descricao: 'Alheira, grelos e ovo', preco: 1390 },
                { nome: 'Abóbora e cogumelos', descricao: 'Creme de abóbora, cogumelos e nozes', preco: 1350 },
                { nome: 'Presunto e figo', descricao: 'Presunto, figo e rúcula', preco: 1450 },
              ],
            },
          ],
        },
        {
          tag: 'massas-e-entradas',
          titulo: 'Massas e entradas',
          icon: bread(),
          seccoes: [
            {
              titulo: 'Entradas',
              itens: [
                { nome: 'Pão de alho', descricao: 'Do forno a lenha', preco: 390 },
                { nome: 'Burrata', descricao: 'Tomate assado e pesto', preco: 950 },
                { nome: 'Bruschetta', descricao: 'Tomate, alho e azeite do Douro', preco: 650 },
              ],
            },
            {
              titulo: 'Massas',
              itens: [
                { nome: 'Lasanha da casa', preco: 1250 },
                { nome: 'Tagliatelle com cogumelos', preco: 1190 },
                { nome: 'Gnocchi com pesto', preco: 1150 },
                { nome: 'Panna cotta', descricao: 'Com frutos vermelhos', preco: 490 },
              ],
            },
          ],
        },
      ],
      lojas: [
        {
          tag: 'ribeira',
          id_loja: 880,
          name: 'Forno da Ribeira',
          name_detail: 'Forno da Ribeira — Cais da Ribeira, Porto',
          address: 'Cais da Ribeira, 18',
          postal_code: '4050-509',
          city: 'Porto',
          phone: '+351 222 000 880',
          latitude: 41.14063,
          longitude: -8.61294,
          directions: 'Metro São Bento, descer a Rua Mouzinho da Silveira; junto ao tabuleiro inferior da Ponte Luís I',
          text: 'Pizzas de forno a lenha com vista para o rio e para as caves de Gaia. <strong>Reserve a esplanada ao pôr do sol.</strong>',
          hours: [DAILY],
          facebook: ['https://www.facebook.com/fornodaribeira', '@fornodaribeira'],
          instagram: ['https://www.instagram.com/forno.da.ribeira', '@forno.da.ribeira'],
          site: `${RESERVAS}/forno-da-ribeira/ribeira`,
          facade: '#F0D9B5',
          neighbours: ['#E8A33A', '#C98E8E'],
          landmark: 'lamp',
        },
      ],
    },
    {
      tag: 'horta-do-largo',
      name: 'Horta do Largo',
      title: 'Cozinha vegetariana, bowls e sumos',
      text: 'Legumes de pequenos produtores do Oeste, leguminosas e cereais integrais. Na <strong>Horta do Largo</strong> a carta muda com as estações.',
      color: '#4F8A32',
      palette: PALETTES.horta,
      logoLines: ['Horta do', 'Largo'],
      logoIcon: sprout(),
      logoScale: 0.4,
      scene: [
        onFloor(leaf('#6FAF45'), 130, 396, 0.7, { r: -24 }),
        onFloor(drinkGlass('#7DBB42', '#F2C14E'), 230, 398, 0.85),
        onFloor(bowl(), 430, 404, 1.15),
        onFloor(pumpkin(), 650, 400, 0.85),
      ],
      display: bowl(),
      menus: [
        {
          tag: 'bowls-e-saladas',
          titulo: 'Bowls e saladas',
          icon: bowl(),
          seccoes: [
            {
              titulo: 'Bowls',
              itens: [
                { nome: 'Bowl de grão e abóbora', descricao: 'Abóbora assada, espinafres e tahini', preco: 990 },
                { nome: 'Bowl de quinoa e tofu', descricao: 'Tofu marinado, abacate e sésamo', preco: 1050 },
                { nome: 'Bowl do Largo', descricao: 'Arroz integral, legumes da época e ovo', preco: 950 },
              ],
            },
            {
              titulo: 'Saladas e sopas',
              itens: [
                { nome: 'Salada de queijo de cabra', descricao: 'Mel, nozes e rúcula', preco: 950 },
                { nome: 'Sopa do dia', preco: 350 },
                { nome: 'Tosta de abacate', descricao: 'Pão de centeio e sementes', preco: 690 },
              ],
            },
          ],
        },
        {
          tag: 'sumos-e-smoothies',
          titulo: 'Sumos e smoothies',
          icon: drinkGlass('#7DBB42', '#F2C14E'),
          seccoes: [
            {
              titulo: 'Sumos naturais',
              itens: [
                { nome: 'Sumo verde', descricao: 'Maçã, espinafres, pepino e limão', preco: 420 },
                { nome: 'Laranja e cenoura', preco: 390 },
                { nome: 'Limonada de gengibre', preco: 360 },
              ],
            },
            {
              titulo: 'Smoothies',
              itens: [
                { nome: 'Frutos vermelhos', descricao: 'Morango, framboesa e iogurte', preco: 450 },
                { nome: 'Manga e maracujá', preco: 450 },
                { nome: 'Banana e manteiga de amendoim', preco: 480 },
              ],
            },
          ],
        },
      ],
      lojas: [
        {
          tag: 'principe-real',
          id_loja: 890,
          name: 'Horta do Largo Príncipe Real',
          name_detail: 'Horta do Largo — Praça do Príncipe Real',
          address: 'Praça do Príncipe Real, 9',
          postal_code: '1250-184',
          city: 'Lisboa',
          phone: '+351 213 000 890',
          latitude: 38.7166,
          longitude: -9.1483,
          directions: 'Metro Rato, saída Rua da Escola Politécnica; autocarro 758, paragem Príncipe Real',
          text: 'Em frente ao jardim e ao seu cedro centenário. <strong>Menu do dia</strong> com sopa, bowl e sumo natural.',
          hours: [DAILY],
          facebook: HORTA_FACEBOOK,
          instagram: HORTA_INSTAGRAM,
          site: `${RESERVAS}/horta-do-largo/principe-real`,
          facade: '#DCE8EE',
          neighbours: ['#F3E3C3', '#B8D4C0'],
          landmark: 'tree',
        },
        {
          tag: 'parque-das-nacoes',
          id_loja: 891,
          name: 'Horta do Largo Parque das Nações',
          name_detail: 'Horta do Largo — Parque das Nações',
          address: 'Alameda dos Oceanos, 45',
          postal_code: '1990-203',
          city: 'Lisboa',
          phone: '+351 218 000 891',
          latitude: 38.76338,
          longitude: -9.09492,
          directions: 'Metro Oriente, saída Alameda dos Oceanos; a 5 minutos a pé da Gare do Oriente',
          text: 'A nova Horta do Largo abre a 1 de dezembro de 2026, junto ao rio. <strong>Os menus desta loja chegam em breve.</strong>',
          hours: [DAILY, '24 e 31 de dezembro: 10h00 – 16h00'],
          facebook: HORTA_FACEBOOK,
          instagram: HORTA_INSTAGRAM,
          site: `${RESERVAS}/horta-do-largo/parque-das-nacoes`,
          facade: '#F7F1E6',
          neighbours: ['#DDE3E8', '#C8D3DA'],
          landmark: 'bicycle',
          awning: 'plain',
          windows: 3,
          semMenus: true,
        },
      ],
    },
  ]
}

function buildRestaurantes(gallery: Gallery): RestauranteSeed[] {
  return restaurantes().map((r, ri) => {
    const menus = r.menus.map((m, mi) => {
      const art = { restaurante: r.name, titulo: m.titulo, palette: r.palette, icon: m.icon, seccoes: m.seccoes }
      return {
        titulo: m.titulo,
        imagem_pequena: gallery.add(`menu-${r.tag}-${m.tag}-pequena`, menuCover(art)),
        imagem: gallery.add(`menu-${r.tag}-${m.tag}-grande`, menuPage(art)),
        posicao: mi + 1,
      }
    })
    const lojas = r.lojas.map((l, li): LojaSeed => {
      const front = {
        name: r.name,
        palette: r.palette,
        display: r.display,
        facade: l.facade,
        neighbours: l.neighbours,
        landmark: l.landmark,
        awning: l.awning,
        windows: l.windows,
        // The sign and the street plate say which store this is ('Nata & Grão' / 'Chiado', 'Rua Garrett').
        branch: l.name.startsWith(r.name) ? l.name.slice(r.name.length).trim() : l.name,
        street: wrapWords(l.address.split(',')[0] ?? l.address, 13),
      }
      return {
        tag: l.tag,
        id_loja: l.id_loja,
        name: l.name,
        name_detail: l.name_detail,
        opening_hours: lines(...l.hours),
        text: l.text,
        directions: l.directions,
        facebook_link: l.facebook?.[0] ?? null,
        facebook_tag: l.facebook?.[1] ?? null,
        instagram_link: l.instagram?.[0] ?? null,
        instagram_tag: l.instagram?.[1] ?? null,
        site_link: l.site,
        book: l.site ? 1 : 0,
        address: l.address,
        postal_code: l.postal_code,
        city: l.city,
        phone: l.phone,
        latitude: l.latitude,
        longitude: l.longitude,
        map_link: osmEmbedUrl(l.latitude, l.longitude),
        image_list: gallery.add(
          `loja-${r.tag}-${l.tag}-lista`,
          storefront(800, 450, { ...front, title: `Fachada da loja ${l.name}` }),
        ),
        image_main: gallery.add(
          `loja-${r.tag}-${l.tag}-principal`,
          storefront(1200, 675, { ...front, title: `Fachada e esplanada da loja ${l.name}`, terrace: true }),
        ),
        posicao: li + 1,
        menus: l.semMenus ? [] : menus,
      }
    })
    return {
      tag: r.tag,
      name: r.name,
      title: r.title,
      text: r.text,
      color: r.color,
      image_main: gallery.add(
        `restaurante-${r.tag}-principal`,
        banner(800, 450, { title: `${r.name}: ${r.title}`, palette: r.palette, items: r.scene }),
      ),
      image_logo: gallery.add(
        `restaurante-${r.tag}-logo`,
        logo({
          title: `Logótipo ${r.name}`,
          lines: r.logoLines,
          color: r.logoColor ?? r.color,
          icon: r.logoIcon,
          iconScale: r.logoScale,
        }),
      ),
      posicao: ri + 1,
      lojas,
    }
  })
}

// ---------------------------------------------------------------------------------------------------------------
// News and campaigns
// ---------------------------------------------------------------------------------------------------------------

interface ConteudoDef {
  tag: string
  title: string
  title_detail: string
  subtitle: string | null
  text: string
  destaque?: boolean
  publicado_em: string
  art: Omit<BannerOptions, 'title'>
}

function buildConteudos(prefix: 'novidade' | 'campanha', defs: ConteudoDef[], gallery: Gallery) {
  return defs.map((d, i) => ({
    tag: d.tag,
    title: d.title,
    title_detail: d.title_detail,
    subtitle: d.subtitle,
    text: d.text,
    destaque: d.destaque ? 1 : 0,
    image_list: gallery.add(`${prefix}-${d.tag}-lista`, banner(800, 450, { ...d.art, title: d.title })),
    image_detail: gallery.add(`${prefix}-${d.tag}-detalhe`, banner(1200, 675, { ...d.art, title: d.title })),
    posicao: i + 1,
    publicado_em: d.publicado_em,
  }))
}

function novidades(s: ContentSettings): ConteudoDef[] {
  const pct = formatPercent(s.LOYALTY_CREDIT_PERCENT)
  return [
    {
      tag: 'natal-2026',
      title: 'Natal 2026: encomende já o seu bolo-rei',
      title_detail: 'O Natal chega às mesas do Grupo Ladrilho',
      subtitle: 'Bolo-rei, bolo-rainha e broas de mel por encomenda em todas as lojas Nata & Grão',
      text: lines(
        'Este ano, o forno da Nata & Grão não descansa: de 1 a 31 de dezembro temos <strong>bolo-rei, bolo-rainha e broas de mel</strong> feitos todos os dias.',
        'Pode encomendar na loja ou por telefone até às 18h00 da véspera e levantar à hora que lhe der mais jeito.',
        'Nos dias 24 e 31 de dezembro as lojas fecham às 16h00 e no dia 25 estão encerradas.',
        '<em>Identifique-se com o código QR da app: as encomendas de Natal também acumulam saldo e pontos.</em>',
      ),
      destaque: true,
      publicado_em: '2026-11-20T10:00:00.000Z',
      art: {
        palette: PALETTES.natal,
        kicker: 'Encomendas abertas',
        headline: ['Natal', 'na mesa'],
        sub: 'Bolo-rei, broas & companhia',
        items: [
          onFloor(coffeeCup('#8A2433'), 470, 392, 0.62),
          onFloor(boloRei(), 610, 404, 0.95),
          onFloor(gift('#2F7A4F', '#E9B949'), 735, 410, 0.5),
        ],
      },
    },
    {
      tag: 'brasa-viva-boavista',
      title: 'Abrimos a Brasa Viva na Boavista',
      title_detail: 'A Brasa Viva chegou ao Porto',
      subtitle: 'Nova casa na Avenida da Boavista, com sala privada para grupos',
      text: lines(
        'A Brasa Viva tem agora uma casa no Porto, na <strong>Avenida da Boavista, 1420</strong>, a dois passos da Casa da Música.',
        'O grelhador a carvão de azinho está aceso todos os dias das 10h00 às 21h30 e a sala privada recebe grupos até 20 pessoas.',
        'Na primeira semana, os clientes identificados com a app recebem <strong>pontos a dobrar</strong> em cada refeição.',
        'Faça já a sua reserva na página da loja.',
      ),
      destaque: true,
      publicado_em: '2026-11-16T09:30:00.000Z',
      art: {
        palette: PALETTES.brasa,
        kicker: 'Nova loja no Porto',
        headline: ['Abrimos na', 'Boavista'],
        sub: 'Avenida da Boavista, 1420',
        items: [
          onFloor(flame(), 520, 376, 0.62),
          onFloor(burger(), 620, 398, 1),
          onFloor(drinkGlass('#E8A33A'), 740, 404, 0.7),
        ],
      },
    },
    {
      tag: 'o-segredo-do-pastel-de-nata',
      title: 'O segredo do nosso pastel de nata',
      title_detail: 'O segredo do pastel de nata da Nata & Grão',
      subtitle: null,
      text: lines(
        'Massa folhada feita à mão, enrolada e cortada em rodelas, e um creme de ovos que coze a <strong>mais de 300 °C</strong> durante pouco mais de dez minutos.',
        'É assim, fornada após fornada, desde 1998.',
        'O resto do segredo fica na cozinha, mas deixamos uma dica: prove-o morno, com <em>canela e açúcar em pó</em>, acompanhado de uma bica.',
        'As fornadas saem de hora a hora em todas as lojas Nata & Grão.',
      ),
      publicado_em: '2026-11-12T08:00:00.000Z',
      art: {
        palette: PALETTES.nata,
        items: [
          onFloor(coffeeCup(), 210, 396, 0.95),
          onFloor(pastelDeNata(), 420, 396, 0.95),
          onFloor(pastelDeNata(), 600, 392, 0.85),
          onFloor(pastelDeNata(), 520, 430, 0.9),
          { icon: coffeeBean(), x: 700, y: 432, s: 0.8, r: 25, shadow: false },
          { icon: coffeeBean(), x: 732, y: 424, s: 0.8, r: -35, shadow: false },
        ],
      },
    },
    {
      tag: 'sao-martinho',
      title: 'São Martinho com castanhas assadas',
      title_detail: 'Magusto de São Martinho nas nossas esplanadas',
      subtitle: 'Castanhas assadas em todas as esplanadas a 11 de novembro',
      text: lines(
        'No dia <strong>11 de novembro</strong> celebramos o São Martinho em todas as esplanadas do grupo.',
        'Cada cartucho de castanhas assadas custa 3,00\u00a0€ e, para quem se identificar com a app, o segundo é oferta.',
        'Se estiver sol, é o verão de São Martinho; se chover, temos mantas e chá quente à sua espera.',
      ),
      publicado_em: '2026-11-09T11:00:00.000Z',
      art: {
        palette: PALETTES.outono,
        kicker: '11 de novembro',
        headline: ['São', 'Martinho'],
        sub: 'Castanhas assadas na esplanada',
        items: [
          onFloor(leaf('#C8643B'), 480, 380, 0.6, { r: -30 }),
          onFloor(leaf('#D9A03A'), 720, 372, 0.55, { r: 35 }),
          onFloor(chestnut(), 560, 404, 0.8),
          onFloor(chestnut(), 660, 400, 0.72),
          onFloor(chestnut(), 610, 432, 0.78),
        ],
      },
    },
    {
      tag: 'encomende-pela-app',
      title: 'Encomende pela app e levante sem filas',
      title_detail: 'Encomendas na app: peça, pague e levante',
      subtitle: 'Take-Away ou comer na loja, com pagamento pelo telemóvel',
      text: lines(
        'Já pode encomendar pela app Balcão nas lojas aderentes do Grupo Ladrilho.',
        'Escolha a loja, junte os produtos ao carrinho e pague com o telemóvel; avisamos quando o pedido estiver pronto, no tempo que o ecrã do pedido indica (a partir de <strong>15 minutos</strong>).',
        'Pode levar para casa (Take-Away) ou comer na loja.',
        `Cada encomenda identificada acumula ${pct} do valor pago em saldo para a próxima visita, e pode usar o saldo que já tem no momento de pagar.`,
        'Saiba mais no <a href="https://www.grupoladrilho.pt/app">guia da app Balcão</a>.',
      ),
      publicado_em: '2026-11-05T10:00:00.000Z',
      art: {
        palette: PALETTES.grupo,
        kicker: 'Novidade na app',
        headline: ['Peça na app,', 'levante', 'sem filas'],
        items: [
          onFloor(phoneQr(11), 560, 398, 1.05),
          onFloor(coffeeCup(), 690, 400, 0.6),
          onFloor(pastelDeNata(), 450, 410, 0.55),
        ],
      },
    },
    {
      tag: 'menu-de-outono',
      title: 'Chegou o menu de outono à Horta do Largo',
      title_detail: 'Menu de outono da Horta do Largo',
      subtitle: 'Abóbora, castanha e cogumelos até ao fim de dezembro',
      text: lines(
        'A carta da Horta do Largo mudou com a estação.',
        'Destaques: <strong>bowl de grão e abóbora assada</strong>, creme de castanha com cogumelos salteados e sumo de laranja, cenoura e gengibre.',
        'Todos os pratos são vegetarianos, com opções veganas e sem glúten assinaladas na carta.',
        '<em>Disponível no Príncipe Real e, a partir de dezembro, no Parque das Nações.</em>',
      ),
      publicado_em: '2026-11-03T12:00:00.000Z',
      art: {
        palette: PALETTES.horta,
        kicker: 'Horta do Largo',
        headline: ['Menu de', 'outono'],
        sub: 'Abóbora, castanha e cogumelos',
        items: [
          onFloor(leaf('#6FAF45'), 450, 380, 0.55, { r: -30 }),
          onFloor(bowl(), 560, 404, 0.95),
          onFloor(pumpkin(), 720, 400, 0.7),
        ],
      },
    },
    {
      tag: 'pizza-ribeira',
      title: 'A pizza Ribeira volta à carta',
      title_detail: 'A pizza Ribeira está de volta ao Forno da Ribeira',
      subtitle: 'Alheira, grelos e ovo, no forno a lenha',
      text: lines(
        'A pizza mais pedida do Forno da Ribeira está de volta: <strong>alheira, grelos salteados e ovo</strong>, sobre massa de fermentação lenta.',
        'Disponível todos os dias, ao almoço e ao jantar, enquanto houver grelos da época.',
        'Acompanhe com um copo de vinho verde e guarde espaço para a panna cotta.',
      ),
      publicado_em: '2026-11-01T10:00:00.000Z',
      art: {
        palette: PALETTES.forno,
        items: [
          onFloor(leaf('#3E8E41'), 150, 396, 0.6, { r: -20 }),
          onFloor(pizza(), 380, 416, 1.3),
          onFloor(drinkGlass('#E9D77A', '#2F7A4F'), 600, 400, 0.85),
          onFloor(bread(), 710, 410, 0.6),
        ],
      },
    },
  ]
}

function campanhas(s: ContentSettings): ConteudoDef[] {
  const pct = formatPercent(s.LOYALTY_CREDIT_PERCENT)
  return [
    {
      tag: 'semana-do-pastel-de-nata',
      title: 'Semana do pastel de nata',
      title_detail: 'Semana do pastel de nata na Nata & Grão',
      subtitle: 'De 16 a 22 de novembro, leve 6 e pague 5',
      text: lines(
        'De <strong>16 a 22 de novembro</strong>, na compra de uma caixa de 6 pastéis de nata, o sexto é oferta.',
        'Campanha exclusiva para clientes identificados no programa de fidelização, com o código QR da app ou o número de telemóvel.',
        'Válida em todas as lojas Nata & Grão, limitada a duas caixas por cliente e por dia.',
        'A compra acumula saldo e pontos como habitualmente.',
      ),
      publicado_em: '2026-11-14T09:00:00.000Z',
      art: {
        palette: PALETTES.nata,
        kicker: '16 a 22 de novembro',
        headline: ['Semana do', 'pastel de nata'],
        sub: 'Leve 6, pague 5',
        items: [
          onFloor(coffeeCup(), 500, 392, 0.7),
          onFloor(pastelDeNata(), 650, 396, 0.75),
          onFloor(pastelDeNata(), 600, 432, 0.75),
          onFloor(pastelDeNata(), 730, 428, 0.7),
        ],
      },
    },
    {
      tag: 'dobro-de-pontos-ao-domingo',
      title: 'Dobro de pontos ao domingo',
      title_detail: 'Ao domingo, os pontos contam a dobrar',
      subtitle: 'Todos os domingos até ao fim do ano, em todos os restaurantes',
      text: lines(
        'Todos os domingos até 27 de dezembro de 2026, cada compra identificada vale o <strong>dobro dos pontos</strong>.',
        'Basta mostrar o código QR da app no pagamento ou indicar o número de telemóvel registado.',
        `O saldo de ${pct} do valor pago acumula como habitualmente; só os pontos são duplicados.`,
        'Os pontos extra entram na sua conta no momento da compra, e a transação mostra o que a promoção lhe deu.',
      ),
      publicado_em: '2026-11-07T09:00:00.000Z',
      art: {
        palette: PALETTES.fidelizacao,
        kicker: 'Todos os domingos',
        headline: ['Dobro de', 'pontos'],
        sub: 'Em todos os restaurantes do grupo',
        table: 70,
        items: [
          onFloor(phoneQr(5), 500, 410, 0.9),
          onFloor(coin('2×'), 640, 404, 0.95),
          onFloor(coin(), 740, 414, 0.5),
        ],
      },
    },
    {
      tag: 'oferta-de-aniversario',
      title: 'No seu aniversário, a sobremesa é nossa',
      title_detail: 'Oferta de aniversário',
      subtitle: 'Indique a data de nascimento no perfil e receba uma sobremesa',
      text: lines(
        'Indique a sua <strong>data de nascimento</strong> em Perfil › Dados pessoais e, no dia do seu aniversário, oferecemos-lhe uma sobremesa em qualquer restaurante do grupo.',
        'A oferta fica disponível durante 7 dias a partir do dia de aniversário e é válida com uma refeição.',
        `A data de nascimento é um dado facultativo: usamo-la apenas para esta oferta e para confirmar a idade mínima de ${s.MINIMUM_AGE} anos.`,
      ),
      publicado_em: '2026-11-04T09:00:00.000Z',
      art: {
        palette: PALETTES.festa,
        kicker: 'Oferta de aniversário',
        headline: ['A sobremesa', 'é nossa'],
        items: [
          onFloor(gift('#B8324A', '#F2C14E'), 560, 398, 0.95),
          onFloor(pastelDeNata(), 700, 404, 0.6),
          onFloor(coffeeCup('#B8324A'), 440, 402, 0.5),
        ],
      },
    },
    {
      tag: 'boas-vindas',
      title: 'Bem-vindo ao programa de fidelização',
      title_detail: 'Oferta de boas-vindas: 50 pontos',
      subtitle: 'Complete o registo na app e comece com 50 pontos',
      text: lines(
        'Registe-se na app com o seu número de telemóvel e confirme o código que lhe enviamos por SMS.',
        'Ao completar o registo (nome, telemóvel e e-mail), recebe <strong>50 pontos de boas-vindas</strong>.',
        `A partir daí, cada compra identificada acumula ${pct} do valor pago em saldo para a próxima visita, além dos pontos.`,
        '<em>Os benefícios não são retroativos: compras anteriores ao registo não contam.</em>',
      ),
      publicado_em: '2026-11-02T09:00:00.000Z',
      art: {
        palette: PALETTES.grupo,
        kicker: 'Programa de fidelização',
        headline: ['50 pontos de', 'boas-vindas'],
        items: [
          onFloor(phoneQr(21), 520, 404, 0.95),
          onFloor(coin('50'), 650, 404, 0.75),
          onFloor(gift('#1F4E79', '#F2C14E'), 750, 412, 0.45),
        ],
      },
    },
  ]
}

// ---------------------------------------------------------------------------------------------------------------
// FAQ
// ---------------------------------------------------------------------------------------------------------------

function faq(s: ContentSettings): CategoriaSeed[] {
  const pct = formatPercent(s.LOYALTY_CREDIT_PERCENT)
  const categorias: { tag: string; title: string; perguntas: Omit<PerguntaSeed, 'posicao'>[] }[] = [
    {
      tag: 'programa-de-fidelizacao',
      title: 'Programa de fidelização',
      perguntas: [
        {
          tag: 'como-aderir',
          title: 'Como adiro ao programa?',
          title_detail: 'Como adiro ao programa de fidelização?',
          text: lines(
            'A adesão é gratuita e faz-se na app Balcão.',
            'Em Conta, toque em <strong>Criar conta</strong>, indique o seu número de telemóvel e aceite os Termos e Condições. Enviamos-lhe um código por SMS para confirmar o número.',
            'Depois, complete os seus dados: nome, e-mail e uma password numérica de 6 dígitos.',
            `Para participar precisa de ter, pelo menos, ${s.MINIMUM_AGE} anos e um telemóvel e um e-mail válidos. Cada pessoa só pode ter um registo.`,
          ),
        },
        {
          tag: 'saldo-e-pontos',
          title: 'Como funcionam o saldo e os pontos?',
          title_detail: 'Saldo e pontos: como acumulo e como uso?',
          text: lines(
            `Em cada compra identificada, <strong>${pct} do valor pago</strong> fica como saldo na sua conta para descontar numa próxima visita.`,
            'As compras também acumulam pontos. Quando atingir o patamar indicado no ecrã Fidelização, os pontos dão direito a ofertas.',
            'No pagamento, se tiver saldo disponível, pode escolher <em>Usar</em> o saldo ou <em>Manter em conta</em>.',
            'O total que já poupou e as últimas transações estão sempre no ecrã Fidelização.',
          ),
        },
        {
          tag: 'codigo-qr-na-loja',
          title: 'Como me identifico na loja?',
          title_detail: 'Como me identifico na loja com o código QR?',
          text: lines(
            'Antes de pagar, abra o ecrã <strong>Fidelização</strong> e mostre o código QR no balcão; a equipa lê-o na caixa.',
            'Se preferir, indique o número de telemóvel registado.',
            'Para mais segurança, pode ativar a chave de segurança em Conta › Chave de segurança: o ecrã do código QR passa a mostrar um código que muda sempre que gerar uma nova chave.',
            'As compras feitas sem identificação não acumulam saldo nem pontos e não podem ser associadas à conta mais tarde.',
          ),
        },
        {
          tag: 'nif-nas-faturas',
          title: 'Posso pedir fatura com NIF?',
          title_detail: 'Como peço fatura com o meu NIF?',
          text: lines(
            'Sim. Em Conta › Dados pessoais pode guardar até dois NIF, cada um com o respetivo nome de faturação (por exemplo, o pessoal e o da empresa).',
            'No ecrã Fidelização, em <strong>Selecione o NIF</strong>, escolha o principal ou o secundário: a escolha fica gravada e é usada nas faturas das compras identificadas.',
            'Se tocar de novo na opção escolhida, as faturas voltam a ser emitidas sem NIF.',
          ),
        },
      ],
    },
    {
      tag: 'encomendas-e-pagamentos',
      title: 'Encomendas e pagamentos',
      perguntas: [
        {
          tag: 'como-encomendar',
          title: 'Como faço uma encomenda?',
          title_detail: 'Como faço uma encomenda na app?',
          text: lines(
            'Abra o <strong>Catálogo</strong>, escolha a loja (se autorizar a localização, mostramos primeiro as mais próximas) e o tipo de entrega: Take-Away ou Comer na loja.',
            'Junte os produtos ao carrinho, com os extras e as opções que quiser, e toque em Pagamento.',
            'Confirme os seus dados, aceite as condições e toque em Finalizar e pagar. O número do pedido aparece no ecrã de confirmação.',
          ),
        },
        {
          tag: 'pagamento',
          title: 'Como pago uma encomenda?',
          title_detail: 'Que métodos de pagamento aceitam?',
          text: lines(
            'As encomendas feitas na app são pagas pelo telemóvel: depois de finalizar, recebe o pedido de pagamento com o valor a pagar.',
            'O pedido só segue para a cozinha depois de o pagamento ser confirmado; até lá, o estado mostra <em>Pagamento em curso</em>.',
            'Nas lojas aceitamos também numerário e cartão.',
          ),
        },
        {
          tag: 'usar-saldo',
          title: 'Posso usar o meu saldo numa encomenda?',
          title_detail: 'Como uso o saldo numa encomenda?',
          text: lines(
            'Sim. Ao calcular a encomenda, se tiver saldo disponível, perguntamos se o quer <strong>Usar</strong> ou <strong>Manter em conta</strong>.',
            'Se o usar, o desconto é igual ao saldo aplicado e o total a pagar é o subtotal menos o desconto.',
            'O saldo nunca fica negativo e cada euro só pode ser usado uma vez.',
          ),
        },
        {
          tag: 'estado-do-pedido',
          title: 'Quanto tempo demora o meu pedido?',
          title_detail: 'Como acompanho o estado do pedido?',
          text: lines(
            'Depois de pago, o pedido passa por <em>Recebemos o seu pedido</em> (com o tempo estimado), <em>Pedido em preparação</em> e <em>O seu pedido está pronto</em>.',
            'O estado atualiza-se sozinho na app, sem recarregar a página, e enviamos-lhe uma notificação quando o pedido estiver pronto.',
          ),
        },
      ],
    },
    {
      tag: 'conta-e-privacidade',
      title: 'Conta e privacidade',
      perguntas: [
        {
          tag: 'recuperar-password',
          title: 'Esqueci-me da password',
          title_detail: 'Como recupero a password?',
          text: lines(
            'Em <strong>Iniciar sessão</strong>, toque em <strong>Esqueceu-se da password?</strong> e indique o seu número de telemóvel.',
            'Enviamos-lhe um código por SMS; depois de o confirmar, defina uma nova password numérica de 6 dígitos nos seus dados pessoais.',
          ),
        },
        {
          tag: 'alterar-telemovel',
          title: 'Mudei de número de telemóvel',
          title_detail: 'Como altero o número de telemóvel?',
          text: lines(
            'Em Conta › Alterar telemóvel, indique o novo número duas vezes e confirme com o código SMS enviado para esse número.',
            'O saldo, os pontos e o histórico passam para o novo número; as sessões abertas noutros dispositivos são terminadas.',
          ),
        },
        {
          tag: 'ser-esquecido',
          title: 'Como peço para ser esquecido?',
          title_detail: 'Direito a ser esquecido: como apago a minha conta?',
          text: lines(
            'Em Conta › Gerir RGPD, escolha <strong>Quero ser esquecido</strong> e indique o seu e-mail.',
            'Enviamos-lhe as instruções para confirmar o pedido. Depois de confirmado, os seus dados pessoais são anonimizados e o saldo e os pontos acumulados deixam de estar disponíveis.',
            'Os documentos de faturação são conservados apenas pelo prazo que a lei fiscal exige.',
          ),
        },
        {
          tag: 'portabilidade-dos-dados',
          title: 'Posso receber uma cópia dos meus dados?',
          title_detail: 'Portabilidade: como recebo os meus dados?',
          text: lines(
            'Sim. Em Conta › Gerir RGPD, escolha <strong>Quero transferir os meus dados</strong> e indique o seu e-mail.',
            'Enviamos-lhe os dados da conta e das transações num formato estruturado, de uso corrente e de leitura automática, que pode entregar a outro serviço.',
            'Na mesma página pode dar ou retirar, a qualquer momento, o consentimento para receber comunicações.',
          ),
        },
      ],
    },
    {
      tag: 'restaurantes-e-lojas',
      title: 'Restaurantes e lojas',
      perguntas: [
        {
          tag: 'horarios',
          title: 'Qual é o horário das lojas?',
          title_detail: 'Horário das lojas',
          text: lines(
            'Todas as lojas estão abertas de segunda a domingo, das 10h00 às 21h30.',
            'Nos feriados e nas vésperas de Natal e de Ano Novo o horário pode mudar: a página de cada loja mostra sempre o horário atualizado.',
          ),
        },
        {
          tag: 'reservas',
          title: 'Posso reservar mesa?',
          title_detail: 'Como reservo mesa?',
          text: lines(
            'Nas lojas com reservas, a página da loja mostra o botão <strong>Link Reservas</strong>, que abre o nosso site de reservas.',
            'Nas restantes, as mesas são por ordem de chegada; para grupos grandes, ligue para o telefone da loja.',
          ),
        },
      ],
    },
  ]
  return categorias.map((c, ci) => ({
    tag: c.tag,
    title: c.title,
    posicao: ci + 1,
    perguntas: c.perguntas.map((p, pi) => ({ ...p, posicao: pi + 1 })),
  }))
}

// ---------------------------------------------------------------------------------------------------------------
// Legal information
// ---------------------------------------------------------------------------------------------------------------

const EMPRESA = 'Ladrilho Restauração, S.A., com sede na Rua Garrett, 61, 1200-204 Lisboa'
const MARCAS = 'Nata & Grão, Brasa Viva, Forno da Ribeira e Horta do Largo'

/** Legal texts are read as documents: section headings, paragraphs and lists (the app spaces them apart). */
const h2 = (text: string) => `<h2>${text}</h2>`
const p = (text: string) => `<p>${text}</p>`
const ul = (...items: string[]) => `<ul>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`

function informacaoLegal(s: ContentSettings): Insertable<InformacaoLegalTable>[] {
  const pct = formatPercent(s.LOYALTY_CREDIT_PERCENT)
  const age = s.MINIMUM_AGE
  const entries: Omit<Insertable<InformacaoLegalTable>, 'posicao'>[] = [
    {
      tag: TERMOS_TAG,
      title: 'Termos e Condições',
      title_detail: 'Termos e Condições de utilização da app Balcão',
      text: lines(
        h2('1. Quem somos'),
        p(
          `A app Balcão é disponibilizada pela ${EMPRESA}, entidade que explora os restaurantes ${MARCAS} (o «Grupo Ladrilho»).`,
        ),
        h2('2. Aceitação'),
        p(
          'Ao registar-se e ao usar a app, aceita estes Termos e Condições, o Regulamento do Programa de Fidelização e a Política de Privacidade.',
        ),
        p('A aceitação é pedida de forma ativa no registo e sempre que estes documentos mudarem de forma relevante.'),
        h2('3. Quem pode participar'),
        p('O programa destina-se a pessoas singulares que reúnam as seguintes condições:'),
        ul(
          `ter, pelo menos, ${age} anos de idade;`,
          'ser titular de um número de telemóvel válido;',
          'ser titular de um endereço de e-mail válido.',
        ),
        p('Cada pessoa só pode ter um registo e um login. Contas duplicadas ou partilhadas podem ser suspensas.'),
        h2('4. Registo e dados'),
        ul(
          '<strong>Dados obrigatórios:</strong> nome, número de telemóvel e e-mail.',
          '<strong>Dados facultativos:</strong> género, data de nascimento, NIF e nome para faturação.',
        ),
        p(
          'A palavra-passe é numérica e tem 6 dígitos. É pessoal: não a partilhe, porque é responsável pela utilização da sua conta.',
        ),
        p(
          'O registo provisório feito numa loja tem de ser completado na app no prazo de 30 dias; se não for completado nesse prazo, caduca.',
        ),
        h2('5. Benefícios'),
        p(
          `Em cada compra identificada, ${pct} do valor pago é acumulado como saldo para uma próxima visita, nos termos do Regulamento do Programa de Fidelização.`,
        ),
        p(
          'Os benefícios são atribuídos apenas a utilizadores identificados com o registo completo. Não são atribuídos benefícios retroativos.',
        ),
        h2('6. Propriedade intelectual'),
        p(
          'As marcas, os logótipos, os textos, as imagens e o software da app pertencem ao Grupo Ladrilho ou aos seus licenciantes. Não é permitido copiá-los, modificá-los, distribuí-los ou explorá-los comercialmente sem autorização escrita.',
        ),
        p(
          'A violação destas regras de propriedade intelectual obriga o infrator ao pagamento de uma indemnização de valor não inferior a <strong>100 000 euros</strong> (cem mil euros), sem prejuízo de outras responsabilidades civis ou criminais.',
        ),
        h2('7. Utilização da app'),
        p('Compromete-se a:'),
        ul(
          'usar a app de boa-fé;',
          'não tentar aceder a contas de terceiros;',
          'não perturbar o funcionamento da app nem dos sistemas que a servem.',
        ),
        p('Em caso de fraude ou abuso, a conta pode ser suspensa e os benefícios anulados.'),
        h2('8. Alterações e lei aplicável'),
        p(
          'Podemos atualizar estes Termos e Condições; as alterações relevantes são comunicadas na app antes de entrarem em vigor.',
        ),
        p(
          'Aplica-se a lei portuguesa. Em caso de litígio, pode recorrer ao Livro de Reclamações e a uma entidade de resolução alternativa de litígios de consumo.',
        ),
        p('<em>Última atualização: 20 de novembro de 2026.</em>'),
      ),
    },
    {
      tag: POLITICA_PRIVACIDADE_TAG,
      title: 'Política de privacidade',
      title_detail: 'Política de privacidade e proteção de dados',
      text: lines(
        h2('1. Responsável pelo tratamento'),
        p(`${EMPRESA}. Para qualquer questão sobre os seus dados, escreva para privacidade@grupoladrilho.pt.`),
        h2('2. Dados que tratamos'),
        ul(
          '<strong>Dados obrigatórios:</strong> nome, número de telemóvel e e-mail.',
          '<strong>Dados facultativos:</strong> género, data de nascimento, NIF, nome para faturação e código postal.',
          '<strong>Dados da utilização do programa:</strong> transações, saldo, pontos, encomendas e opiniões.',
        ),
        h2('3. Para que usamos os dados'),
        ul(
          'gerir a sua conta e o programa de fidelização;',
          'processar encomendas e pagamentos;',
          'emitir faturas com o NIF escolhido;',
          'responder aos seus pedidos;',
          'apenas com o seu consentimento, enviar-lhe comunicações e notificações.',
        ),
        h2('4. Fundamentos'),
        p(
          'Execução do contrato de adesão ao programa, cumprimento de obrigações legais (por exemplo, de faturação) e o seu consentimento para as comunicações, que pode retirar a qualquer momento.',
        ),
        h2('5. Conservação'),
        p(
          'Conservamos os dados enquanto o registo estiver ativo e <strong>até 1 ano após o fim do registo</strong>; depois são apagados ou anonimizados, salvo quando a lei obrigue a um prazo mais longo, como no caso dos documentos de faturação.',
        ),
        p('Os registos provisórios que não sejam completados em 30 dias caducam e os respetivos dados são apagados.'),
        h2('6. Os seus direitos'),
        p(
          'Nos termos do Regulamento Geral sobre a Proteção de Dados (RGPD), tem direito de acesso, de retificação, de oposição e de limitação do tratamento, e ainda:',
        ),
        ul(
          '<strong>direito ao esquecimento</strong>: pedir o apagamento dos seus dados em Perfil › Gerir RGPD › Quero ser esquecido;',
          '<strong>direito à portabilidade</strong>: receber os seus dados num formato estruturado em Perfil › Gerir RGPD › Quero transferir os meus dados;',
          '<strong>consentimento de comunicações</strong>: dar ou retirar, a qualquer momento, o consentimento para receber comunicações, em Perfil › Gerir RGPD.',
        ),
        p('Pode também apresentar reclamação à Comissão Nacional de Proteção de Dados (CNPD).'),
        h2('7. Segurança'),
        p(
          'As palavras-passe e as chaves de segurança são guardadas apenas em forma cifrada (hash), as ligações são cifradas e o acesso aos dados está limitado a quem deles precisa.',
        ),
        h2('8. Idade mínima'),
        p(`A app não se destina a menores de ${age} anos.`),
        h2('9. Cookies e armazenamento local'),
        p(
          'Usamos apenas um cookie de sessão essencial e o armazenamento local do dispositivo para guardar a loja escolhida e o carrinho. Não usamos cookies de publicidade.',
        ),
      ),
    },
    {
      tag: 'regulamento-fidelizacao',
      title: 'Regulamento do programa de fidelização',
      title_detail: 'Regulamento do Programa de Fidelização do Grupo Ladrilho',
      text: lines(
        h2('1. Objeto'),
        p(
          `Este regulamento define as regras do programa de fidelização da app Balcão, válido em todas as lojas aderentes dos restaurantes ${MARCAS}.`,
        ),
        h2('2. Participantes'),
        p(
          `Podem participar pessoas singulares com, pelo menos, <strong>${age} anos</strong> de idade, titulares de um número de telemóvel válido e de um endereço de e-mail válido.`,
        ),
        p('Cada pessoa só pode ter um registo e um login; o acesso é pessoal e intransmissível.'),
        h2('3. Registo'),
        p('O registo faz-se na app com o número de telemóvel, confirmado por um código enviado por SMS.'),
        ul(
          '<strong>Dados obrigatórios:</strong> nome, número de telemóvel e e-mail.',
          '<strong>Dados facultativos:</strong> género, data de nascimento, NIF e nome para faturação.',
        ),
        p('A palavra-passe é numérica e tem 6 dígitos.'),
        p(
          'O registo provisório feito numa loja tem de ser completado na app no prazo de <strong>30 dias</strong>. O primeiro acesso usa as credenciais enviadas por SMS; se o registo não for completado nesse prazo, caduca, juntamente com o saldo e os pontos acumulados.',
        ),
        h2('4. Saldo'),
        p(
          `Em cada compra identificada, <strong>${pct} do valor pago</strong> é acumulado como saldo na conta do participante, para descontar numa próxima visita.`,
        ),
        p(
          'No pagamento, o participante escolhe usar o saldo disponível ou mantê-lo em conta. O saldo não é convertível em dinheiro e nunca fica negativo.',
        ),
        h2('5. Pontos'),
        p(
          'As compras identificadas acumulam também pontos. Ao atingir cada patamar, os pontos dão direito às ofertas em vigor, anunciadas na app.',
        ),
        h2('6. Identificação na loja'),
        p('Para acumular e usar benefícios, o participante identifica-se antes do pagamento, de uma destas formas:'),
        ul('mostrando o código QR da app;', 'indicando o número de telemóvel registado.'),
        h2('7. Condições dos benefícios'),
        ul(
          'Os benefícios são atribuídos apenas a utilizadores identificados com o registo completo.',
          'Não há benefícios retroativos: as compras feitas antes do registo ou sem identificação não acumulam saldo nem pontos.',
          'É permitido um único login por pessoa; registos duplicados são cancelados e os respetivos benefícios anulados.',
        ),
        h2('8. Dados pessoais'),
        p(
          'Os dados são tratados nos termos da Política de privacidade e conservados até 1 ano após o fim do registo. O participante pode exercer a qualquer momento os direitos ao esquecimento, à portabilidade e à gestão do consentimento de comunicações.',
        ),
        h2('9. Alterações'),
        p(
          'O Grupo Ladrilho pode alterar este regulamento, comunicando as alterações na app com, pelo menos, 15 dias de antecedência. O saldo e os pontos já acumulados mantêm-se.',
        ),
      ),
    },
    {
      tag: 'condicoes-de-encomenda',
      title: 'Condições de encomenda',
      title_detail: 'Condições das encomendas feitas na app',
      text: lines(
        h2('1. Âmbito'),
        p('Estas condições aplicam-se às encomendas feitas na app Balcão nas lojas aderentes do Grupo Ladrilho.'),
        h2('2. Tipo de entrega'),
        ul('<strong>Take-Away</strong>: levantamento ao balcão;', '<strong>Comer na loja</strong>: servido na loja.'),
        p('Mudar de loja ou de tipo de entrega esvazia o carrinho.'),
        h2('3. Preços'),
        p(
          'Os preços são apresentados em euros, com IVA incluído à taxa legal em vigor (13% ou 23%, consoante o produto).',
        ),
        h2('4. Pagamento'),
        p(
          'O pagamento é feito pelo telemóvel, no fim da encomenda. O pedido só é preparado depois de o pagamento ser confirmado.',
        ),
        h2('5. Saldo e pontos'),
        p(
          `As encomendas identificadas acumulam ${pct} do valor pago em saldo, além dos pontos. Se tiver saldo, pode usá-lo como desconto ou mantê-lo em conta.`,
        ),
        h2('6. Preparação e levantamento'),
        p(
          'O tempo estimado aparece no ecrã do pedido: conta o tempo de preparação dos produtos e os pedidos que a cozinha já tem, nunca menos de 15 minutos. O estado do pedido é atualizado na app e recebe uma notificação quando estiver pronto.',
        ),
        h2('7. Cancelamentos e reclamações'),
        p(
          'Depois de iniciada a preparação, o pedido não pode ser cancelado. Se houver algum problema, fale com a equipa da loja ou escreva para apoio@grupoladrilho.pt.',
        ),
        p(
          'Por se tratar de refeições preparadas no momento, não há direito de livre resolução depois de feita a encomenda (Decreto-Lei n.º 24/2014, artigo 17.º, n.º 1, alíneas c) e d)).',
        ),
        h2('8. Alergénios'),
        p(
          'A informação sobre alergénios está disponível em cada loja. Se tiver alguma alergia ou intolerância alimentar, informe a nossa equipa antes de encomendar.',
        ),
        h2('9. Bebidas alcoólicas'),
        p(
          'Não vendemos bebidas alcoólicas a menores de 18 anos (Decreto-Lei n.º 50/2013). A app verifica a idade pela data de nascimento da sua conta, e a equipa da loja pode pedir um documento de identificação no levantamento.',
        ),
        h2('10. Embalagens'),
        p(
          'Nas encomendas Take-Away, cada embalagem de utilização única de plástico, alumínio ou multimaterial paga a contribuição prevista na lei (Portaria n.º 331-E/2021), indicada em linha própria antes do pagamento. Se trouxer o seu recipiente, escolha «Trago o meu recipiente» e não paga a contribuição.',
        ),
      ),
    },
  ]
  return entries.map((e, i) => ({ ...e, posicao: i + 1 }))
}

// ---------------------------------------------------------------------------------------------------------------

export function buildDemoContent(settings: ContentSettings): DemoContent {
  const gallery = new Gallery()
  const restaurantesSeed = buildRestaurantes(gallery)
  const novidadesSeed = buildConteudos('novidade', novidades(settings), gallery)
  const campanhasSeed = buildConteudos('campanha', campanhas(settings), gallery)
  return {
    restaurantes: restaurantesSeed,
    novidades: novidadesSeed,
    campanhas: campanhasSeed,
    faq: faq(settings),
    informacaoLegal: informacaoLegal(settings),
    imagens: gallery.list(),
  }
}
