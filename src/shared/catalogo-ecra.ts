import type { ProdutoCatalogo } from './catalogo.ts'

/** What the catalogue's screens show (web/features/encomendas), and the server's words for the same states. */

/** Spec §9: a category shows at most 4 products, then a 'see all' tile. */
export const PRODUTOS_POR_CATEGORIA = 4

/** The size reserved for a product image whose URL does not carry one: the demo's and the POS's usual 4:3. */
export const IMAGEM_LARGURA = 800
export const IMAGEM_ALTURA = 600

export const LOJA_FECHADA = 'A loja está fechada de momento. Pode encomendar assim que abrir.'
/** A store asked for by an id or a tag that names none (its page, its state, its board's kitchen). */
export const LOJA_NAO_EXISTE = 'Esta loja não existe.'

/** The mark of a product sold out today, on its catalogue tile and on its cart line: a state, as a label. */
export const ESGOTADO = 'Esgotado'

/**
 * What the cart and the calculation say, once, of the cart's products sold out today. The menu does not say a
 * product's gender (nor number: 'Castanhas'), so the sentence agrees with 'artigo', right whatever the product's
 * ('Galão está esgotado', 'Castanhas está esgotado' is not).
 */
export function avisoEsgotados(nomes: readonly string[]): string {
  const unicos = [...new Set(nomes)]
  if (unicos.length <= 1)
    return `Artigo esgotado hoje nesta loja: ${unicos[0] ?? ''}. Retire-o do carrinho para encomendar.`
  const lista = `${unicos.slice(0, -1).join(', ')} e ${unicos[unicos.length - 1]}`
  return `Artigos esgotados hoje nesta loja: ${lista}. Retire-os do carrinho para encomendar.`
}

/** The catalogue's quick dietary filters (decision 0026), in the order they show. */
export const FILTROS_RAPIDOS = [
  { chave: 'semGluten', nome: 'Sem glúten' },
  { chave: 'semLactose', nome: 'Sem lactose' },
  { chave: 'vegetariano', nome: 'Vegetariano' },
] as const

/** The products in the order a category lists them: highlighted ones first (decision 0026), then the menu's order. */
export function ordenados(produtos: readonly ProdutoCatalogo[]): ProdutoCatalogo[] {
  return [...produtos.filter((p) => p.destaque), ...produtos.filter((p) => !p.destaque)]
}

/** What a tile says of a product beside its name: the house's suggestion, vegetarian, spicy, a half portion. */
export function marcasCurtas(p: ProdutoCatalogo): string[] {
  const marcas: string[] = []
  if (p.destaque) marcas.push('Sugestão da casa')
  if (p.vegetariano) marcas.push('Vegetariano')
  if (p.picante) marcas.push('Picante')
  if (p.meia_dose && p.pvp_meia_com_iva !== null) marcas.push(p.rotulo_meia)
  return marcas
}
