import type { NovidadeResumo } from './conteudos.ts'
import { IMAGE_SIZES } from './imagens.ts'
import type { Loja } from './restaurantes.ts'
import { paths } from './routes.ts'

/** The public API reads of the app, one path builder each: the screens' hooks and the pages' first reads use them. */
export const apiReads = {
  novidades: () => '/api/novidades',
  novidade: (tag: string) => `/api/novidades/${encodeURIComponent(tag)}`,
  campanhas: () => '/api/campanhas',
  campanha: (tag: string) => `/api/campanhas/${encodeURIComponent(tag)}`,
  restaurantes: () => '/api/restaurantes',
  restaurante: (tag: string) => `/api/restaurantes/${encodeURIComponent(tag)}`,
  loja: (restaurante: string, loja: string) =>
    `/api/restaurantes/${encodeURIComponent(restaurante)}/lojas/${encodeURIComponent(loja)}`,
  configuracao: () => '/api/configuracao',
  informacaoConsumidor: () => '/api/informacao-consumidor',
}

type Params = Readonly<Record<string, string | undefined>>
type Answers = Readonly<Record<string, unknown>>

export interface PageReads {
  reads: (params: Params) => string[]
  /**
   * The page's first image in the first viewport (its likely Largest Contentful Paint), from the answers, and the
   * `sizes` it shows at: the server names it in the HTML so the phone fetches it with the page, not after the script.
   */
  leadImage?: (answers: Answers) => { url: string | null | undefined; sizes: string } | undefined
}

const firstOf = (answers: Answers, read: string) => (answers[read] as unknown[] | undefined)?.[0]

/**
 * The public reads a page makes as it opens, by route pattern. The browser starts them with the screen's chunk; the
 * server answers them inside the page's HTML (web.ts), so the first screen needs no round trip for its content. Only
 * reads that are the same for every visitor belong here: the HTML is not private.
 */
export const PAGE_READS: Readonly<Record<string, PageReads>> = {
  [paths.home]: {
    reads: () => [apiReads.novidades()],
    leadImage: (answers) => ({
      url: (firstOf(answers, apiReads.novidades()) as NovidadeResumo | undefined)?.image.list,
      sizes: IMAGE_SIZES.card,
    }),
  },
  [paths.novidades]: { reads: () => [apiReads.novidades()] },
  [paths.novidade]: { reads: (p) => [apiReads.novidade(p.novidade ?? '')] },
  [paths.campanhas]: { reads: () => [apiReads.campanhas()] },
  [paths.campanha]: { reads: (p) => [apiReads.campanha(p.campanha ?? '')] },
  [paths.restaurantes]: { reads: () => [apiReads.restaurantes()] },
  [paths.restaurante]: { reads: (p) => [apiReads.restaurante(p.restaurante ?? '')] },
  [paths.loja]: {
    reads: (p) => [apiReads.loja(p.restaurante ?? '', p.loja ?? '')],
    leadImage: (answers) => ({
      url: (Object.values(answers)[0] as Loja | undefined)?.image.main,
      sizes: IMAGE_SIZES.page,
    }),
  },
  [paths.fidelizacao]: { reads: () => [apiReads.configuracao()] },
  [paths.acessibilidade]: { reads: () => [apiReads.informacaoConsumidor()] },
}

// Compiled on the server's first call, not as the module loads: the browser's bundle imports this module for its path
// builders and ids alone, and a top-level computation would keep the whole table in its first load.
let compiled: { re: RegExp; names: string[]; page: PageReads }[] | undefined
const compile = () =>
  Object.entries(PAGE_READS).map(([pattern, page]) => {
    const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1] as string)
    const re = new RegExp(`^${pattern.replace(/\/$/, '').replace(/:\w+/g, '([^/]+)')}/?$`.replace('^/?$', '^/$'))
    return { re, names, page }
  })

/** The reads of the page at a browser path, with its params (null for a page that has none). */
export function pageReadsOf(pathname: string): { page: PageReads; reads: string[] } | null {
  compiled ??= compile()
  for (const { re, names, page } of compiled) {
    const match = re.exec(pathname)
    if (!match) continue
    let params: Record<string, string>
    try {
      params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]))
    } catch {
      return null
    }
    return { page, reads: page.reads(params) }
  }
  return null
}

/**
 * The cookie where the app keeps the id of the store chosen for ordering (as localStorage has it, which the server
 * cannot read): the server puts that store's catalogue, and its lead image, in the ordering pages' HTML (web.ts). A
 * functional first-party cookie: a public store id, nothing about the person (docs/decisions/0010-first-load-budget.md).
 */
export const LOJA_COOKIE = 'balcao_loja'

/** The id of the HTML element that carries a page's first reads: `{ "<api path>": <its data> }`. */
export const PAGE_READS_ELEMENT_ID = 'leituras-da-pagina'

/**
 * The id of the HTML element that carries the visitor's private data (spec §3), as `/api/refresh-private-data`
 * answers it: the guards decide on the first render instead of after a round trip. Such a page is `private, no-store`.
 */
export const PRIVATE_DATA_ELEMENT_ID = 'dados-privados'
