import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ADMIN_API_PREFIX, isAdminPagePath } from '../../shared/admin.ts'
import { API_VERSION } from '../../shared/api.ts'
import { documentTitle, LOJA_COOKIE, lerLojaCookie, PRIVATE_DATA_ELEMENT_ID } from '../../shared/page-data.ts'
import { isKnownPagePath } from '../../shared/routes.ts'
import { Representation, replyWithRepresentation } from './cached-reply.ts'
import { errorBody, frameworkMessages } from './errors.ts'
import { escapeHtml, jsonScript } from './html.ts'
import { type PageRender, serverRender } from './server-render.ts'
import { STAFF_API_PREFIX } from './staff-surface.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
/** A page that carries the visitor's private data: never stored, by the browser or anything on the way. */
const PRIVATE_PAGE = 'private, no-store'

/** The staff pages (STORE-API.md "Staff pages"), where the till reads QR codes with a WebAssembly decoder. */
const STAFF_PAGES = /^\/painel(\/|$)/
/** The back-office's pages (`/admin`): a staff session of their own, never the customer's private data. */
const ADMIN_PAGES = /^\/admin(\/|$)/
const WASM = "'wasm-unsafe-eval'"

/**
 * The page's CSP as helmet set it, with WebAssembly allowed on the staff pages only (`'wasm-unsafe-eval'` compiles
 * WebAssembly and nothing else: JavaScript still cannot be evaluated); the customer app keeps its strict policy. All of
 * them: a document keeps its first page's policy while the app navigates, and the tablet opens at /painel/entrar.
 */
function allowWasmOnStaffPages(reply: FastifyReply, path: string) {
  const csp = reply.getHeader('content-security-policy')
  if (!STAFF_PAGES.test(path) || typeof csp !== 'string') return
  const directives = csp.split(';').map((d) => (/^\s*script-src\s/.test(d) && !d.includes(WASM) ? `${d} ${WASM}` : d))
  reply.header('content-security-policy', directives.join(';'))
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the app's HTML for every
 * page path (404 for paths that are no page, so crawlers and monitors see the truth; the app still shows its page).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, production: boolean): Promise<void> {
  const root = resolve(distDir)
  const indexFile = join(root, 'index.html')
  const hasWeb = existsSync(indexFile)
  // Production serves one build for its whole life; elsewhere a rebuild under a running server must not leave it
  // pointing at deleted chunks.
  const cached = hasWeb ? readFileSync(indexFile, 'utf8') : ''
  const indexHtml = () => (production || !existsSync(indexFile) ? cached : readFileSync(indexFile, 'utf8'))

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      cacheControl: false,
      wildcard: true,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.startsWith(join(root, 'assets')) ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  const render = serverRender(root, app)
  /** Each render's page as sent: held as long as the render is (a reused render lives in server-render.ts). */
  const pagesSent = new WeakMap<PageRender, { index: string; privateScript: string; representation: Representation }>()

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, status: number, path: string) => {
    allowWasmOnStaffPages(reply, path)
    const customerPage = request.method === 'GET' && !STAFF_PAGES.test(path) && !ADMIN_PAGES.test(path)
    if (!customerPage) {
      return reply.status(status).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(indexHtml())
    }
    const privateDataAnswer = answerPrivateData(app, request, reply)
    // The app's own render of the page, with the reads its route declares (entry-server.tsx).
    const loja = lerLojaCookie(request.cookies?.[LOJA_COOKIE])
    const [privateData, rendered] = await render(request.url, status, loja, privateDataAnswer)
    if (rendered?.redirect && status === 200) {
      return reply.header('cache-control', PRIVATE_PAGE).redirect(rendered.redirect, 302)
    }
    // A page rendered with the visitor's data (their session, their name, their store) is theirs alone.
    reply.status(status).header('cache-control', privateData ? PRIVATE_PAGE : REVALIDATE)
    const index = indexHtml()
    const privateScript = privateData?.script ?? ''
    if (!rendered) {
      return reply.type('text/html; charset=utf-8').send(withPageData(withRoot(index, ''), '', privateScript))
    }
    // A render reused for the next visitor (server-render.ts) is sent as its first visitor got it, compressed once:
    // what it costs is the reads that say it is still true, not building and compressing tens of kB again. A page
    // rendered for one visitor alone (signed in) is compressed for them (brotli at quality 4, about a millisecond).
    let page = pagesSent.get(rendered)
    if (!page || page.index !== index || page.privateScript !== privateScript) {
      const html = withPageData(
        withTitle(withRoot(index, rendered.html), rendered.title),
        rendered.head,
        `${rendered.readsScript}${privateScript}`,
      )
      page = { index, privateScript, representation: new Representation(Buffer.from(html)) }
      pagesSent.set(rendered, page)
    }
    replyWithRepresentation(reply, page.representation, 'text/html; charset=utf-8')
    return reply
  }

  // The root is a page, not the static directory listing.
  if (hasWeb) app.get('/', (request, reply) => sendApp(request, reply, 200, '/'))

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (
      path.startsWith('/api/') ||
      path.startsWith(STAFF_API_PREFIX) ||
      path.startsWith(`${ADMIN_API_PREFIX}/`) ||
      !['GET', 'HEAD'].includes(request.method) ||
      !hasWeb
    ) {
      return reply.status(404).send(errorBody('Não encontrado', frameworkMessages.notFound))
    }
    return sendApp(request, reply, isKnownPagePath(path) || isAdminPagePath(path) ? 200 : 404, path)
  })
}

/** The app's HTML with `head` before `</head>` and `body` (the page's data) before `</body>`. */
export function withPageData(html: string, head: string, body: string): string {
  // Replacer function: a `$&` in the content is text, not a replacement pattern. The page's own `</body>` is its
  // last: the rendered root, whatever it says, comes before it.
  const withHead = html.replace('</head>', () => `${head}</head>`)
  const end = withHead.lastIndexOf('</body>')
  return end < 0 ? withHead : `${withHead.slice(0, end)}${body}${withHead.slice(end)}`
}

/** The app's HTML with the screen's document title, as the app sets it once running (ui/header.tsx). */
export function withTitle(html: string, title: string | undefined): string {
  if (!title) return html
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`)
}

/** The app's HTML with the server's render of the screen inside its root element. */
export function withRoot(html: string, rendered: string): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered}</div>`)
}

/**
 * The visitor's private data, as the app's first call would get it, carried in the page: the guards (onboarding seen,
 * logged in) decide on the first render. A cookie the call sets (none today) would go out with the page.
 */
async function answerPrivateData(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ script: string; data: unknown; body: string } | null> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/refresh-private-data',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-api-version': API_VERSION,
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
    payload: JSON.stringify({ value: true }),
  })
  if (response.statusCode !== 200) return null
  const setCookie = response.headers['set-cookie']
  if (setCookie) reply.header('set-cookie', setCookie)
  const { data } = response.json() as { data: unknown }
  return { script: jsonScript(PRIVATE_DATA_ELEMENT_ID, data), data, body: response.body }
}
