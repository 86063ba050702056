import type { EmentaEnviada } from '../../shared/ementa.ts'

/**
 * What the demo POS says of each product beyond its name and price (decision 0026): allergens (Annex II, by code, number
 * or name, as a POS may send any), traces, nutrition, dietary marks, preparation time, half portions and suggestions,
 * by `cod_produto`; and (decision 0037) the beer sold to adults only and the take-away packaging of some dishes. A product absent here sends none of it: its allergens are unknown, as a POS that never
 * filled them in would leave them ('Folhado de salsicha', 'Pastel de Chaves').
 */

type ProdutoEnviado = EmentaEnviada['seccoes'][number]['familias'][number]['produtos'][number]

export type InfoProduto = Pick<
  ProdutoEnviado,
  | 'alergenios'
  | 'pode_conter'
  | 'gluten'
  | 'lactose'
  | 'calorias'
  | 'sal'
  | 'vegetariano'
  | 'picante'
  | 'dieta'
  | 'pessoas'
  | 'tempo'
  | 'precomeia'
  | 'highlight'
  | 'composto'
  | 'sugeridos'
  | 'restricted'
  | 'embalagem'
>

/** Coffee, tea, juice and water: nothing of Annex II. */
const SEM: InfoProduto = { alergenios: [], vegetariano: 1 }
/** Viennoiserie and pastry: wheat, eggs and butter. */
const PASTELARIA = ['gluten', 'ovos', 'leite']

export const INFO_PRODUTOS: Record<number, InfoProduto> = {
  // Cafés
  1001: { ...SEM, calorias: 2, tempo: 2, sugeridos: [2001, 2004] },
  1002: { ...SEM, calorias: 2, tempo: 2 },
  1003: { ...SEM, calorias: 4, tempo: 2 },
  1004: { ...SEM, calorias: 5, tempo: 3 },
  // Bebidas quentes: ZoneSoft's flags (`gluten`/`lactose`) sent with the list; the list is what makes them known. The
  // POS gives an extra no allergens of its own, so the product covers its extras: 'Leite de aveia' (oats, a cereal of
  // Annex II's gluten) makes every drink that offers it one that may contain gluten.
  1101: {
    alergenios: ['leite'],
    pode_conter: ['gluten'],
    gluten: 0,
    lactose: 1,
    vegetariano: 1,
    calorias: 120,
    tempo: 3,
    sugeridos: [2001, 3004],
  },
  1102: {
    alergenios: ['leite'],
    pode_conter: ['gluten'],
    gluten: 0,
    lactose: 1,
    vegetariano: 1,
    calorias: 95,
    tempo: 3,
    sugeridos: [2005],
  },
  1103: { alergenios: ['Leite'], pode_conter: ['Glúten'], vegetariano: 1, calorias: 110, tempo: 4 },
  1104: {
    alergenios: ['leite'],
    pode_conter: ['frutos de casca rija', 'soja'],
    vegetariano: 1,
    calorias: 290,
    tempo: 5,
    sugeridos: [2003],
  },
  1105: { ...SEM, calorias: 2, tempo: 5 },
  // Pequenos-almoços
  1201: { alergenios: ['gluten', 'leite'], pode_conter: ['ovos', 'sesamo'], vegetariano: 1, calorias: 380, tempo: 6 },
  1202: { alergenios: [...PASTELARIA], vegetariano: 1, calorias: 420, tempo: 5, sugeridos: [2002] },
  // Bolos e pastéis
  2001: {
    alergenios: [1, 3, 7],
    vegetariano: 1,
    calorias: 298,
    sal: 0.2,
    tempo: 2,
    highlight: 1,
    sugeridos: [1001, 1101, 2002],
  },
  2002: { alergenios: [1, 3, 7], vegetariano: 1, calorias: 1790, sal: 1.2, pessoas: 6, tempo: 5, sugeridos: [1001] },
  2003: { alergenios: [...PASTELARIA], pode_conter: ['frutos_casca_rija'], vegetariano: 1, calorias: 350, tempo: 2 },
  2004: { alergenios: [...PASTELARIA], vegetariano: 1, calorias: 330, sal: 0.6, tempo: 3, sugeridos: [1101] },
  2005: { alergenios: [...PASTELARIA], pode_conter: ['sésamo'], vegetariano: 1, calorias: 270, sal: 0.7, tempo: 2 },
  2006: {
    alergenios: [...PASTELARIA, 'frutos_casca_rija', 'Dióxido de enxofre e sulfitos'],
    vegetariano: 1,
    calorias: 340,
    tempo: 2,
  },
  2007: { alergenios: [...PASTELARIA], vegetariano: 1 },
  // Pão
  2101: { alergenios: ['gluten'], pode_conter: ['sesamo', 'soja'], vegetariano: 1, calorias: 150, sal: 0.6 },
  2102: { alergenios: ['gluten'], pode_conter: ['sesamo', 'soja'], vegetariano: 1, calorias: 170, sal: 0.7 },
  2103: { alergenios: ['gluten'], pode_conter: ['sesamo'], vegetariano: 1, calorias: 1250, sal: 5, pessoas: 6 },
  2104: { alergenios: [...PASTELARIA], vegetariano: 1, calorias: 900, pessoas: 4 },
  // Tostas: the family sells half of the plain ones ('Meia tosta').
  3001: {
    alergenios: ['gluten', 'leite'],
    pode_conter: ['ovos', 'sesamo', 'mostarda'],
    calorias: 420,
    sal: 2.4,
    tempo: 8,
    precomeia: 2.3,
    highlight: 1,
    sugeridos: [4001, 1101],
  },
  3002: {
    alergenios: ['gluten', 'leite'],
    pode_conter: ['sesamo'],
    vegetariano: 1,
    calorias: 360,
    sal: 1.8,
    tempo: 8,
    precomeia: 1.8,
    sugeridos: [4002],
  },
  3003: { alergenios: ['gluten', 'leite', 'ovos', 'mostarda'], calorias: 520, sal: 2.2, tempo: 12 },
  3004: { alergenios: ['gluten', 'leite'], vegetariano: 1, calorias: 280, sal: 1.1, tempo: 5, precomeia: 1.1 },
  3005: { alergenios: [...PASTELARIA], pode_conter: ['mostarda'], calorias: 390, sal: 1.9, tempo: 6 },
  3006: { alergenios: ['gluten', 'peixes', 'ovos', 'mostarda'], calorias: 450, sal: 2.3, tempo: 8, precomeia: 2.2 },
  // Salgados
  3101: { alergenios: ['gluten', 'crustaceos', 'ovos', 'leite'], pode_conter: ['moluscos'], calorias: 190, tempo: 4 },
  3102: { alergenios: ['peixes', 'ovos'], pode_conter: ['gluten'], calorias: 160, sal: 0.6, tempo: 4 },
  3103: { alergenios: [...PASTELARIA], pode_conter: ['aipo'], calorias: 310, tempo: 5 },
  // Bebidas
  4001: { ...SEM, calorias: 110, sal: 0, dieta: 1, tempo: 4, sugeridos: [2001, 3001] },
  4002: { ...SEM, calorias: 90, sal: 0, tempo: 4 },
  4003: { alergenios: ['gluten', 'leite'], vegetariano: 1, calorias: 260, tempo: 5 },
  4101: { ...SEM, calorias: 0, sal: 0 },
  4102: { ...SEM, calorias: 0, sal: 0.05 },
  4103: { ...SEM, calorias: 139 },
  // Beer: sold to adults only (DL 50/2013), as the POS marks it (decision 0037).
  4104: { alergenios: ['Cereais que contêm glúten'], vegetariano: 1, calorias: 86, restricted: 1 },
  4201: { ...SEM, calorias: 20 },
  4202: { ...SEM, calorias: 70 },
  // Almoço: soups and salads by the dose or the half dose, free of gluten and milk; a quiche from the oven.
  5001: {
    alergenios: ['aipo'],
    gluten: 0,
    lactose: 0,
    vegetariano: 1,
    dieta: 1,
    calorias: 95,
    sal: 0.9,
    tempo: 5,
    precomeia: 1.4,
    sugeridos: [2102, 5002],
    // Taken away in a plastic cup: the single-use packaging contribution (decision 0037).
    embalagem: 'plastico',
  },
  5002: {
    alergenios: ['peixes', 'sulfitos'],
    pode_conter: ['mostarda'],
    calorias: 430,
    sal: 2.1,
    tempo: 10,
    precomeia: 4.5,
    highlight: 1,
    sugeridos: [5001, 4002],
  },
  5003: {
    alergenios: ['sesamo'],
    pode_conter: ['frutos_casca_rija'],
    vegetariano: 1,
    picante: 1,
    calorias: 390,
    sal: 1.4,
    tempo: 10,
    precomeia: 4.2,
    sugeridos: [5001],
  },
  5004: {
    alergenios: [...PASTELARIA],
    vegetariano: 1,
    calorias: 480,
    sal: 1.6,
    pessoas: 1,
    tempo: 20,
    sugeridos: [5001],
    // A paper box: no contribution.
    embalagem: 'papel',
  },
  // A composite: soup, main and drink, each the customer's pick (decision 0026: `composto`). Its components carry no
  // allergens of their own in the POS, so it declares what any of them contains, and their traces (5002's mustard,
  // 5003's tree nuts).
  5010: {
    alergenios: ['gluten', 'ovos', 'peixes', 'leite', 'aipo', 'sesamo', 'sulfitos'],
    pode_conter: ['mostarda', 'frutos_casca_rija'],
    calorias: 700,
    tempo: 20,
    composto: 1,
    // Taken away in an aluminium tray.
    embalagem: 'aluminio',
  },
}
