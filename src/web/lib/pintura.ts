import { PINTURA_SELECTOR } from '../../shared/pintura.ts'

/**
 * The server's paint of the screen (server/platform/catalogo-esqueleto.ts, its lead picture), taken out of the page
 * for good once the screen shows its own, or will not, or is left: styles.css keeps the ordering screens' paint (the
 * catalogue's top, a product's photo) over the app's loading states, and a later loading state on another screen must
 * not bring it back. Called from the screens' layout effects (no hook of its own: a React import in this shared chunk
 * costs the catalogue's first load 87 bytes it has not got).
 */
export function tirarPintura(): void {
  for (const e of document.querySelectorAll(PINTURA_SELECTOR)) e.remove()
}
