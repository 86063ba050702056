/** Product constants (spec §9) that both sides use. Kept free of imports so the web bundle stays small. */

/** Tags of the legal pages that have their own fixed routes (/termos/, /politica-de-privacidade/). */
export const TERMOS_TAG = 'termos-e-condicoes'
export const POLITICA_PRIVACIDADE_TAG = 'politica-de-privacidade'

export const COPYRIGHT_YEAR = 2024

/** Form and loyalty limits the screens show before any validation code has loaded (spec §5, §9). */
export const DEFAULT_PAIS = '351'
export const PASSWORD_LENGTH = 6
export const RATING_MIN = 1
export const RATING_MAX = 5
export const ULTIMAS_TRANSACOES = 4
export const COMENTARIO_MAX = 1000

/** Lines in one cart, and units of one line: a counter's order, with room; past these a cart is a mistake or abuse. */
export const CARRINHO_LINHAS_MAX = 50
export const QUANTIDADE_MAX = 99
/** A cart line's note for the kitchen (decision 0026, STORE-API.md `observacoes`). */
export const OBSERVACOES_MAX = 140
/** The most one order may come to (cents): a counter's order ahead, with room; past it, a mistake or abuse. */
export const ENCOMENDA_TOTAL_MAX = 50_000
