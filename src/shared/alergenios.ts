/**
 * The 14 allergens of Annex II of EU Regulation 1169/2011 (Decreto-Lei 26/2016 in Portugal), in the Annex's order:
 * what a menu import reads (number, code or pt-PT name, STORE-API.md `PUT /api/loja/v1/ementa`), what the catalogue
 * carries (code and name) and what the customer's filters avoid. One list for the server and the app.
 */
export const ALERGENIOS = [
  { numero: 1, codigo: 'gluten', nome: 'Glúten', nomeAnexo: 'Cereais que contêm glúten' },
  { numero: 2, codigo: 'crustaceos', nome: 'Crustáceos', nomeAnexo: 'Crustáceos' },
  { numero: 3, codigo: 'ovos', nome: 'Ovos', nomeAnexo: 'Ovos' },
  { numero: 4, codigo: 'peixes', nome: 'Peixes', nomeAnexo: 'Peixes' },
  { numero: 5, codigo: 'amendoins', nome: 'Amendoins', nomeAnexo: 'Amendoins' },
  { numero: 6, codigo: 'soja', nome: 'Soja', nomeAnexo: 'Soja' },
  { numero: 7, codigo: 'leite', nome: 'Leite', nomeAnexo: 'Leite' },
  { numero: 8, codigo: 'frutos_casca_rija', nome: 'Frutos de casca rija', nomeAnexo: 'Frutos de casca rija' },
  { numero: 9, codigo: 'aipo', nome: 'Aipo', nomeAnexo: 'Aipo' },
  { numero: 10, codigo: 'mostarda', nome: 'Mostarda', nomeAnexo: 'Mostarda' },
  { numero: 11, codigo: 'sesamo', nome: 'Sésamo', nomeAnexo: 'Sementes de sésamo' },
  { numero: 12, codigo: 'sulfitos', nome: 'Sulfitos', nomeAnexo: 'Dióxido de enxofre e sulfitos' },
  { numero: 13, codigo: 'tremoco', nome: 'Tremoço', nomeAnexo: 'Tremoço' },
  { numero: 14, codigo: 'moluscos', nome: 'Moluscos', nomeAnexo: 'Moluscos' },
] as const

export type Alergenio = (typeof ALERGENIOS)[number]
export type CodigoAlergenio = Alergenio['codigo']
export const CODIGOS_ALERGENIOS = ALERGENIOS.map((a) => a.codigo) as [CodigoAlergenio, ...CodigoAlergenio[]]

/** The text the product screen shows where the menu says nothing of allergens (never an empty section). */
export const ALERGENIOS_DESCONHECIDOS = 'Informação sobre alergénios: pergunte na loja'

/** What a product's allergens are, as the catalogue carries them. `contem` null: the menu says nothing (unknown). */
export interface AlergeniosProduto {
  contem: readonly CodigoAlergenio[] | null
  pode_conter: readonly CodigoAlergenio[]
}

/**
 * Whether a product is safe for someone avoiding `evitar`: only when its allergens are known and neither what it
 * contains nor its traces name any of them. Unknown allergens are never safe (the filters must not show them).
 */
export function seguroPara(produto: AlergeniosProduto, evitar: readonly CodigoAlergenio[]): boolean {
  if (produto.contem === null) return false
  return !evitar.some((c) => produto.contem?.includes(c) || produto.pode_conter.includes(c))
}

/** Lower case, accents and surrounding spaces gone: how a POS's allergen names are compared. */
const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim()

const POR_NOME = new Map<string, CodigoAlergenio>(
  ALERGENIOS.flatMap((a) => [
    [normalizar(a.codigo), a.codigo],
    [normalizar(a.nome), a.codigo],
    [normalizar(a.nomeAnexo), a.codigo],
  ]),
)

/**
 * The allergen an item of a menu's list names (STORE-API.md): its Annex II number (1–14, as a number or digits), its
 * code or its pt-PT name, case and accents ignored; undefined when it names none.
 */
export function alergenioDe(item: number | string): CodigoAlergenio | undefined {
  if (typeof item === 'number') return Number.isInteger(item) ? ALERGENIOS[item - 1]?.codigo : undefined
  if (/^\s*\d{1,2}\s*$/.test(item)) return ALERGENIOS[Number(item) - 1]?.codigo
  return POR_NOME.get(normalizar(item))
}
