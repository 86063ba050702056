import { createHash } from 'node:crypto'
import type { EmentaEnviada } from '../../shared/ementa.ts'
import { IMAGE_BASE } from '../../shared/imagens.ts'
import type { TabelaPreco } from '../../shared/tabelas-preco.ts'
import { svgFileName } from '../platform/images.ts'
import type { ImagemSeed } from './content.ts'
import { INFO_PRODUTOS } from './ementas-info.ts'
import {
  boloRei,
  bread,
  coffeeBean,
  coffeeCup,
  croissant,
  drinkGlass,
  escapeXml,
  type Icon,
  leaf,
  onFloor,
  PALETTES,
  type Placed,
  pastelDeNata,
  place,
  plate,
} from './images.ts'

/**
 * The POS menu snapshots of the three Nata & Grão stores (Chiado 862, Saldanha 848, Santa Catarina 861), in the shape
 * a real POS uploads (`PUT /api/loja/v1/ementa`, `EmentaSchema`), so that they go through the same validation. The
 * Chiado flagship has the full menu; the other two are built from it with a few products removed and one or two of
 * their own. Prices are in euros with VAT, as the POS sends them.
 */

export interface EmentaDemo {
  id_loja: number
  ementa: EmentaEnviada
}

type SeccaoEnviada = EmentaEnviada['seccoes'][number]
type FamiliaEnviada = SeccaoEnviada['familias'][number]
type ProdutoEnviado = FamiliaEnviada['produtos'][number]
type ComplementoEnviado = NonNullable<ProdutoEnviado['complementares']>[number]
type GrupoEnviado = NonNullable<ProdutoEnviado['opcoes']>[number]

// ---------------------------------------------------------------------------------------------------------------
// Product images
// ---------------------------------------------------------------------------------------------------------------

/** Icons the shared drawing kit lacks, drawn in its conventions (centred on the origin, about 200 units wide). */
function galao(): Icon {
  return {
    base: 82,
    half: 74,
    svg: `<ellipse cy="74" rx="74" ry="16" fill="#D9CBB5"/>
<ellipse cy="70" rx="74" ry="15" fill="#FFFFFF"/>
<ellipse cy="68" rx="46" ry="8" fill="#EFE6D8"/>
<path d="M-44 -120 H44 L36 62 Q35 72 26 72 H-26 Q-35 72 -36 62 Z" fill="#FFFFFF" opacity=".55"/>
<path d="M-42.5 -86 H42.5 L36 62 Q35 70 26 70 H-26 Q-35 70 -36 62 Z" fill="#C99763"/>
<path d="M-42.5 -86 H42.5 L40.5 -40 H-40.5 Z" fill="#E3C29A"/>
<path d="M-42.5 -86 H42.5 L42 -74 H-42 Z" fill="#F7EEDF"/>
<ellipse cy="-86" rx="42.5" ry="6" fill="#FBF5EA"/>
<path d="M16 -150 L19 -88" stroke="#B9C0C9" stroke-width="6" stroke-linecap="round"/>
<ellipse cy="-120" rx="44" ry="6" fill="none" stroke="#FFFFFF" stroke-width="3" opacity=".85"/>
<path d="M-32 -108 L-26 56" stroke="#FFFFFF" stroke-width="6" stroke-linecap="round" opacity=".5"/>`,
  }
}

function bolaDeBerlim(): Icon {
  const sugar: [number, number][] = [
    [-52, -30],
    [-30, -44],
    [-6, -36],
    [18, -46],
    [40, -32],
    [62, -18],
    [-70, -8],
    [-20, -16],
    [28, -12],
    [4, -50],
  ]
  return {
    base: 52,
    half: 98,
    svg: `<path d="M-92 24 Q0 44 92 24 Q90 48 0 52 Q-90 48 -92 24 Z" fill="#C77A32"/>
<path d="M-96 16 C-96 -40 -50 -58 0 -58 C50 -58 96 -40 96 16 Q0 34 -96 16 Z" fill="#E0A049"/>
<path d="M-98 14 Q0 34 98 14 Q96 30 70 32 Q30 42 0 40 Q-30 42 -70 32 Q-96 30 -98 14 Z" fill="#F6C945"/>
<path d="M-56 -32 C-40 -48 -10 -52 12 -50" fill="none" stroke="#F3C77D" stroke-width="10" stroke-linecap="round"/>
<g fill="#FFFFFF" opacity=".9">${sugar.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3"/>`).join('')}</g>`,
  }
}

function paoDeDeus(): Icon {
  const flakes: [number, number, string][] = [
    [-50, -28, '#E2B877'],
    [-22, -42, '#FFFFFF'],
    [8, -34, '#E2B877'],
    [36, -44, '#FFFFFF'],
    [56, -22, '#E2B877'],
    [-64, -8, '#FFFFFF'],
    [-8, -18, '#FFFFFF'],
    [26, -14, '#E2B877'],
  ]
  return {
    base: 40,
    half: 92,
    svg: `<path d="M-90 30 C-96 -30 -50 -58 0 -58 C50 -58 96 -30 90 30 Q0 48 -90 30 Z" fill="#C27E3B"/>
<path d="M-78 -2 C-74 -42 -40 -56 0 -56 C40 -56 74 -42 78 -2 C50 8 20 2 0 8 C-20 2 -50 8 -78 -2 Z" fill="#F6E7C4"/>
<g>${flakes.map(([x, y, c]) => `<ellipse cx="${x}" cy="${y}" rx="5" ry="2.5" fill="${c}" transform="rotate(${(x * 7) % 60} ${x} ${y})"/>`).join('')}</g>`,
  }
}

/** A tosta seen from the side: grilled slices, ham and melting cheese. */
function tosta(): Icon {
  return {
    base: 56,
    half: 104,
    svg: `<rect x="-100" y="16" width="200" height="40" rx="12" fill="#C98945"/>
<rect x="-92" y="22" width="184" height="10" rx="5" fill="#E2AE6A" opacity=".7"/>
<path d="M-104 8 Q-80 20 -56 10 T-8 10 T40 10 T88 10 L104 12 V22 H-104 Z" fill="#E8A0A0"/>
<path d="M-100 0 H100 V14 H70 Q66 36 58 14 H-20 Q-26 42 -34 14 H-100 Z" fill="#F6C945"/>
<path d="M-100 -40 Q-100 -54 -86 -54 H86 Q100 -54 100 -40 V2 H-100 Z" fill="#D39A55"/>
<path d="M-70 -50 L-50 -4 M-30 -50 L-10 -4 M10 -50 L30 -4 M50 -50 L70 -4" stroke="#7A4318" stroke-width="8" stroke-linecap="round" opacity=".7"/>`,
  }
}

/** Two slices of buttered toast, seen from above. */
function torrada(): Icon {
  const slice = (x: number, y: number, r: number) =>
    `<g transform="translate(${x} ${y}) rotate(${r})"><path d="M-56 60 V-18 C-80 -22 -80 -70 -38 -70 H38 C80 -70 80 -22 56 -18 V60 Z" fill="#B8702F"/><path d="M-46 52 V-24 C-66 -28 -64 -60 -34 -60 H34 C64 -60 66 -28 46 -24 V52 Z" fill="#E2A45A"/><path d="M-30 30 L20 -40 M-10 40 L36 -24" stroke="#F3C77D" stroke-width="8" stroke-linecap="round" opacity=".6"/></g>`
  return {
    base: 70,
    half: 112,
    svg: `${slice(-40, 4, -10)}${slice(42, 0, 8)}
<rect x="22" y="-20" width="34" height="24" rx="5" fill="#FBE38A" transform="rotate(8 39 -8)"/>
<rect x="26" y="-18" width="24" height="8" rx="3" fill="#FFF4C2" transform="rotate(8 39 -8)"/>`,
  }
}

/** A plate of salgados: rissol, pastel de bacalhau and empada. */
function salgados(): Icon {
  const crumbs = (cx: number, cy: number, color: string) =>
    [
      [-18, -10],
      [0, -22],
      [16, -8],
      [-6, 2],
      [22, -18],
      [-26, -2],
    ]
      .map(([x = 0, y = 0]) => `<circle cx="${cx + x}" cy="${cy + y}" r="2.4" fill="${color}"/>`)
      .join('')
  return {
    base: 34,
    half: 120,
    svg: `${plate().svg}
<g transform="scale(1.2)">
<path d="M-96 6 A46 40 0 0 1 -4 6 Z" fill="#D8963F"/>
<path d="M-96 6 H-4" stroke="#B7752C" stroke-width="6" stroke-linecap="round"/>
${crumbs(-50, -8, '#F3C77D')}
<path d="M-6 10 Q16 -20 44 -20 Q72 -20 94 10 Q72 30 44 30 Q16 30 -6 10 Z" fill="#A7622A"/>
<path d="M14 0 Q32 -12 50 -12" stroke="#C98A4C" stroke-width="6" stroke-linecap="round" fill="none"/>
${crumbs(46, 10, '#7E4419')}
<path d="M-34 -28 H30 L24 8 H-28 Z" fill="#D59A4E"/>
<path d="M-28 -24 L-24 6 M-14 -26 L-12 8 M0 -26 V8 M14 -26 L12 8 M26 -24 L22 6" stroke="#B7752C" stroke-width="3"/>
<ellipse cx="-2" cy="-30" rx="36" ry="11" fill="#E8B565"/>
<ellipse cx="-2" cy="-31" rx="7" ry="3" fill="#A7622A"/>
</g>`,
  }
}

/** The cup of `coffeeCup` with another drink in it. */
function cupOf(band: string, liquid: string, crema: string, top = ''): Icon {
  const cup = coffeeCup(band)
  return { ...cup, svg: cup.svg.replace('#6B3A1E', liquid).replace('#A8693A', crema) + top }
}

const CHANTILI_TOP = `<path d="M-42 -26 C-46 -48 -18 -54 -6 -70 C8 -58 44 -50 40 -26 Q0 -16 -42 -26 Z" fill="#FFFDF8"/>
<path d="M-24 -36 C-12 -44 4 -46 18 -40" fill="none" stroke="#EFE6D8" stroke-width="4" stroke-linecap="round"/>`

const CROISSANT_MISTO = `<path d="M-84 14 Q-40 46 0 40 Q40 46 84 14 L80 30 Q40 58 0 52 Q-40 58 -80 30 Z" fill="#E8A0A0"/>
<path d="M-74 8 Q-36 34 0 30 Q36 34 74 8 L70 20 Q36 44 0 40 Q-36 44 -70 20 Z" fill="#F6C945"/>`

/** Where the food stands: the table's top edge is at 470, objects stand a little into it. */
const FLOOR = 505

/**
 * A product picture: 800×600 (the 4:3 of a POS photo), the brand's warm background, a table and the product in the
 * middle. Not `banner`: that draws 800×450 only.
 */
function productImage(title: string, items: readonly Placed[]): string {
  const p = PALETTES.nata
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title><defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wood}"/><stop offset="1" stop-color="#000000" stop-opacity=".25"/></linearGradient>
<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="5"/></filter>
<clipPath id="frame"><rect width="800" height="600"/></clipPath></defs>
<g clip-path="url(#frame)">
<rect width="800" height="600" fill="url(#bg)"/>
<circle cx="690" cy="70" r="180" fill="#FFFFFF" opacity=".1"/>
<circle cx="400" cy="290" r="230" fill="#FFFFFF" opacity=".3"/>
<circle cx="400" cy="290" r="230" fill="none" stroke="${p.tile}" stroke-width="6" stroke-dasharray="2 16" stroke-linecap="round" opacity=".35"/>
<rect y="470" width="800" height="130" fill="${p.wood}"/>
<rect y="470" width="800" height="130" fill="url(#wood)" opacity=".5"/>
<rect y="470" width="800" height="7" fill="#FFFFFF" opacity=".2"/>
<path d="M0 530 H800 M0 570 H800" stroke="#000000" stroke-width="2" opacity=".08"/>
${items.map(place).join('\n')}
</g></svg>`
}

const centred = (icon: Icon, s: number, extra: Partial<Placed> = {}) => onFloor(icon, 400, FLOOR, s, extra)
const bean = (x: number, y: number, r: number): Placed => ({ icon: coffeeBean(), x, y, s: 1.3, r, shadow: false })

/** One picture per look, shared by the products (and stores) that look alike; the key is the name's base. */
const IMAGENS = {
  cafe: () =>
    productImage('Café', [
      centred(coffeeCup('#2F5D8A'), 2.1),
      bean(190, 540, 30),
      bean(228, 556, -20),
      bean(600, 548, 60),
    ]),
  'cafe-com-leite': () => productImage('Café com leite', [centred(cupOf('#B8741F', '#B07A4A', '#E3C29A'), 2.1)]),
  galao: () => productImage('Galão', [centred(galao(), 1.9)]),
  'chocolate-quente': () =>
    productImage('Chocolate quente', [centred(cupOf('#8A2433', '#4A2210', '#6B3A1E', CHANTILI_TOP), 2.1)]),
  cha: () =>
    productImage('Chá e infusões', [
      centred(cupOf('#4F8A32', '#B8862F', '#D9A441'), 2),
      onFloor(leaf('#5FA03E'), 170, FLOOR + 20, 0.8, { r: -60 }),
      onFloor(leaf('#4F8A32'), 630, FLOOR + 26, 0.7, { r: 50 }),
    ]),
  'pequeno-almoco': () =>
    productImage('Pequeno-almoço', [
      onFloor(galao(), 220, FLOOR - 10, 1.4),
      onFloor(torrada(), 430, FLOOR + 30, 1.3),
      onFloor(drinkGlass('#F29E38'), 630, FLOOR - 10, 1.4),
    ]),
  'pastel-de-nata': () => productImage('Pastel de nata', [centred(pastelDeNata(), 2.6)]),
  'caixa-pasteis-de-nata': () =>
    productImage('Caixa de pastéis de nata', [
      onFloor(pastelDeNata(), 280, FLOOR - 40, 1.6),
      onFloor(pastelDeNata(), 520, FLOOR - 40, 1.6),
      onFloor(pastelDeNata(), 400, FLOOR + 40, 1.75),
    ]),
  'bola-de-berlim': () => productImage('Bola de Berlim', [centred(bolaDeBerlim(), 2.4)]),
  'pao-de-deus': () => productImage('Pão de Deus', [centred(paoDeDeus(), 2.4)]),
  croissant: () => productImage('Croissant', [centred(croissant(), 2.3)]),
  'croissant-misto': () =>
    productImage('Croissant misto', [
      centred(plate(), 2),
      onFloor({ ...croissant(), svg: CROISSANT_MISTO + croissant().svg }, 400, FLOOR - 40, 1.9, { shadow: false }),
    ]),
  'bolo-rei': () => productImage('Bolo-rei', [centred(boloRei(), 1.9)]),
  pao: () => productImage('Pão', [onFloor(bread(), 330, FLOOR - 20, 1.7), onFloor(bread(), 500, FLOOR + 40, 1.9)]),
  tosta: () => productImage('Tosta', [centred(tosta(), 2.2)]),
  torrada: () => productImage('Torrada', [centred(torrada(), 2)]),
  salgados: () => productImage('Salgados', [centred(salgados(), 2.1)]),
  'sumo-de-laranja': () => productImage('Sumo de laranja natural', [centred(drinkGlass('#F29E38', '#E4572E'), 2)]),
  limonada: () => productImage('Limonada', [centred(drinkGlass('#F6E58D', '#4F8A32'), 2)]),
  batido: () => productImage('Batido', [centred(drinkGlass('#F1D9A6', '#8A5A2B'), 2)]),
} satisfies Record<string, () => string>

type ImagemKey = keyof typeof IMAGENS

// ---------------------------------------------------------------------------------------------------------------
// Complements and option groups
// ---------------------------------------------------------------------------------------------------------------

type Iva = 13 | 23

/** Complement codes are the POS's extras codes, shared by every product that offers the extra. */
function extra(codigo: number, descricao: string, preco: number, obrigatorio: 0 | 1 = 0, iva: Iva = 13) {
  return { codigo, descricao, preco, iva, obrigatorio } satisfies ComplementoEnviado
}

const EXTRA = {
  leiteSemLactose: extra(9001, 'Leite sem lactose', 0.2),
  leiteAveia: extra(9002, 'Leite de aveia', 0.4),
  cafeExtra: extra(9003, 'Dose extra de café', 0.4),
  leiteAParte: extra(9005, 'Leite à parte', 0),
  mel: extra(9006, 'Mel', 0.3),
  limao: extra(9007, 'Rodela de limão', 0),
  canela: extra(9010, 'Canela', 0),
  acucarEmPo: extra(9011, 'Açúcar em pó', 0),
  saquetasCanela: extra(9012, 'Saquetas de canela', 0),
  manteiga: extra(9020, 'Manteiga', 0.3),
  compota: extra(9021, 'Compota de morango', 0.4),
  queijo: extra(9022, 'Queijo', 0.5),
  fiambre: extra(9023, 'Fiambre', 0.6),
  extraQueijo: extra(9030, 'Extra queijo', 0.5),
  extraFiambre: extra(9031, 'Extra fiambre', 0.6),
  ovo: extra(9032, 'Ovo', 0.7),
  // What a breakfast menu is made of: the POS prints it on the kitchen ticket, so it is a complement the customer
  // cannot leave out, at no extra cost.
  torradaMenu: extra(9040, 'Torrada', 0, 1),
  sumoMenu: extra(9041, 'Sumo de laranja natural', 2.2),
  nataMenu: extra(9042, 'Pastel de nata', 1),
  hortela: extra(9050, 'Folhas de hortelã', 0),
  extraAzeitonas: extra(9060, 'Azeitonas', 0.5),
}

/** Option codes are unique over all groups, so that they are unique within any product. */
function grupo(codigo: number, descricao: string, opcoes: [number, string][]): GrupoEnviado {
  return {
    codigo,
    descricao,
    opcoes: opcoes.map(([c, d]) => ({ grupo: codigo, codigo: c, nome_grupo: descricao, descricao: d })),
  }
}

const OPCOES = {
  acucar: grupo(1, 'Açúcar', [
    [101, 'Com açúcar'],
    [102, 'Sem açúcar'],
    [103, 'Adoçante'],
  ]),
  tiragem: grupo(2, 'Tiragem', [
    [111, 'Curta'],
    [112, 'Normal'],
    [113, 'Cheia'],
  ]),
  galao: grupo(3, 'Galão', [
    [121, 'Claro'],
    [122, 'Escuro'],
  ]),
  pao: grupo(4, 'Pão', [
    [131, 'Pão de forma'],
    [132, 'Pão de mistura'],
  ]),
  gelo: grupo(5, 'Gelo', [
    [141, 'Com gelo'],
    [142, 'Sem gelo'],
  ]),
  infusao: grupo(6, 'Infusão', [
    [151, 'Camomila'],
    [152, 'Cidreira'],
    [153, 'Tília'],
    [154, 'Chá verde'],
    [155, 'Chá preto'],
  ]),
  recheio: grupo(7, 'Recheio', [
    [161, 'Com creme'],
    [162, 'Sem creme'],
  ]),
  servir: grupo(8, 'Servir', [
    [171, 'Aquecido'],
    [172, 'Natural'],
  ]),
  chantili: grupo(9, 'Chantili', [
    [181, 'Com chantili'],
    [182, 'Sem chantili'],
  ]),
  corte: grupo(10, 'Corte', [
    [191, 'Inteiro'],
    [192, 'Fatiado'],
  ]),
  bebidaMenu: grupo(11, 'Bebida', [
    [201, 'Galão'],
    [202, 'Meia de leite'],
    [203, 'Bica'],
  ]),
  temperatura: grupo(12, 'Temperatura', [
    [211, 'Natural'],
    [212, 'Fresca'],
  ]),
  codea: grupo(13, 'Côdea', [
    [221, 'Com côdea'],
    [222, 'Sem côdea'],
  ]),
  // The components of the lunch menu (a `composto`: each one the customer's pick, none left out).
  sopaMenu: grupo(14, 'Sopa', [
    [231, 'Sopa do dia'],
    [232, 'Sem sopa'],
  ]),
  pratoMenu: grupo(15, 'Prato', [
    [241, 'Salada de grão com bacalhau'],
    [242, 'Salada de quinoa e grão'],
    [243, 'Quiche de espinafres'],
  ]),
  bebidaAlmoco: grupo(16, 'Bebida', [
    [251, 'Água mineral'],
    [252, 'Limonada da casa'],
    [253, 'Sumo de laranja natural'],
  ]),
}

/** A breakfast menu's drink: the customer must choose one (it once went to the kitchen with none). */
const BEBIDA_OBRIGATORIA: GrupoEnviado = { ...OPCOES.bebidaMenu, minopcoes: 1, maxopcoes: 1 }

// ---------------------------------------------------------------------------------------------------------------
// The Chiado menu (862), the others' starting point
// ---------------------------------------------------------------------------------------------------------------

interface ProdutoDef {
  cod: number
  nome: string
  preco: number
  descricao: string | null
  imagem: ImagemKey | null
  iva?: Iva
  extras?: ComplementoEnviado[]
  opcoes?: GrupoEnviado[]
  /** 0 (the default): no limit. */
  maxComplementos?: number
  /** Default: one option per group. */
  maxOpcoes?: number
  visivel?: boolean
  /** Default: its place in the family's list. A store's own product sets it to slot in between. */
  posicao?: number
}

interface FamiliaDef {
  codigo: number
  descricao: string
  visivel?: 0 | 1
  /** Half portions: 1, or the half portion's name (decision 0026); `dose` names the full one. */
  meiadose?: 0 | 1 | string
  dose?: string
  produtos: ProdutoDef[]
}

interface SeccaoDef {
  codigo: number
  descricao: string
  familias: FamiliaDef[]
}

/** Positions in steps of ten, so that a store's own product can go between two of the flagship's. */
const POSICAO_STEP = 10

const familia = (
  codigo: number,
  descricao: string,
  produtos: ProdutoDef[],
  visivel: 0 | 1 = 1,
  doses: Pick<FamiliaDef, 'meiadose' | 'dose'> = {},
): FamiliaDef => ({
  codigo,
  descricao,
  visivel,
  ...doses,
  produtos: produtos.map((p, i) => ({ ...p, posicao: p.posicao ?? (i + 1) * POSICAO_STEP })),
})

const CHIADO: SeccaoDef[] = [
  {
    codigo: 1,
    descricao: 'Cafetaria',
    familias: [
      familia(11, 'Cafés', [
        {
          cod: 1001,
          nome: 'Bica',
          preco: 0.9,
          descricao: 'O nosso café de torra própria, 100% arábica, tirado na hora.',
          imagem: 'cafe',
          opcoes: [OPCOES.acucar, OPCOES.tiragem],
        },
        {
          cod: 1002,
          nome: 'Descafeinado',
          preco: 0.95,
          descricao: 'Todo o aroma da nossa bica, sem cafeína.',
          imagem: 'cafe',
          opcoes: [OPCOES.acucar, OPCOES.tiragem],
        },
        {
          cod: 1003,
          nome: 'Abatanado',
          preco: 1.3,
          descricao: 'Café longo, em chávena grande.',
          imagem: 'cafe',
          extras: [EXTRA.leiteAParte],
          opcoes: [OPCOES.acucar],
        },
        {
          cod: 1004,
          nome: 'Carioca de limão',
          preco: 0.9,
          descricao: 'Infusão de casca de limão, servida na chávena do café.',
          imagem: 'cha',
          opcoes: [OPCOES.acucar],
        },
      ]),
      familia(12, 'Bebidas quentes', [
        {
          cod: 1101,
          nome: 'Galão',
          preco: 1.8,
          descricao: 'Leite quente e café em copo alto, claro ou escuro, como preferir.',
          imagem: 'galao',
          extras: [EXTRA.leiteSemLactose, EXTRA.leiteAveia, EXTRA.cafeExtra],
          maxComplementos: 2,
          opcoes: [OPCOES.acucar, OPCOES.galao],
        },
        {
          cod: 1102,
          nome: 'Meia de leite',
          preco: 1.6,
          descricao: 'Metade café, metade leite, em chávena almoçadeira.',
          imagem: 'cafe-com-leite',
          extras: [EXTRA.leiteSemLactose, EXTRA.leiteAveia, EXTRA.cafeExtra],
          maxComplementos: 2,
          opcoes: [OPCOES.acucar],
        },
        {
          cod: 1103,
          nome: 'Cappuccino',
          preco: 2.6,
          descricao: 'Café com leite cremoso e espuma de leite.',
          imagem: 'cafe-com-leite',
          extras: [EXTRA.leiteSemLactose, EXTRA.leiteAveia, EXTRA.canela],
          maxComplementos: 2,
          opcoes: [OPCOES.acucar],
        },
        {
          cod: 1104,
          nome: 'Chocolate quente',
          preco: 2.9,
          descricao: 'Chocolate de leite cremoso, com chantili.',
          imagem: 'chocolate-quente',
          extras: [EXTRA.leiteSemLactose, EXTRA.canela],
          opcoes: [OPCOES.chantili],
        },
        {
          cod: 1105,
          nome: 'Chá e infusões',
          preco: 1.8,
          descricao: 'Chá preto, chá verde ou infusões de ervas, em bule individual.',
          imagem: 'cha',
          extras: [EXTRA.limao, EXTRA.mel],
          opcoes: [OPCOES.infusao, OPCOES.acucar],
        },
      ]),
      familia(13, 'Pequenos-almoços', [
        {
          cod: 1201,
          nome: 'Menu pequeno-almoço',
          preco: 3.2,
          descricao: 'Galão, meia de leite ou bica, com torrada de pão de forma ou de mistura.',
          imagem: 'pequeno-almoco',
          // The torrada is the menu's and always comes; on top of it, one of the two upgrades.
          extras: [EXTRA.torradaMenu, EXTRA.sumoMenu, EXTRA.nataMenu],
          maxComplementos: 2,
          opcoes: [BEBIDA_OBRIGATORIA, OPCOES.pao],
        },
        {
          cod: 1202,
          nome: 'Pequeno-almoço Nata & Grão',
          preco: 4.9,
          descricao: 'Bica, pastel de nata e sumo de laranja natural.',
          imagem: 'pequeno-almoco',
          extras: [EXTRA.canela],
          opcoes: [OPCOES.acucar],
        },
      ]),
    ],
  },
  {
    codigo: 2,
    descricao: 'Pastelaria',
    familias: [
      familia(21, 'Bolos e pastéis', [
        {
          cod: 2001,
          nome: 'Pastel de nata',
          preco: 1.3,
          descricao: 'Massa folhada estaladiça e creme de ovos, a sair do forno de hora a hora.',
          imagem: 'pastel-de-nata',
          extras: [EXTRA.canela, EXTRA.acucarEmPo],
        },
        {
          cod: 2002,
          nome: 'Caixa de 6 pastéis de nata',
          preco: 7.5,
          descricao: 'Seis pastéis de nata em caixa, para levar para casa ou para o escritório.',
          imagem: 'caixa-pasteis-de-nata',
          extras: [EXTRA.saquetasCanela, EXTRA.acucarEmPo],
        },
        {
          cod: 2003,
          nome: 'Bola de Berlim',
          preco: 1.8,
          descricao: 'Massa fofa polvilhada com açúcar, com ou sem creme de ovos.',
          imagem: 'bola-de-berlim',
          opcoes: [OPCOES.recheio],
        },
        {
          cod: 2004,
          nome: 'Pão de Deus',
          preco: 1.9,
          descricao: 'Brioche macio com cobertura de coco ralado.',
          imagem: 'pao-de-deus',
          extras: [EXTRA.manteiga, EXTRA.fiambre, EXTRA.queijo],
          maxComplementos: 2,
          opcoes: [OPCOES.servir],
        },
        {
          cod: 2005,
          nome: 'Croissant simples',
          preco: 1.6,
          descricao: 'Croissant de manteiga, folhado e dourado.',
          imagem: 'croissant',
          extras: [EXTRA.manteiga, EXTRA.compota],
          maxComplementos: 1,
          opcoes: [OPCOES.servir],
        },
        {
          cod: 2006,
          nome: 'Fatia de bolo-rei',
          preco: 2.5,
          descricao: 'Só nesta época: massa fofa com frutos cristalizados e frutos secos.',
          imagem: 'bolo-rei',
        },
        {
          // A test batch that did not stay: the POS keeps it, hidden.
          cod: 2007,
          nome: 'Pastel de nata com chocolate',
          preco: 1.5,
          descricao: 'Edição limitada.',
          imagem: 'pastel-de-nata',
          visivel: false,
        },
      ]),
      familia(22, 'Pão', [
        { cod: 2101, nome: 'Carcaça', preco: 0.3, descricao: null, imagem: 'pao' },
        { cod: 2102, nome: 'Pão de mistura', preco: 0.45, descricao: null, imagem: 'pao' },
        {
          cod: 2103,
          nome: 'Pão de fermentação lenta (500 g)',
          preco: 3.6,
          descricao: 'Massa-mãe, farinha de trigo e centeio e 24 horas de fermentação.',
          imagem: 'pao',
          opcoes: [OPCOES.corte],
        },
      ]),
    ],
  },
  {
    codigo: 3,
    descricao: 'Salgados e Tostas',
    familias: [
      familia(
        31,
        'Tostas',
        [
          {
            cod: 3001,
            nome: 'Tosta mista',
            preco: 3.9,
            descricao: 'Fiambre e queijo, no pão que escolher, bem tostada na chapa.',
            imagem: 'tosta',
            extras: [EXTRA.extraQueijo, EXTRA.extraFiambre, EXTRA.ovo],
            maxComplementos: 2,
            opcoes: [OPCOES.pao],
          },
          {
            cod: 3002,
            nome: 'Tosta de queijo',
            preco: 3,
            descricao: 'Queijo flamengo derretido em pão tostado.',
            imagem: 'tosta',
            extras: [EXTRA.extraQueijo, EXTRA.ovo],
            opcoes: [OPCOES.pao],
          },
          {
            cod: 3003,
            nome: 'Tosta de frango',
            preco: 4.5,
            descricao: 'Frango desfiado, queijo e maionese de ervas.',
            imagem: 'tosta',
            extras: [EXTRA.extraQueijo, EXTRA.ovo],
            opcoes: [OPCOES.pao],
          },
          {
            cod: 3004,
            nome: 'Torrada',
            preco: 1.9,
            descricao: 'Pão torrado com manteiga, como se faz em Portugal.',
            imagem: 'torrada',
            extras: [EXTRA.compota],
            opcoes: [OPCOES.pao, OPCOES.codea],
          },
          {
            cod: 3005,
            nome: 'Croissant misto',
            preco: 3.2,
            descricao: 'Croissant aquecido com fiambre e queijo.',
            imagem: 'croissant-misto',
            extras: [EXTRA.extraQueijo, EXTRA.extraFiambre],
          },
        ],
        1,
        // Half a tosta or a torrada is half the bread: the POS names the portions so.
        { dose: 'Inteira', meiadose: 'Meia' },
      ),
      familia(32, 'Salgados', [
        {
          cod: 3101,
          nome: 'Rissol de camarão',
          preco: 1.9,
          descricao: 'Massa tenra e recheio cremoso de camarão, panado.',
          imagem: 'salgados',
          opcoes: [OPCOES.servir],
        },
        {
          cod: 3102,
          nome: 'Pastel de bacalhau',
          preco: 1.9,
          descricao: 'Bacalhau, batata, cebola e salsa, como manda a tradição.',
          imagem: 'salgados',
          opcoes: [OPCOES.servir],
        },
        {
          cod: 3103,
          nome: 'Empada de galinha',
          preco: 2.1,
          descricao: 'Massa quebrada e recheio de galinha desfiada.',
          imagem: 'salgados',
          opcoes: [OPCOES.servir],
        },
        { cod: 3104, nome: 'Folhado de salsicha', preco: 2, descricao: null, imagem: 'salgados' },
      ]),
    ],
  },
  {
    codigo: 4,
    descricao: 'Bebidas',
    familias: [
      familia(41, 'Sumos naturais', [
        {
          cod: 4001,
          nome: 'Sumo de laranja natural',
          preco: 3.2,
          descricao: 'Laranjas do Algarve espremidas na hora.',
          imagem: 'sumo-de-laranja',
          opcoes: [OPCOES.gelo],
        },
        {
          cod: 4002,
          nome: 'Limonada da casa',
          preco: 2.8,
          descricao: 'Limão espremido, água fresca e um toque de açúcar de cana.',
          imagem: 'limonada',
          extras: [EXTRA.hortela],
          opcoes: [OPCOES.gelo],
        },
      ]),
      familia(42, 'Águas, refrigerantes e cerveja', [
        {
          cod: 4101,
          nome: 'Água mineral (50 cl)',
          preco: 1.2,
          descricao: null,
          imagem: null,
          opcoes: [OPCOES.temperatura],
        },
        {
          cod: 4102,
          nome: 'Água com gás (25 cl)',
          preco: 1.4,
          iva: 23,
          descricao: null,
          imagem: null,
          extras: [EXTRA.limao],
          opcoes: [OPCOES.temperatura],
        },
        {
          cod: 4103,
          nome: 'Refrigerante (lata 33 cl)',
          preco: 1.9,
          iva: 23,
          descricao: 'Cola, cola zero, laranja ou limão.',
          imagem: null,
          opcoes: [OPCOES.gelo],
        },
        {
          cod: 4104,
          nome: 'Imperial',
          preco: 1.8,
          iva: 23,
          descricao: 'Cerveja de pressão, 20 cl.',
          imagem: null,
        },
      ]),
      // Summer drinks stay in the POS all year; the store hides the family out of season.
      familia(
        43,
        'Bebidas de verão',
        [
          {
            cod: 4201,
            nome: 'Café gelado',
            preco: 2.5,
            descricao: 'Bica dupla sobre gelo, com ou sem leite.',
            imagem: null,
            opcoes: [OPCOES.acucar],
          },
          {
            cod: 4202,
            nome: 'Chá gelado da casa',
            preco: 2.4,
            descricao: 'Chá preto com pêssego e hortelã.',
            imagem: null,
          },
        ],
        0,
      ),
    ],
  },
  {
    codigo: 5,
    descricao: 'Almoço',
    familias: [
      familia(
        51,
        'Sopas e saladas',
        [
          {
            cod: 5001,
            nome: 'Sopa do dia',
            preco: 2.2,
            descricao: 'Creme de legumes da época, feito de manhã. Sem glúten e sem lactose.',
            imagem: null,
          },
          {
            cod: 5002,
            nome: 'Salada de grão com bacalhau',
            preco: 7.5,
            descricao: 'Grão-de-bico, bacalhau lascado, cebola roxa, salsa, azeite e vinagre.',
            imagem: null,
            extras: [EXTRA.extraAzeitonas],
          },
          {
            cod: 5003,
            nome: 'Salada de quinoa e grão',
            preco: 6.9,
            descricao: 'Quinoa, grão-de-bico, legumes assados, sementes de sésamo e harissa.',
            imagem: null,
          },
          {
            cod: 5004,
            nome: 'Quiche de espinafres',
            preco: 5.8,
            descricao: 'Espinafres, ovos e queijo em massa quebrada, ao forno.',
            imagem: null,
          },
          {
            cod: 5010,
            nome: 'Menu almoço',
            preco: 9.5,
            descricao: 'Sopa, prato e bebida à sua escolha.',
            imagem: null,
            opcoes: [OPCOES.sopaMenu, OPCOES.pratoMenu, OPCOES.bebidaAlmoco],
          },
        ],
        1,
        { meiadose: 1 },
      ),
    ],
  },
]

// ---------------------------------------------------------------------------------------------------------------
// The other stores: the flagship's menu with a few changes
// ---------------------------------------------------------------------------------------------------------------

interface Variante {
  /** Families (by name) the store does not have. */
  semFamilias?: string[]
  /** Products (by name) the store does not sell. */
  semProdutos?: string[]
  /** The store's own products, by family name. */
  proprios?: Record<string, ProdutoDef[]>
  /** Families the store names otherwise. */
  renomear?: Record<string, string>
}

/** A store's menu from the flagship's. Names that match nothing throw: a renamed product must not go unnoticed. */
function variante(base: SeccaoDef[], v: Variante): SeccaoDef[] {
  const familias = base.flatMap((s) => s.familias.map((f) => f.descricao))
  const produtos = base.flatMap((s) => s.familias.flatMap((f) => f.produtos.map((p) => p.nome)))
  const names = [...(v.semFamilias ?? []), ...Object.keys(v.proprios ?? {}), ...Object.keys(v.renomear ?? {})]
  for (const name of names) if (!familias.includes(name)) throw new Error(`Família desconhecida: ${name}`)
  for (const name of v.semProdutos ?? []) if (!produtos.includes(name)) throw new Error(`Produto desconhecido: ${name}`)
  return base
    .map((s) => ({
      ...s,
      familias: s.familias
        .filter((f) => !v.semFamilias?.includes(f.descricao))
        .map((f) => ({
          ...f,
          descricao: v.renomear?.[f.descricao] ?? f.descricao,
          produtos: [
            ...f.produtos.filter((p) => !v.semProdutos?.includes(p.nome)),
            ...(v.proprios?.[f.descricao] ?? []),
          ].sort((a, b) => (a.posicao ?? 0) - (b.posicao ?? 0)),
        })),
    }))
    .filter((s) => s.familias.length > 0)
}

/** 862's hidden items are there to test hiding; the smaller stores' POS never had them. */
const OCULTOS: Variante = { semFamilias: ['Bebidas de verão'], semProdutos: ['Pastel de nata com chocolate'] }

/** Saldanha: offices around, quick breakfasts, no bread counter and no beer. */
const SALDANHA = variante(CHIADO, {
  semFamilias: [...(OCULTOS.semFamilias ?? []), 'Pão'],
  semProdutos: [...(OCULTOS.semProdutos ?? []), 'Carioca de limão', 'Fatia de bolo-rei', 'Imperial'],
  renomear: { 'Sumos naturais': 'Sumos e batidos' },
  proprios: {
    Tostas: [
      {
        cod: 3006,
        posicao: 35,
        nome: 'Tosta de atum',
        preco: 3.8,
        descricao: 'Atum, cebola roxa e maionese, em pão de mistura.',
        imagem: 'tosta',
        extras: [EXTRA.extraQueijo, EXTRA.ovo],
        maxComplementos: 1,
      },
    ],
    'Sumos naturais': [
      {
        cod: 4003,
        posicao: 30,
        nome: 'Batido de banana e aveia',
        preco: 3.5,
        descricao: 'Banana, flocos de aveia e leite, batidos na hora.',
        imagem: 'batido',
        extras: [EXTRA.leiteAveia, EXTRA.mel],
        opcoes: [OPCOES.gelo],
      },
    ],
  },
})

/** Santa Catarina, in Porto: a shorter menu, with the city's regueifa and a northern pastel de Chaves. */
const SANTA_CATARINA = variante(CHIADO, {
  semFamilias: OCULTOS.semFamilias ?? [],
  semProdutos: [
    ...(OCULTOS.semProdutos ?? []),
    'Pão de fermentação lenta (500 g)',
    'Tosta de frango',
    'Folhado de salsicha',
    'Croissant misto',
    'Água com gás (25 cl)',
  ],
  proprios: {
    Pão: [
      {
        cod: 2104,
        posicao: 30,
        nome: 'Regueifa',
        preco: 2.2,
        descricao: 'O pão de festa do Porto: massa macia em anel, com côdea fina.',
        imagem: 'pao',
        opcoes: [OPCOES.corte],
      },
    ],
    Salgados: [
      {
        cod: 3105,
        posicao: 40,
        nome: 'Pastel de Chaves',
        preco: 2.6,
        descricao: 'Massa folhada em meia-lua, recheada com carne de vitela.',
        imagem: 'salgados',
        opcoes: [OPCOES.servir],
      },
    ],
  },
})

// ---------------------------------------------------------------------------------------------------------------

/** A product as the POS sends it; its suggestions only those of `codigos` (the store's menu), as a real POS's. */
function produtoEnviado(
  p: ProdutoDef,
  imagem: (key: ImagemKey) => string,
  codigos: ReadonlySet<number>,
): ProdutoEnviado {
  const extras = p.extras ?? []
  const opcoes = p.opcoes ?? []
  const obrigatorios = extras.filter((e) => e.obrigatorio === 1).length
  const info = INFO_PRODUTOS[p.cod] ?? {}
  const sugeridos = info.sugeridos?.filter((c) => codigos.has(Number(c)))
  return {
    ...info,
    ...(sugeridos ? { sugeridos } : {}),
    cod_produto: p.cod,
    produto: p.nome,
    posicao: p.posicao ?? 0,
    precovenda: p.preco,
    iva: p.iva ?? 13,
    visivel: p.visivel ?? true,
    descricao: p.descricao,
    imagem: p.imagem === null ? null : imagem(p.imagem),
    maxopcoes: p.maxOpcoes ?? opcoes.length,
    // Mandatory complements count towards both limits.
    min_complementos: obrigatorios,
    max_complementos: p.maxComplementos ?? 0,
    complementares: extras,
    opcoes,
  }
}

/**
 * The group's POS prices table service at the counter's price plus 0,20 € in `pvp2`, as many a Portuguese café does;
 * each store chooses whether the app charges it to whoever eats in (its setting, `DEMO_TABELAS_PRECO`; ):
 * Santa Catarina does, the others charge `precovenda` for both.
 */
const MESA = 0.2
export const DEMO_TABELAS_PRECO: Readonly<
  Record<number, { preco_take_away: TabelaPreco; preco_na_loja: TabelaPreco }>
> = { 861: { preco_take_away: 'precovenda', preco_na_loja: 'pvp2' } }

/** Snapshots for the demo stores and the product pictures they point at (each picture once, whoever uses it). */
export function demoEmentas(): { ementas: EmentaDemo[]; imagens: ImagemSeed[] } {
  const imagens = new Map<ImagemKey, ImagemSeed>()
  const imagem = (key: ImagemKey) => {
    let seed = imagens.get(key)
    if (!seed) {
      const base = `produto-${key}`
      if (!IMAGE_BASE.test(base)) throw new Error(`Nome de imagem inválido: ${base}`)
      const conteudo = IMAGENS[key]()
      seed = { nome: svgFileName(base, conteudo), conteudo }
      imagens.set(key, seed)
    }
    return seed.nome
  }
  const lojas: [number, SeccaoDef[], string][] = [
    [862, CHIADO, '2026-11-20T08:00:00Z'],
    [848, SALDANHA, '2026-11-20T07:30:00Z'],
    [861, SANTA_CATARINA, '2026-11-19T18:45:00Z'],
  ]
  const ementas = lojas.map(([id_loja, defs, last_update]): EmentaDemo => {
    const codigos = new Set(defs.flatMap((s) => s.familias.flatMap((f) => f.produtos.map((p) => p.cod))))
    const seccoes = defs.map(
      (s): SeccaoEnviada => ({
        codigo: s.codigo,
        descricao: s.descricao,
        visivel: 1,
        familias: s.familias.map(
          (f): FamiliaEnviada => ({
            codigo: f.codigo,
            descricao: f.descricao,
            visivel: f.visivel ?? 1,
            ...(f.meiadose === undefined ? {} : { meiadose: f.meiadose }),
            ...(f.dose === undefined ? {} : { dose: f.dose }),
            produtos: f.produtos.map((p) => ({
              ...produtoEnviado(p, imagem, codigos),
              pvp2: Math.round((p.preco + MESA) * 100) / 100,
            })),
          }),
        ),
      }),
    )
    // From the content, as a POS derives it: a menu edited in this file is a new snapshot on the next import (the
    // store API ignores a snapshot whose hash it already has).
    const digest = createHash('sha256').update(JSON.stringify(seccoes)).digest('hex').slice(0, 12)
    return { id_loja, ementa: { hash: `demo-${id_loja}-${digest}`, last_update, base_url: '/imagens/', seccoes } }
  })
  return { ementas, imagens: [...imagens.values()] }
}
