/**
 * What the server puts in a page's HTML for the app (server/platform/web.ts, web/main.tsx): the reads the screen was
 * rendered with and the visitor's private data, each as JSON in an element of its own, and the store chosen for ordering.
 */

/**
 * The cookie where the app keeps the store chosen for ordering and the kind of sale (as localStorage has them, which
 * the server cannot read): `12` to take away, `12.1` to eat in. The server renders that store's catalogue at those
 * prices on the ordering pages. A functional first-party cookie: a public store id, nothing about the person
 * (docs/decisions/0010-first-load-budget.md).
 */
export const LOJA_COOKIE = 'balcao_loja'

/** The store chosen for ordering on this device and the kind of sale (0 take away, 1 eat in), as the cookie says. */
export interface LojaEscolhida {
  id_loja: number | null
  id_tipo_entrega: 0 | 1
}

export const SEM_LOJA: LojaEscolhida = { id_loja: null, id_tipo_entrega: 0 }

/** The cookie's value for a choice ('' when there is no store). */
export const valorLojaCookie = ({ id_loja, id_tipo_entrega }: LojaEscolhida): string =>
  id_loja === null ? '' : id_tipo_entrega === 1 ? `${id_loja}.1` : String(id_loja)

/** The choice a cookie's value says; anything else (a hand edit, an older shape) is no store. */
export function lerLojaCookie(value: string | undefined): LojaEscolhida {
  const match = /^([1-9]\d{0,9})(?:\.([01]))?$/.exec(value ?? '')
  if (!match) return SEM_LOJA
  const id = Number(match[1])
  return Number.isSafeInteger(id) ? { id_loja: id, id_tipo_entrega: match[2] === '1' ? 1 : 0 } : SEM_LOJA
}

/** The id of the HTML element that carries the reads the page was rendered with: `{ "<api path>": <its data> }`. */
export const PAGE_READS_ELEMENT_ID = 'leituras-da-pagina'

/**
 * The id of the HTML element that carries the visitor's private data (spec §3), as `/api/refresh-private-data`
 * answers it: the guards decide on the first render as the server did. Such a page is `private, no-store`.
 */
export const PRIVATE_DATA_ELEMENT_ID = 'dados-privados'

/** The id of the HTML element that carries the header the page was rendered with (`PageHeader`). */
export const PAGE_HEADER_ELEMENT_ID = 'cabecalho-da-pagina'

/** What a screen shows in the app's header: its title, and where "back" goes (none on top-level screens). */
export interface PageHeader {
  title: string
  back?: string
}

/** The app's name: the header's title until a screen sets its own. */
export const APP_NAME = 'Balcão'

/** The document's title for a screen's title. */
export const documentTitle = (title: string): string => (title === APP_NAME ? APP_NAME : `${title} · ${APP_NAME}`)

/** What the server's render of a page needs from the server (server/platform/web.ts). */
export interface RenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string
  /** The answers to the page's reads (`readsOf`), by API path; a read that did not answer 200 is left out. */
  reads: Record<string, unknown>
  /** The visitor's private data, as `/api/refresh-private-data` answered it, or null when it did not answer. */
  privateData: unknown
  /** The store chosen for ordering, from the request's cookie. */
  loja: LojaEscolhida
}

/** The page rendered by the app itself (web/entry-server.tsx): the markup of `#root`. */
export interface RenderedPage {
  html: string
  /** Where the page sends this visitor instead (a guard), when it needs nothing but the path: an HTTP redirect. */
  redirect?: string
  /** The header the screen set as it rendered (absent: the app's name), and the document's title. */
  header?: PageHeader
  title?: string
}

/**
 * The server bundle's exports (dist/ssr/entry-server.js): the public API reads a page's route declares, and its render
 * with their answers. Two steps, so that the server can tell two renders of the same inputs apart from their inputs.
 */
export interface ServerRenderer {
  readsOf: (url: string, loja: LojaEscolhida) => Promise<string[]>
  /** The modules of the page's screen (relative to src/web): the server names their scripts and styles in the page. */
  modulesOf: (url: string) => Promise<string[]>
  render: (input: RenderInput) => Promise<RenderedPage>
}

/** How the browser's console names an error React recovered from while hydrating (web/main.tsx, e2e/support.ts). */
export const RECOVERABLE_ERROR = 'React recuperou de um erro ao hidratar'
