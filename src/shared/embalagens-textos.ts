/**
 * What the customer and the counter read of the single-use packaging contribution (decision 0037): apart from
 * shared/embalagens.ts so that the screens that only say it carry these words and nothing else. Free of imports.
 */

/** A contribution's line, in the cart, the checkout, the confirmation, the board and the e-mail: one per product. */
export const linhaEmbalagem = (produto: string) => `Contribuição embalagem: ${produto}`

/** The checkbox at the checkout that removes the contribution and tells the kitchen. */
export const TRAGO_RECIPIENTE = 'Trago o meu recipiente'
