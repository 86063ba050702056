import { createContext } from 'react'
import { LOJA_COOKIE, type LojaEscolhida, lerLojaCookie, SEM_LOJA, valorLojaCookie } from '../../shared/page-data.ts'

/**
 * Tells the server which store is chosen for ordering, and the kind of sale (localStorage is the app's record; the
 * server cannot read it), so that it renders the ordering pages with that store's catalogue at those prices
 * (entry-server.tsx). A public store id and nothing else: first-party and functional
 * (docs/decisions/0010-first-load-budget.md). No store: the cookie goes.
 */
export function guardarLojaNoCookie(escolha: LojaEscolhida): void {
  const valor = valorLojaCookie(escolha)
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = `${LOJA_COOKIE}=${valor};path=/;max-age=${valor ? 31536000 : 0};samesite=lax`
}

/** The choice as this page's cookie says it: what the server rendered the page with. */
export function lojaDoCookie(): LojaEscolhida {
  if (typeof document === 'undefined') return SEM_LOJA
  const par = document.cookie.split('; ').find((c) => c.startsWith(`${LOJA_COOKIE}=`))
  return lerLojaCookie(par?.slice(LOJA_COOKIE.length + 1))
}

/**
 * The choice the page was rendered with (the request's cookie on the server, the same cookie in the browser): the
 * ordering screens' first render, on both sides, before the browser reads its own record (features/encomendas/carrinho.ts).
 */
export const LojaDaPaginaContext = createContext<LojaEscolhida>(SEM_LOJA)
