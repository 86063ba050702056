/** Product constants (spec §9) that both sides use. Kept free of imports so the web bundle stays small. */

/** Tags of the legal pages that have their own fixed routes (/termos/, /politica-de-privacidade/). */
export const TERMOS_TAG = 'termos-e-condicoes'
export const POLITICA_PRIVACIDADE_TAG = 'politica-de-privacidade'

export const COPYRIGHT_YEAR = 2024
