import { LOJA_COOKIE } from '../../shared/page-data.ts'

/**
 * Tells the server which store is chosen for ordering (localStorage is the app's record; the server cannot read it), so
 * that the ordering pages' HTML carries its catalogue (server/platform/ordering-pages.ts). A public store id and
 * nothing else: first-party and functional (docs/decisions/0010-first-load-budget.md). No store: the cookie goes.
 */
export function guardarLojaNoCookie(idLoja: number | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = `${LOJA_COOKIE}=${idLoja ?? ''};path=/;max-age=${idLoja ? 31536000 : 0};samesite=lax`
}
