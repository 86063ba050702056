import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { primeiraCategoria } from '../../shared/catalogo-ecra.ts'
import type { Catalogo, LojaEncomenda } from '../../shared/ementa.ts'
import { IMAGE_SIZES, PRODUTO_CARTAO_SIZES } from '../../shared/imagens.ts'
import { esqueletoCatalogo } from './catalogo-esqueleto.ts'
import { type LeadImage, leadImageSkeleton } from './pintura.ts'

/**
 * The ordering screens' first load (decision 0026, docs/decisions/0010-first-load-budget.md): the catalogue and a product
 * show nothing before the chosen store's catalogue and their own chunks. The HTML of those paths names the chunks
 * (`<link rel="modulepreload">`, so they download beside the entry instead of after it has run) and, when the app has
 * told the server which store is chosen (the `LOJA_COOKIE`), carries that store's catalogue and preloads the picture
 * the screen opens on.
 */
export interface OrderingPage {
  /** The modules the screen needs first (relative to src/web), as the build's report names them. */
  modules: string[]
  /** The API reads to answer in the page: the chosen store's catalogue, if known. */
  reads: string[]
  /** The picture the screen opens on, from the catalogue read, and the `sizes` it shows at. */
  leadImage: (
    answers: Readonly<Record<string, unknown>>,
  ) => { url: string | null | undefined; sizes: string } | undefined
  /**
   * What the HTML paints of the screen before the app runs (web.ts), from the reads and the lead picture found in
   * them: the product's photo under the header at the page's width (`.app-skeleton-lead-foto`); the catalogue's top
   * down to its first row (catalogo-esqueleto.ts). Empty when there is nothing to paint.
   */
  paint: (answers: Readonly<Record<string, unknown>>, lead: LeadImage | undefined) => string
}

const CATALOGO = /^\/catalogo\/?$/
const PRODUTO = /^\/catalogo\/([^/]+)\/([^/]+)\/?$/

/** A store id as the app writes it in the cookie: a positive integer, nothing else. */
function lojaDe(cookie: string | undefined): number | null {
  if (!cookie || !/^[1-9]\d{0,9}$/.test(cookie)) return null
  const id = Number(cookie)
  return Number.isSafeInteger(id) ? id : null
}

export function orderingPage(path: string, lojaCookie: string | undefined): OrderingPage | null {
  const produto = PRODUTO.exec(path)
  if (!CATALOGO.test(path) && !produto) return null
  const loja = lojaDe(lojaCookie)
  const read = loja === null ? null : `/api/catalogo/${loja}`
  const lojas = '/api/lojas-encomenda'
  const catalogoDe = (answers: Readonly<Record<string, unknown>>) =>
    read ? (answers[read] as Catalogo | undefined) : undefined
  const escolhidaDe = (answers: Readonly<Record<string, unknown>>) =>
    (answers[lojas] as LojaEncomenda[] | undefined)?.find((l) => l.id_loja === loja)
  /**
   * The catalogue the screen will show: not that of a store gone from the stores' list, for which the screen asks for
   * another one (its modal), so that nothing of it is preloaded or painted.
   */
  const catalogoAMostrar = (answers: Readonly<Record<string, unknown>>) =>
    answers[lojas] && !escolhidaDe(answers) ? undefined : catalogoDe(answers)
  if (produto) {
    let ids: [string, string]
    try {
      ids = [decodeURIComponent(produto[1] ?? ''), decodeURIComponent(produto[2] ?? '')]
    } catch {
      return null
    }
    return {
      modules: ['features/encomendas/ProdutoPage.tsx', 'features/encomendas/Produto.tsx'],
      reads: read ? [read] : [],
      paint: (_, lead) => leadImageSkeleton(lead, 'app-skeleton-lead app-skeleton-lead-foto'),
      leadImage: (answers) => {
        const categoria = catalogoDe(answers)?.categorias.find((c) => c.id === ids[0])
        const item = categoria?.produtos.find((p) => p.id === ids[1])
        return item?.imagem ? { url: item.imagem, sizes: IMAGE_SIZES.page } : undefined
      },
    }
  }
  return {
    modules: ['features/encomendas/CatalogoPage.tsx', 'features/encomendas/CatalogoLista.tsx'],
    // The stores too: the screen names the chosen one, and says when it is closed, on its first render.
    reads: read ? [read, lojas] : [],
    // The first category's first product: the card the list gives `priority` (CatalogoLista.tsx), with no filter on.
    leadImage: (answers) => {
      const primeiro = primeiraCategoria(catalogoAMostrar(answers)?.categorias ?? [])?.produtos[0]
      return primeiro?.imagem ? { url: primeiro.imagem, sizes: PRODUTO_CARTAO_SIZES } : undefined
    },
    paint: (answers) => {
      const catalogo = catalogoAMostrar(answers)
      return catalogo ? esqueletoCatalogo(catalogo, escolhidaDe(answers)) : ''
    },
  }
}

/** The build's report of each lazily loaded module's files (scripts/bundle-report.ts), or none without a build. */
export function readModuleFiles(distRoot: string): Record<string, string[]> {
  const file = join(distRoot, 'bundle-report.json')
  if (!existsSync(file)) return {}
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { modules?: Record<string, string[]> }
    return report.modules ?? {}
  } catch {
    return {}
  }
}

/** The modules' files, as the app's own imports will ask for them: their scripts and their style sheets. */
export function moduleAssets(
  files: Record<string, string[]>,
  modules: string[],
): { scripts: string[]; styles: string[] } {
  const all = [...new Set(modules.flatMap((m) => files[m] ?? []))]
    .filter((f) => /^[\w./-]+$/.test(f))
    .map((f) => `/${f}`)
  return { scripts: all.filter((f) => !f.endsWith('.css')), styles: all.filter((f) => f.endsWith('.css')) }
}

/** `<link>`s that fetch the modules' style sheets now. */
function stylePreloads(styles: string[]): string {
  return styles.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`).join('')
}

/** The modules' style sheets, applied now: the HTML paints the screen with them (web.ts). */
export function styleSheets(styles: string[]): string {
  return styles.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`).join('')
}

/** `<link>`s that fetch the modules' scripts and style sheets now, as the app's own imports will ask for them. */
export function modulePreloads({ scripts, styles }: { scripts: string[]; styles: string[] }): string {
  return scripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('') + stylePreloads(styles)
}
