import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Catalogo } from '../../shared/ementa.ts'
import { IMAGE_SIZES, PRODUTO_CARTAO_SIZES } from '../../shared/imagens.ts'

/**
 * The ordering screens' first load (issue 22, docs/decisions/0010-first-load-budget.md): the catalogue and a product
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
   * The class that paints that picture from the HTML (web.ts's skeleton) where the screen will show it, if it can be
   * known without the app: the product's photo, under the header at the page's width (`.app-skeleton-lead-foto`).
   * Not the catalogue's first card, whose place depends on the store's notice and the filters above it.
   */
  skeleton?: string
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
  const catalogoDe = (answers: Readonly<Record<string, unknown>>) =>
    read ? (answers[read] as Catalogo | undefined) : undefined
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
      skeleton: 'app-skeleton-lead app-skeleton-lead-foto',
      leadImage: (answers) => {
        const categoria = catalogoDe(answers)?.categorias.find((c) => c.id === ids[0])
        const item = categoria?.produtos.find((p) => p.id === ids[1])
        return item?.imagem ? { url: item.imagem, sizes: IMAGE_SIZES.page } : undefined
      },
    }
  }
  return {
    modules: ['features/encomendas/CatalogoPage.tsx', 'features/encomendas/CatalogoLista.tsx'],
    reads: read ? [read] : [],
    // The first category's first product: the card the list gives `priority` (CatalogoLista.tsx), with no filter on.
    leadImage: (answers) => {
      const primeiro = catalogoDe(answers)?.categorias.find((c) => c.produtos.length > 0)?.produtos[0]
      return primeiro?.imagem ? { url: primeiro.imagem, sizes: PRODUTO_CARTAO_SIZES } : undefined
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

/** `<link>`s that fetch the modules' scripts and style sheets now, as the app's own imports will ask for them. */
export function modulePreloads(files: Record<string, string[]>, modules: string[]): string {
  const all = [...new Set(modules.flatMap((m) => files[m] ?? []))].filter((f) => /^[\w./-]+$/.test(f))
  return all
    .map((f) =>
      f.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${f}">`
        : `<link rel="modulepreload" crossorigin href="/${f}">`,
    )
    .join('')
}
