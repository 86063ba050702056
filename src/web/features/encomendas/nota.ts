import { OBSERVACOES_MAX } from '../../../shared/constants.ts'
import { semProibidosLinha } from '../../../shared/texto-linha.ts'

/**
 * A note for the kitchen as the product page adds it to the cart: one line with only what the server's rule allows
 * (shared `semProibidosLinha`: a pasted zero-width space or bidi mark goes, a line break becomes a space), spaces
 * collapsed, trimmed, at most 140 UTF-16 units as the server counts them, never cutting an emoji's surrogate pair in
 * two; '' when none. Apart from carrinho.ts, which every ordering screen loads first: only the product page (a part of
 * its own) writes notes, and the confirmation's first load stays within its budget (docs/decisions/0010).
 */
export const limparNota = (texto: string): string =>
  semProibidosLinha(texto)
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, OBSERVACOES_MAX)
    // A cut through an emoji leaves half its surrogate pair: it goes too (the rule refuses a lone one).
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim()
