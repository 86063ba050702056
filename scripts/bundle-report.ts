import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Logger, Plugin } from 'vite'

/**
 * The JavaScript a phone downloads before any customer screen shows, compressed as served: React 19's runtime and what
 * the screen needs on top, no more (docs/decisions/0010-first-load-budget.md).
 */
export const FIRST_LOAD_BUDGET_BYTES = 115_000

/** Where the report lands in the build output, for the budget check of `npm test` (e2e/budgets.spec.ts). */
export const BUNDLE_REPORT_FILE = 'bundle-report.json'

export interface RouteFirstLoad {
  /** The screen's module, relative to src/web (one module may serve several paths); `main.tsx` is the entry alone. */
  screen: string
  bytes: number
  files: string[]
}

/** What the server names in the page of a screen it rendered (server/platform/server-render.ts), beyond the shell's. */
export interface PageAssets {
  /** The screen's chunk and what it imports statically: fetched beside the entry, the hydration's code. */
  scripts: string[]
  /** The style sheets its screen may show with, its parts' (dynamic imports) included: the HTML is styled as it comes. */
  styles: string[]
}

export interface BundleReport {
  budgetBytes: number
  screens: RouteFirstLoad[]
  /** Each customer screen's module (relative to src/web), as the server's render names it (entry-server.tsx). */
  pages: Record<string, PageAssets>
}

/** Customer screens: every lazily loaded `*Page` module outside the staff pages (which have their own entry). */
const CUSTOMER_SCREEN = /\/src\/web\/features\/(?!painel\/|admin\/)[^/]+\/[A-Z]\w*Page\.tsx$/

interface ChunkInfo {
  fileName: string
  code: string
  imports: string[]
  dynamicImports: string[]
  isEntry: boolean
  facadeModuleId: string | null
  viteMetadata?: { importedCss: Set<string> }
}

/**
 * Prints, after every build, the first-load JavaScript of each customer screen: the entry chunk and its static imports
 * plus the screen's own chunk and its static imports, each gzipped — and writes it to dist/web/bundle-report.json.
 * Measured from the real output, not estimated.
 */
export function bundleReport(): Plugin {
  let outDir = ''
  let logger: Logger | undefined
  return {
    name: 'balcao-bundle-report',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      logger = config.logger
    },
    writeBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>()
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output)
      }
      const gzipped = new Map<string, number>()
      const sizeOf = (file: string) => {
        let size = gzipped.get(file)
        if (size === undefined) {
          size = gzipSync(chunks.get(file)?.code ?? '').length
          gzipped.set(file, size)
        }
        return size
      }
      const closure = (start: string[], into = new Set<string>(), dynamic = false) => {
        const stack = [...start]
        while (stack.length > 0) {
          const file = stack.pop() as string
          if (into.has(file)) continue
          into.add(file)
          const chunk = chunks.get(file)
          stack.push(...(chunk?.imports ?? []), ...(dynamic ? (chunk?.dynamicImports ?? []) : []))
        }
        return into
      }
      const stylesOf = (files: Iterable<string>) =>
        new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]))
      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName)
      const shell = [...closure(entries)].sort()
      // The entry alone: the shell, and the screens it carries itself (router.tsx's firstScreen).
      const screens: RouteFirstLoad[] = [
        { screen: 'main.tsx', bytes: shell.reduce((sum, file) => sum + sizeOf(file), 0), files: shell },
      ]
      for (const chunk of chunks.values()) {
        if (!chunk.facadeModuleId || !CUSTOMER_SCREEN.test(chunk.facadeModuleId)) continue
        const files = [...closure([chunk.fileName], closure(entries))].sort()
        screens.push({
          screen: chunk.facadeModuleId.slice(chunk.facadeModuleId.indexOf('/src/web/') + '/src/web/'.length),
          bytes: files.reduce((sum, file) => sum + sizeOf(file), 0),
          files,
        })
      }
      screens.sort((a, b) => b.bytes - a.bytes)
      const pages: Record<string, PageAssets> = {}
      const inShell = new Set(shell)
      const shellStyles = stylesOf(shell)
      for (const chunk of chunks.values()) {
        if (!chunk.facadeModuleId || !CUSTOMER_SCREEN.test(chunk.facadeModuleId)) continue
        // Not through the shell, whose router imports every screen.
        const reached = [...closure([chunk.fileName], new Set(shell), true)].filter((file) => !inShell.has(file))
        pages[chunk.facadeModuleId.slice(chunk.facadeModuleId.indexOf('/src/web/') + '/src/web/'.length)] = {
          scripts: [...closure([chunk.fileName])].filter((file) => !inShell.has(file)).sort(),
          styles: [...stylesOf(reached)].filter((file) => !shellStyles.has(file)).sort(),
        }
      }
      const report: BundleReport = { budgetBytes: FIRST_LOAD_BUDGET_BYTES, screens, pages }
      writeFileSync(resolve(outDir, BUNDLE_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`)
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
      const lines = screens.map(
        (s) => `  ${s.bytes > FIRST_LOAD_BUDGET_BYTES ? '✖' : '✔'} ${kb(s.bytes).padStart(9)}  ${s.screen}`,
      )
      logger?.info(
        `\nfirst-load JS per customer screen (gzip; budget ${kb(FIRST_LOAD_BUDGET_BYTES)}):\n${lines.join('\n')}`,
      )
    },
  }
}
