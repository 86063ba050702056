/**
 * The fiscal regions a store may be in (decision 0036): the mainland, Madeira and the Azores each have their own VAT
 * rates (CIVA art. 18; Lei Orgânica 2/2013 art. 59(2) and the regional decrees for the islands) and the Azores its own clock. A store
 * is on the mainland unless the back-office says otherwise.
 */
export const REGIOES = ['continente', 'madeira', 'acores'] as const
export type Regiao = (typeof REGIOES)[number]

export const REGIAO_PADRAO: Regiao = 'continente'

/** How the back-office names each region. */
export const NOMES_REGIAO: Record<Regiao, string> = {
  continente: 'Portugal continental',
  madeira: 'Região Autónoma da Madeira',
  acores: 'Região Autónoma dos Açores',
}

/** The reduced, intermediate and standard VAT rates (percent) of each region, in that order. */
export const TAXAS_IVA: Record<Regiao, readonly [number, number, number]> = {
  continente: [6, 13, 23],
  madeira: [5, 12, 22],
  acores: [4, 9, 16],
}

/**
 * The time zone of a store's hours, closures, order times and reports: Lisbon's (Madeira keeps the same hour), but the
 * Azores' in the Azores, an hour behind all year.
 */
export const FUSO_REGIAO: Record<Regiao, string> = {
  continente: 'Europe/Lisbon',
  madeira: 'Europe/Lisbon',
  acores: 'Atlantic/Azores',
}

/** A stored region read safely: anything unknown is the mainland, the default. */
export const lerRegiao = (valor: string | null | undefined): Regiao =>
  (REGIOES as readonly string[]).includes(valor ?? '') ? (valor as Regiao) : REGIAO_PADRAO

/** The time zone of a store of `regiao` (as stored: anything unknown is the mainland's, Lisbon's). */
export const fusoDaLoja = (regiao: string | null | undefined): string => FUSO_REGIAO[lerRegiao(regiao)]

/** How a sentence names each region after 'uma taxa' ('de Portugal continental', 'da Região Autónoma dos Açores'). */
const DA_REGIAO: Record<Regiao, string> = {
  continente: 'de Portugal continental',
  madeira: 'da Região Autónoma da Madeira',
  acores: 'da Região Autónoma dos Açores',
}

/** A rate as pt-PT writes it: `23`, `5,5`. */
const percentagem = (taxa: number) => String(taxa).replace('.', ',')

/**
 * A region's rates beyond its three (percent): Madeira's 4 % on the essential goods its 2024 budget names (Decreto
 * Legislativo Regional 6/2024/M, from 1 October 2024), its reduced rate of 5 % staying for the rest of List I.
 */
export const OUTRAS_TAXAS_IVA: Record<Regiao, readonly number[]> = { continente: [], madeira: [4], acores: [] }

/** Every VAT rate a product may carry in `regiao`, the lowest first. */
export const taxasDaRegiao = (regiao: Regiao): number[] =>
  [...OUTRAS_TAXAS_IVA[regiao], ...TAXAS_IVA[regiao]].sort((a, b) => a - b)

/** The region's rates in words: `4, 9 ou 16 %`. */
export function taxasEmTexto(regiao: Regiao): string {
  const taxas = taxasDaRegiao(regiao).map(percentagem)
  return `${taxas.slice(0, -1).join(', ')} ou ${taxas.at(-1)} %`
}

/** Whether `taxa` (percent) is one of the VAT rates of `regiao`. */
export const taxaDaRegiao = (regiao: Regiao, taxa: number): boolean => taxasDaRegiao(regiao).includes(taxa)

/**
 * What a menu is told of a product (or one of its complements, `produto` naming both) whose VAT rate is not one of its
 * store's region: `Pão de Deus: IVA 23 % não é uma taxa da Região Autónoma dos Açores (4, 9 ou 16 %)`.
 */
export const ivaForaDaRegiao = (produto: string, taxa: number, regiao: Regiao): string =>
  `${produto}: IVA ${percentagem(taxa)} % não é uma taxa ${DA_REGIAO[regiao]} (${taxasEmTexto(regiao)})`
