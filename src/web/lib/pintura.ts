/**
 * The server's paint of the screen (server/platform/catalogo-esqueleto.ts, web.ts's lead picture), taken out of the
 * page for good once the screen shows its own, or will not, or is left: styles.css keeps the ordering screens' paint
 * (the catalogue's top, a product's photo) over the app's loading states, and a later loading state on another screen
 * must not bring it back.
 */
export function tirarPintura(): void {
  for (const e of document.querySelectorAll('.app-skeleton-ecra, .app-skeleton-lead')) e.remove()
}
