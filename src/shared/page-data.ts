/**
 * What the server puts in a page's HTML for the app (server/platform/web.ts, web/main.tsx): the reads the screen was
 * rendered with and the visitor's private data, each as JSON in an element of its own, and the store chosen for ordering.
 */

/**
 * The cookie where the app keeps the id of the store chosen for ordering (as localStorage has it, which the server
 * cannot read): the server renders that store's catalogue on the ordering pages. A functional first-party cookie: a
 * public store id, nothing about the person (docs/decisions/0010-first-load-budget.md).
 */
export const LOJA_COOKIE = 'balcao_loja'

/** The id of the HTML element that carries the reads the page was rendered with: `{ "<api path>": <its data> }`. */
export const PAGE_READS_ELEMENT_ID = 'leituras-da-pagina'

/**
 * The id of the HTML element that carries the visitor's private data (spec §3), as `/api/refresh-private-data`
 * answers it: the guards decide on the first render as the server did. Such a page is `private, no-store`.
 */
export const PRIVATE_DATA_ELEMENT_ID = 'dados-privados'

/** What the server's render of a page needs from the server (server/platform/web.ts). */
export interface RenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string
  /** The answers to the page's reads (`readsOf`), by API path; a read that did not answer 200 is left out. */
  reads: Record<string, unknown>
  /** The visitor's private data, as `/api/refresh-private-data` answered it, or null when it did not answer. */
  privateData: unknown
}

/** The page rendered by the app itself (web/entry-server.tsx): the markup of `#root`. */
export interface RenderedPage {
  html: string
  /** Where the page sends this visitor instead (a guard), when it needs nothing but the path: an HTTP redirect. */
  redirect?: string
}

/**
 * The server bundle's exports (dist/ssr/entry-server.js): the public API reads a page's route declares, and its render
 * with their answers. Two steps, so that the server can tell two renders of the same inputs apart from their inputs.
 */
export interface ServerRenderer {
  readsOf: (url: string) => Promise<string[]>
  render: (input: RenderInput) => Promise<RenderedPage>
}

/** How the browser's console names an error React recovered from while hydrating (web/main.tsx, e2e/support.ts). */
export const RECOVERABLE_ERROR = 'React recuperou de um erro ao hidratar'
