/**
 * What rewards take off a bill (decision 0051): `itens` of an amount-off reward worth `valor` cents each, never more
 * than the bill. A product given takes nothing off the till's bill (`valor` 0). Free of zod: the till's form says it.
 */
export const descontoDosPremios = (itens: number, valor: number, total: number) => Math.min(itens * valor, total)

export const SALDO_ACIMA_DO_RESTANTE = 'O saldo a usar não pode ser maior do que o total depois do prémio.'
