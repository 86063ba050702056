/**
 * The server's paint of a screen before the app runs (server/platform/pintura.ts, catalogo-esqueleto.ts): its
 * elements, which the app takes out of the page once its screen is in (web/lib/pintura.ts), and the inline starter on
 * the first tap or step back (server/platform/arranque.ts).
 */
export const PINTURA_SELECTOR = '.app-skeleton-ecra, .app-skeleton-lead'
