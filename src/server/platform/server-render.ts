import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { API_VERSION } from '../../shared/api.ts'
import {
  type LojaEscolhida,
  PAGE_HEADER_ELEMENT_ID,
  PAGE_READS_ELEMENT_ID,
  type ServerRenderer,
  valorLojaCookie,
} from '../../shared/page-data.ts'
import { escapeAttribute, jsonScript } from './html.ts'

/**
 * A customer page as the app rendered it: the markup of its root, the links its screen's files need in the head, its
 * reads for the page, or a guard's redirect.
 */
export interface PageRender {
  html: string
  /** `<link>`s of the screen's style sheets (the HTML is styled as it arrives) and scripts (the hydration's code). */
  head: string
  /** The `<script type="application/json">` of the reads it was rendered with, and of its header ('' for none). */
  readsScript: string
  /** The document's title for the screen, when it set one. */
  title?: string
  redirect?: string
}

/** The visitor's private data as the API answered it: parsed, and the very text (the render's input). */
export interface PrivateDataAnswer {
  data: unknown
  body: string
}

/** How long a render is reused for the same inputs: a store's hours or today's notices move with the clock. */
const REUSE_MS = 60_000
/**
 * Renders kept, for visitors who are not signed in: the public pages of a group. Each holds its reads' answers and, once
 * sent, its page and that page's compressed forms (web.ts): a few hundred kB at most, tens of MB for all of them.
 */
const REUSE_MAX = 300

/** Each screen module's files beyond the shell's, from the build's report (scripts/bundle-report.ts `pages`). */
type PageFiles = Record<string, { scripts: string[]; styles: string[] }>

function readPageFiles(webRoot: string): PageFiles {
  try {
    const report = JSON.parse(readFileSync(join(webRoot, 'bundle-report.json'), 'utf8')) as { pages?: PageFiles }
    return report.pages ?? {}
  } catch {
    return {}
  }
}

/** The head's links for the screen's modules: their style sheets applied, their scripts fetched beside the entry. */
function headLinks(files: PageFiles, modules: string[]): string {
  const safe = (file: string) => /^[\w./-]+$/.test(file)
  const styles = new Set(modules.flatMap((m) => files[m]?.styles ?? []).filter(safe))
  const scripts = new Set(modules.flatMap((m) => files[m]?.scripts ?? []).filter(safe))
  return [
    ...[...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(f)}">`),
    ...[...scripts].map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(f)}">`),
  ].join('')
}

/** A public GET of the API answered in process, as the browser would get it: its body, or undefined unless 200. */
async function readBody(app: FastifyInstance, url: string): Promise<string | undefined> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { accept: 'application/json', 'x-api-version': API_VERSION },
  })
  return response.statusCode === 200 ? response.body : undefined
}

/** A read path the route built from the URL's params, as the API would see it: none with dot segments or a host. */
function isPlainApiPath(path: string): boolean {
  try {
    const url = new URL(path, 'http://localhost')
    return url.origin === 'http://localhost' && `${url.pathname}${url.search}` === path && path.startsWith('/api/')
  } catch {
    return false
  }
}

/**
 * The app's server render of customer pages (web/entry-server.tsx, built to dist/ssr/ beside dist/web/); null without
 * that build (the browser then renders the screen itself), when a render fails (logged; the browser shows what it
 * can), and without the visitor's private data (the guards' answer would differ from the browser's). The bundle is
 * loaded once, on the first page asked for: its chunks import it by its own URL, and a second copy would have React
 * contexts of its own; a rebuild needs a restart. The route's reads start as the private data is asked for.
 *
 * A render is a function of its inputs (the URL, the visitor's private data, the store chosen on the device, the
 * answers to the route's reads), so a
 * render for a visitor who is not signed in (whose private data is the same as every such visitor's) is reused while
 * those inputs are the same, for a minute at most: the pages most asked for cost a few reads, not a render. Only a
 * page's own address (200, no query string: links with tracking parameters or unknown paths would push the others
 * out). A signed-in visitor's page is rendered for them alone and kept nowhere.
 */
export function serverRender(
  webRoot: string,
  app: FastifyInstance,
): <P extends PrivateDataAnswer>(
  url: string,
  status: number,
  loja: LojaEscolhida,
  privateData: Promise<P | null>,
) => Promise<[P | null, PageRender | null]> {
  const file = resolve(webRoot, '..', 'ssr', 'entry-server.js')
  let loaded: Promise<{ ssr: ServerRenderer; files: PageFiles } | null> | undefined
  const load = () => {
    loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<ServerRenderer>).then(
          (ssr) => ({ ssr, files: readPageFiles(webRoot) }),
          (error: unknown) => {
            app.log.error({ err: error, file }, 'the server render could not be loaded: pages are rendered by browsers')
            return null
          },
        )
      : Promise.resolve(null)
    return loaded
  }
  const reused = new Map<string, { at: number; paths: string[]; bodies: (string | undefined)[]; page: PageRender }>()
  const prepare = async (url: string, loja: LojaEscolhida) => {
    const build = await load()
    if (!build) return null
    const { ssr, files } = build
    const [paths, modules] = await Promise.all([
      ssr.readsOf(url, loja).then((all) => all.filter(isPlainApiPath)),
      ssr.modulesOf(url),
    ])
    const bodies = await Promise.all(paths.map((path) => readBody(app, path)))
    return { ssr, paths, bodies, head: headLinks(files, modules) }
  }
  return async (url, status, loja, privateDataAnswer) => {
    const prepared = prepare(url, loja).catch((error: unknown) => {
      app.log.error({ err: error, url }, 'server render failed')
      return null
    })
    const privateData = await privateDataAnswer
    const inputs = await prepared
    if (!inputs || !privateData) return [privateData, null]
    const { ssr, paths, bodies, head } = inputs
    try {
      const user = (privateData.data as { user?: { loggedIn?: unknown } } | undefined)?.user
      // Its reads' answers are compared as they are, not hashed: most of a reused page's cost would be the hashing.
      const key =
        user?.loggedIn === false && status === 200 && !url.includes('?')
          ? `${url}\0${valorLojaCookie(loja)}\0${privateData.body}`
          : null
      const kept = key ? reused.get(key) : undefined
      if (
        key &&
        kept &&
        Date.now() - kept.at < REUSE_MS &&
        kept.paths.length === paths.length &&
        kept.paths.every((path, i) => path === paths[i] && kept.bodies[i] === bodies[i])
      ) {
        // The most asked for stay: the one used last goes to the end, the one unused longest goes first.
        reused.delete(key)
        reused.set(key, kept)
        return [privateData, kept.page]
      }
      const reads = Object.fromEntries(
        paths.flatMap((path, i) => {
          const body = bodies[i]
          return body === undefined ? [] : [[path, (JSON.parse(body) as { data: unknown }).data] as const]
        }),
      )
      const rendered = await ssr.render({ url, reads, privateData: privateData.data, loja })
      const page: PageRender = {
        html: rendered.html,
        head,
        readsScript:
          (Object.keys(reads).length > 0 ? jsonScript(PAGE_READS_ELEMENT_ID, reads) : '') +
          (rendered.header ? jsonScript(PAGE_HEADER_ELEMENT_ID, rendered.header) : ''),
        ...(rendered.title ? { title: rendered.title } : {}),
        ...(rendered.redirect ? { redirect: rendered.redirect } : {}),
      }
      if (key) {
        reused.delete(key)
        reused.set(key, { at: Date.now(), paths, bodies, page })
        if (reused.size > REUSE_MAX) reused.delete(reused.keys().next().value as string)
      }
      return [privateData, page]
    } catch (error) {
      app.log.error({ err: error, url }, 'server render failed')
      return [privateData, null]
    }
  }
}
