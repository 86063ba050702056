import { escapeHtml } from '../../platform/html.ts'

/** The composer's text (plain, paragraphs by blank lines) as the app's notification HTML. */
export const textoParaHtml = (texto: string) =>
  texto
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
