/**
 * The characters a single-line text may not hold (the rule and its reasons: validacao.ts), apart from validacao.ts so
 * that the customer's first load can clean a text by it without zod and the phone plans (docs/decisions/0010).
 */
export const PROIBIDOS_LINHA =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule finds
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2066-\u2069\uFEFF]|\p{Cs}/u

/**
 * A single-line text with every character the rule refuses taken out, by the same class: control characters (line
 * breaks, tabs) and the line separators become a space, the invisible marks (zero-width, bidi, BOM, a lone surrogate) go. What it returns always passes `textoPermitido(v)`: a client that cleans with it (the
 * cart's note for the kitchen) never sends what the server then refuses.
 */
export const semProibidosLinha = (valor: string): string =>
  valor.replace(new RegExp(PROIBIDOS_LINHA.source, 'gu'), (c) => (/[\p{Cc}\u2028\u2029]/u.test(c) ? ' ' : ''))
