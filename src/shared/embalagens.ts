/**
 * Take-away packaging and the single-use packaging contribution (Lei 76/2019; Portaria 331-E/2021): a meal sold to take
 * away in single-use packaging of plastic, aluminium or multimaterial with either pays a contribution per package, shown
 * to the customer and itemised on the invoice (docs/decisions/0037-encomendar-dentro-da-lei.md). The line's words are
 * format.ts `linhaEmbalagem`, which every screen already loads.
 */

/** What a product's take-away packaging is made of, as the POS (`embalagem`) or the back-office says. */
export const EMBALAGENS = ['plastico', 'aluminio', 'multimaterial', 'papel', 'nenhuma'] as const
export type Embalagem = (typeof EMBALAGENS)[number]

/** The packagings the contribution falls on (Portaria 331-E/2021, art. 2): plastic, aluminium, multimaterial. */
export const EMBALAGENS_COM_CONTRIBUICAO: readonly Embalagem[] = ['plastico', 'aluminio', 'multimaterial']

export const pagaContribuicao = (embalagem: Embalagem | null | undefined): boolean =>
  embalagem != null && EMBALAGENS_COM_CONTRIBUICAO.includes(embalagem)

/** The contribution per package when no setting says otherwise: 0,30 €, VAT included (cents). */
export const CONTRIBUICAO_EMBALAGEM_PADRAO = 30

/** The checkbox at the checkout that removes the contribution and tells the kitchen. */
export const TRAGO_RECIPIENTE = 'Trago o meu recipiente'
